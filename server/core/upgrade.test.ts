// An upgrade from the 2026-11-23 release with a real server process, on SQLite and (npm run test:pg)
// PostgreSQL: the server listens before it migrates (/healthz 200, /readyz 503 "migrating", pages and
// the API say the site is being updated), logs each migration with its duration, keeps what it
// finished when stopped half-way, and the check-in migration gives every booking its own code. The
// data here is small; the 100,000-booking timings are scripts/bench/upgrade.ts's (docs/upgrading.md).
// @module-tag postgres
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import SQLite from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase } from '@db/database';
import { MIGRATION_NAMES } from '@db/migrate';
import { assertPlainIdentifier, openPostgres } from '@db/postgres';
import { APP_VERSION } from '@server/core/version';
import { ensureBuilt } from '@scripts/build.mjs';
import { buildTurnTwoSite, TURN_TWO_LAST_MIGRATION } from '@scripts/bench/turn-two-site';
import { databaseUrl, onPostgres, testPostgresUrl } from '@tests/support/postgres-env';
import { freePort, logOf, type Running, startServer, stopProcesses } from '@tests/support/server-process';

/** Kysely's migration lock on PostgreSQL (a session advisory lock): held here, it stops the server at its first migration. */
const KYSELY_MIGRATION_LOCK = '3853314791062309107';
const PENDING = MIGRATION_NAMES.slice(MIGRATION_NAMES.indexOf(TURN_TWO_LAST_MIGRATION) + 1);
const BOOKINGS = 40;

let dataDir: string;

beforeAll(async () => {
  await ensureBuilt({ log: () => undefined });
}, 180_000);

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-upgrade-'));
});

afterEach(() => {
  stopProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The upgrade's lines of the log, in order: the announcement, one per migration with its duration, the summary. */
function expectUpgradeLines(output: string, names: readonly string[]): void {
  const lines = logOf(output);
  const first = lines.indexOf(
    `info Updating the database: ${names.length} migrations to run (${names[0]} to ${names.at(-1)}); the site answers 503 "being updated" until they are done.`,
  );
  expect(first, output).toBeGreaterThanOrEqual(0);
  names.forEach((name, index) => {
    expect(lines[first + 1 + index]).toMatch(new RegExp(`^info Migration ${name} done in \\d+\\.\\d+ s \\(${index + 1} of ${names.length}\\)\\.$`));
  });
  expect(lines[first + 1 + names.length]).toMatch(new RegExp(`^info Database updated: ${names.length} migrations in \\d+\\.\\d+ s\\.$`));
}

function expectCheckInCodes(codes: (string | null)[]): void {
  expect(codes).toHaveLength(BOOKINGS);
  for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ23456789]{10}$/);
  expect(new Set(codes).size).toBe(BOOKINGS);
}

async function stop(site: Running): Promise<void> {
  site.child.kill('SIGTERM');
  expect(await site.exited).toBe(0);
}

describe.skipIf(onPostgres())('upgrading a SQLite site of the 2026-11-23 release', () => {
  it('logs each migration with its duration, then serves; every booking has its own check-in code', async () => {
    const { db } = openDatabase(databaseFile(dataDir));
    await buildTurnTwoSite(db, BOOKINGS);
    await db.destroy();
    const port = await freePort();
    const site = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await site.waitFor('Site running at');
    expectUpgradeLines(site.output(), PENDING);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    await stop(site);

    const file = new SQLite(databaseFile(dataDir), { readonly: true });
    expectCheckInCodes((file.prepare('select check_in_code as code from bookings').all() as { code: string | null }[]).map((row) => row.code));
    file.close();

    // Up to date: the next start says nothing about migrations.
    const again = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await again.waitFor('Site running at');
    expect(again.output()).not.toContain('Updating the database');
    await stop(again);
  }, 120_000);
});

describe.runIf(onPostgres())('upgrading a PostgreSQL site of the 2026-11-23 release', () => {
  let admin: pg.Client;
  let name: string;
  let url: string;

  beforeEach(async () => {
    const server = testPostgresUrl();
    if (server === undefined) throw new Error('no PostgreSQL');
    admin = new pg.Client({ connectionString: server });
    await admin.connect();
    name = assertPlainIdentifier(`site_upgrade_${crypto.randomBytes(4).toString('hex')}`);
    await admin.query(`create database ${name}`);
    url = databaseUrl(server, name);
    const { db } = openPostgres(url);
    await buildTurnTwoSite(db, BOOKINGS);
    await db.destroy();
  });

  afterEach(async () => {
    stopProcesses();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('answers /healthz 200, /readyz 503 "migrating" and an updating page while it migrates; a SIGTERM keeps the migrations done', async () => {
    // Another instance migrating, as far as this one can tell: it waits for Kysely's lock.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const site = startServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: url });
    await site.waitFor(`Updating the database: ${PENDING.length} migrations to run`);

    expect(await (await fetch(`${origin}/healthz`)).json()).toEqual({ status: 'ok', version: APP_VERSION });
    const ready = await fetch(`${origin}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'migrating',
      checks: { migrations: { ok: false, error: `updating the database: 0 of ${PENDING.length} migrations done` } },
    });
    const page = await fetch(`${origin}/events/abc`);
    expect(page.status).toBe(503);
    expect(page.headers.get('retry-after')).toBe('30');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>This site is being updated</h1><p>It will be back in a minute or two; this page reloads by itself.</p>');
    expect(await (await fetch(`${origin}/fr/`)).text()).toContain('<h1>Ce site est en cours de mise à jour</h1>');
    const api = await fetch(`${origin}/api/trpc/contacts.submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ error: { message: 'The site is being updated. Please try again in a minute.' } });

    // Stopped while it waits: the migration it starts is finished and kept, no other starts.
    site.child.kill('SIGTERM');
    await site.waitFor('SIGTERM received while starting');
    await other.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
    await other.end();
    expect(await site.exited).toBe(0);
    const log = logOf(site.output()).join('\n');
    expect(log).toMatch(new RegExp(`^info Migration ${PENDING[0]} done in \\d+\\.\\d+ s \\(1 of ${PENDING.length}\\)\\.$`, 'm'));
    expect(log).toMatch(new RegExp(`^info Stopped after 1 of ${PENDING.length} migrations \\(\\d+\\.\\d+ s\\); the next start runs the rest\\.$`, 'm'));

    // The next start goes on from there, then serves.
    const again = startServer({ PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: url });
    await again.waitFor('Site running at');
    expectUpgradeLines(again.output(), PENDING.slice(1));
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
    await stop(again);

    const { db } = openPostgres(url);
    try {
      const codes = await sql<{ code: string | null }>`select check_in_code as code from bookings`.execute(db);
      expectCheckInCodes(codes.rows.map((row) => row.code));
      const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(ran.rows.map((row) => row.name)).toEqual([...MIGRATION_NAMES].sort());
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
