// One process per SQLite data folder, with real processes: a second server on the folder is refused
// with one line naming the first (which keeps serving and keeps its server.pid), so is db:restore;
// db:backup copies beside a server of its own release and is refused beside another's; after kill -9
// of the first the OS has dropped its lock and a new server starts. The port is checked before the
// database is touched, and db:backup never migrates. (PostgreSQL's instances share the folder: no lock.)
// @module-tag postgres
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import SQLite from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase } from '@db/database';
import { DataFolderLocked, HOLDER_FILE, lockDataFolder, lockDataFolderWaitingForBackup, THIS_RELEASE } from '@db/folder-lock';
import { MIGRATION_NAMES } from '@db/migrate';
import { ensureBuilt } from '@scripts/build.mjs';
import { buildTurnTwoSite, TURN_TWO_LAST_MIGRATION } from '@scripts/bench/turn-two-site';
import { onPostgres } from '@tests/support/postgres-env';
import { freePort, linesOf, logOf, runScript, runTypeScript, startServer, stopProcesses } from '@tests/support/server-process';

let dataDir: string;

beforeAll(async () => {
  await ensureBuilt({ log: () => undefined });
}, 180_000);

beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'site-folder-')), 'data');
});

afterEach(() => {
  stopProcesses();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

function serverPidFile(): { pid: number; port?: number; startedAt: string; kind: string; release?: string } {
  return JSON.parse(fs.readFileSync(path.join(dataDir, HOLDER_FILE), 'utf8')) as never;
}

function migrationsOf(file: string): string[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return (db.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map((row) => row.name);
  } finally {
    db.close();
  }
}

/** A database of the 2026-11-23 release with a few bookings, in the test's data folder. */
async function turnTwoSite(): Promise<string[]> {
  const { db } = openDatabase(databaseFile(dataDir));
  await buildTurnTwoSite(db, 30);
  await db.destroy();
  return migrationsOf(databaseFile(dataDir));
}

function holdAsServer(port: number, release?: string) {
  return runTypeScript('tests/support/hold-folder.ts', [dataDir, String(port), ...(release === undefined ? [] : [release])], {});
}

describe.skipIf(onPostgres())('one process per SQLite data folder', () => {
  it('refuses a second server and a restore while the first runs; after kill -9 of the first a new one starts', async () => {
    const [first, second] = [await freePort(), await freePort()];
    const a = startServer({ PORT: String(first), DATA_DIR: dataDir });
    await a.waitFor('Site running at');
    const holder = serverPidFile();
    expect(holder).toEqual({ pid: a.child.pid, kind: 'server', port: first, startedAt: expect.any(String), release: THIS_RELEASE });

    const b = startServer({ PORT: String(second), DATA_DIR: dataDir });
    expect(await b.exited).toBe(1);
    expect(logOf(b.output())).toEqual([
      `fatal Another server is running on ${dataDir} (process ${a.child.pid}, port ${first}, since ${holder.startedAt}): stop it first, or set DATA_DIR to another folder ` +
        '(one process serves a SQLite data folder; several instances need PostgreSQL).',
    ]);
    // The first keeps serving, and its description of itself stays.
    expect((await fetch(`http://127.0.0.1:${first}/readyz`)).status).toBe(200);
    expect(serverPidFile().pid).toBe(a.child.pid);

    // A backup of the same release copies beside it; a restore is refused.
    const backup = runScript('backup.ts', [], { DATA_DIR: dataDir });
    expect(await backup.exited).toBe(0);
    const folder = /Backup written to (\S+) /.exec(backup.output())?.[1] ?? '';
    const refused = runScript('restore.ts', [folder], { DATA_DIR: dataDir });
    expect(await refused.exited).toBe(1);
    expect(linesOf(refused.output())).toEqual([
      `A server is running on ${dataDir} (process ${a.child.pid}, port ${first}, since ${holder.startedAt}): stop it first, then run the restore again.`,
    ]);

    // kill -9: no clean shutdown, server.pid left behind; the OS dropped the lock with the process.
    a.child.kill('SIGKILL');
    await a.exited;
    expect(serverPidFile().pid).toBe(a.child.pid);
    const c = startServer({ PORT: String(second), DATA_DIR: dataDir });
    await c.waitFor('Site running at');
    expect(serverPidFile()).toMatchObject({ pid: c.child.pid, port: second });
    c.child.kill('SIGTERM');
    expect(await c.exited).toBe(0);
    // A clean stop removes the description; the folder is free for the restore.
    expect(fs.existsSync(path.join(dataDir, HOLDER_FILE))).toBe(false);
    const restored = runScript('restore.ts', [folder, '--keep-sending'], { DATA_DIR: dataDir });
    expect(await restored.exited).toBe(0);
  }, 120_000);

  it('checks the port before it touches the database: a start that cannot listen migrates nothing', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const before = await turnTwoSite();
    expect(before.at(-1)).toBe(TURN_TWO_LAST_MIGRATION);
    const port = await freePort();
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const site = startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await site.exited).toBe(1);
      expect(logOf(site.output())).toEqual([
        `fatal Port ${port} on 127.0.0.1 is already in use: stop the program using it (perhaps another copy of this site) or set PORT to a free port.`,
      ]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
    expect(migrationsOf(databaseFile(dataDir))).toEqual(before);
  }, 120_000);

  it('db:backup never migrates, and is refused beside a server of another release, as are a server start and a restore', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const before = await turnTwoSite();
    const backup = runScript('backup.ts', [], { DATA_DIR: dataDir });
    expect(await backup.exited).toBe(0);
    const pending = MIGRATION_NAMES.filter((name) => !before.includes(name));
    expect(backup.output()).toContain(
      `The database is of an earlier release: this release's next start runs ${pending.length} migrations on it (${pending[0]} to ${pending.at(-1)}).`,
    );
    const folder = /Backup written to (\S+) /.exec(backup.output())?.[1] ?? '';
    expect(migrationsOf(databaseFile(dataDir))).toEqual(before);
    expect(migrationsOf(path.join(folder, 'app.db'))).toEqual(before);

    // A server of another release holds the folder.
    const port = await freePort();
    const other = holdAsServer(port, '2026-11-23_100_title_search_index');
    await other.waitFor('holding');
    // The holder is the very process the test started (node with tsx loaded, no wrapper process of
    // its own), so a kill -9 of it, below, frees the folder.
    const { pid, startedAt: since } = serverPidFile();
    expect(pid).toBe(other.child.pid);
    const refusedBackup = runScript('backup.ts', [], { DATA_DIR: dataDir });
    expect(await refusedBackup.exited).toBe(1);
    expect(linesOf(refusedBackup.output())).toEqual([
      `A server of another release is running on ${dataDir} (process ${pid}, port ${port}, since ${since}; its latest migration is ` +
        `2026-11-23_100_title_search_index, this copy's ${THIS_RELEASE}): back up with the release that serves the site (npm run db:backup in its folder), or stop it first.`,
    ]);
    const refusedStart = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await refusedStart.exited).toBe(1);
    expect(logOf(refusedStart.output())[0]).toContain(`fatal Another server is running on ${dataDir} (process ${pid}, port ${port}, since ${since})`);
    const refusedRestore = runScript('restore.ts', [folder], { DATA_DIR: dataDir });
    expect(await refusedRestore.exited).toBe(1);
    expect(refusedRestore.output()).toContain(`A server is running on ${dataDir} (process ${pid}, port ${port}, since ${since})`);
    expect(migrationsOf(databaseFile(dataDir))).toEqual(before);

    other.child.kill('SIGKILL');
    await other.exited;
    lockDataFolder(dataDir, { kind: 'server', port }).release();
  }, 120_000);

  it('refuses to start beside a server of an earlier release, which took no lock but left its server.pid', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    // Any live process stands for the earlier release's server: its pid in the file it wrote.
    const earlier = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60000)']);
    try {
      fs.writeFileSync(path.join(dataDir, HOLDER_FILE), JSON.stringify({ pid: earlier.pid, port: 3000, startedAt: '2026-11-23T08:00:00.000Z' }));
      const site = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
      expect(await site.exited).toBe(1);
      expect(logOf(site.output())).toEqual([
        `fatal A server of an earlier release (process ${earlier.pid}, port 3000) is running on ${dataDir}: stop it before starting this release.`,
      ]);
    } finally {
      earlier.kill('SIGKILL');
    }
  }, 120_000);
});

describe.skipIf(onPostgres())('the data folder lock in one process', () => {
  it('refuses a second holder in the same process, and names the first', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    const lock = lockDataFolder(dataDir, { kind: 'restore' });
    try {
      expect(() => lockDataFolder(dataDir, { kind: 'server', port: 3000 })).toThrow(
        new DataFolderLocked(dataDir, lock.holder).message,
      );
    } finally {
      lock.release();
    }
    lockDataFolder(dataDir, { kind: 'server', port: 3000 }).release();
  });

  it('a starting server waits for a backup that holds the folder, but not for a server', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    let backup = lockDataFolder(dataDir, { kind: 'backup' });
    const lines: string[] = [];
    let clock = 0;
    const waits: number[] = [];
    const lock = await lockDataFolderWaitingForBackup(dataDir, { kind: 'server', port: 3000 }, {
      waitMs: 60_000,
      log: (line) => lines.push(line),
      now: () => clock,
      // The backup finishes during the second wait.
      sleep: (ms) => {
        waits.push(ms);
        clock += ms;
        if (waits.length === 2) backup.release();
        return Promise.resolve();
      },
    });
    expect(waits).toEqual([200, 200]);
    expect(lines).toEqual([`Waiting for a backup (process ${process.pid}, since ${backup.holder.startedAt}) to finish with ${dataDir} (up to 60 s).`]);
    expect(lock.holder.kind).toBe('server');
    lock.release();

    // A backup that outlasts the wait is reported; a server is refused without waiting.
    backup = lockDataFolder(dataDir, { kind: 'backup' });
    clock = 0;
    await expect(
      lockDataFolderWaitingForBackup(dataDir, { kind: 'server' }, { waitMs: 1_000, now: () => clock, sleep: (ms) => Promise.resolve(void (clock += ms)) }),
    ).rejects.toThrow(DataFolderLocked);
    backup.release();
    const server = lockDataFolder(dataDir, { kind: 'server', port: 3000 });
    let slept = false;
    await expect(
      lockDataFolderWaitingForBackup(dataDir, { kind: 'server' }, { waitMs: 60_000, sleep: () => Promise.resolve(void (slept = true)) }),
    ).rejects.toThrow(DataFolderLocked);
    expect(slept).toBe(false);
    server.release();
  });
});
