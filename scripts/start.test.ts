// `npm start` as a service: real processes, real ports. SIGTERM to the server (or to npm) stops it
// cleanly with exit code 0 and nothing left listening; a request in flight still gets its answer;
// start-up failures print one line and exit non-zero; the build records what the client imports.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '@db/migrate';
import { type Running, runProcess as run, stopProcesses } from '@tests/support/server-process';
import { ensureBuilt, isStale, projectRoot, serverEntry } from './build.mjs';

const BASE_PORT = 4223;
let dataRoot: string;
const serverPids: number[] = [];

beforeAll(async () => {
  await ensureBuilt({ log: () => undefined });
}, 180_000);

beforeEach(() => {
  dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'site-service-'));
});
afterEach(() => {
  stopProcesses();
  // A failed test must not leave a server behind (npm killed with SIGKILL cannot pass it on).
  for (const pid of serverPids.splice(0)) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  fs.rmSync(dataRoot, { recursive: true, force: true });
});

function serverPid(output: string): number {
  const match = /Site running at \S+ \(process (\d+)\)/.exec(output);
  if (match?.[1] === undefined) throw new Error(`no listening line in:\n${output}`);
  serverPids.push(Number(match[1]));
  return Number(match[1]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portIsClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

function startSite(port: number): Running {
  return run('npm', ['start', '--silent'], { PORT: String(port), DATA_DIR: path.join(dataRoot, 'data') });
}

describe('npm start stops like a service', () => {
  it('SIGTERM to the server process: port closed, no process left, exit code 0', async () => {
    const site = startSite(BASE_PORT);
    await site.waitFor('Site running at http://127.0.0.1:4223');
    const pid = serverPid(site.output());
    expect(pid).not.toBe(site.child.pid); // npm start runs node on the compiled server, not a wrapper
    process.kill(pid, 'SIGTERM');
    expect(await site.exited).toBe(0);
    // Every line is one JSON object of the log, the lifecycle lines at info whatever the level.
    const records = site
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { level: string; msg: string; pid: number });
    // A new data folder: the database is made by running every migration, each logged with its time.
    const seconds = /\d+\.\d+ s\b/g;
    expect(records.map((record) => `${record.level} ${record.msg.replace(/token=\S+/, 'token=...').replace(seconds, 'N s')}`)).toEqual([
      `info Updating the database: ${MIGRATION_NAMES.length} migrations to run (${MIGRATION_NAMES[0]} to ${MIGRATION_NAMES.at(-1)}); ` +
        'the site answers 503 "being updated" until they are done.',
      ...MIGRATION_NAMES.map((name, index) => `info Migration ${name} done in N s (${index + 1} of ${MIGRATION_NAMES.length}).`),
      `info Database updated: ${MIGRATION_NAMES.length} migrations in N s.`,
      'info No account exists yet. Create the first admin here (one-time link): http://127.0.0.1:4223/admin/setup?token=...',
      `info Site running at http://127.0.0.1:4223 (process ${pid})`,
      'info SIGTERM received, shutting down',
      'info Stopped.',
    ]);
    expect(isAlive(pid)).toBe(false);
    expect(await portIsClosed(BASE_PORT)).toBe(true);
  }, 120_000);

  it('SIGTERM to npm itself: the server stops cleanly too', async () => {
    const site = startSite(BASE_PORT + 1);
    await site.waitFor('Site running at');
    const pid = serverPid(site.output());
    site.child.kill('SIGTERM');
    await site.exited;
    await site.waitFor('Stopped.');
    expect(isAlive(pid)).toBe(false);
    expect(await portIsClosed(BASE_PORT + 1)).toBe(true);
  }, 120_000);

  it('a request in flight when SIGTERM arrives still gets its answer, while /readyz already answers 503', async () => {
    const port = BASE_PORT + 2;
    // The access log says when the request has arrived, so the signal comes while it is in flight.
    const site = run('node', [serverEntry], {
      PORT: String(port),
      DATA_DIR: path.join(dataRoot, 'data'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'debug',
      ACCESS_LOG: 'true',
    });
    await site.waitFor('Site running at');
    const pid = serverPid(site.output());
    const body = JSON.stringify({ name: 'Kofi Mensah', email: 'kofi@example.com', message: 'We plan to open in Lagos.' });
    let finishBody: () => void = () => undefined;
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method: 'POST', path: '/api/trpc/contacts.submit', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      // Half the body now; the rest once the server has begun shutting down.
      req.write(body.slice(0, 20));
      finishBody = () => void req.end(body.slice(20));
    });
    // The request is being received before the signal arrives.
    await site.waitFor('"url":"/api/trpc/contacts.submit","msg":"request received"');
    process.kill(pid, 'SIGTERM');
    await site.waitFor('SIGTERM received, shutting down');
    // Still listening while the request is in flight, but no longer ready: a proxy sends no more.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unready', checks: { shutdown: { ok: false, error: 'the server is shutting down' } } });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    finishBody();
    const { status, text } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({ result: { data: { id: expect.any(String) } } });
    expect(await site.exited).toBe(0);
    expect(await portIsClosed(port)).toBe(true);
    const db = new SQLite(path.join(dataRoot, 'data', 'app.db'), { readonly: true });
    expect(db.prepare('select count(*) as n from contact_forms').get()).toEqual({ n: 1 });
    db.close();
  }, 120_000);
});

describe('start-up failures print one line and exit non-zero', () => {
  /** The exit code and the messages of the lines written, each line one JSON object at level fatal. */
  async function failingStart(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
    const site = run('node', [serverEntry], { NODE_ENV: 'production', ...env });
    const code = await site.exited;
    const records = site
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(records.map((record) => record.level)).toEqual(records.map(() => 'fatal'));
    return { code, lines: records.map((record) => record.msg) };
  }

  it('port taken', async () => {
    const port = BASE_PORT + 3;
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
    try {
      const { code, lines } = await failingStart({ PORT: String(port), DATA_DIR: path.join(dataRoot, 'data') });
      expect(code).toBe(1);
      expect(lines).toEqual([
        `Port ${port} on 127.0.0.1 is already in use: stop the program using it (perhaps another copy of this site) or set PORT to a free port.`,
      ]);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);

  it('data folder not writable', async () => {
    const notAFolder = path.join(dataRoot, 'a-file');
    fs.writeFileSync(notAFolder, 'x');
    const dataDir = path.join(notAFolder, 'data');
    const { code, lines } = await failingStart({ PORT: String(BASE_PORT + 4), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(lines).toEqual([
      `The data folder ${dataDir} is not writable (ENOTDIR): give the user running the site write access to it, or set DATA_DIR to a writable folder.`,
    ]);
  }, 60_000);

  it('damaged database file (not a database)', async () => {
    const dataDir = path.join(dataRoot, 'data');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'app.db'), 'this is not a database file, just text that someone saved here'.repeat(100));
    const { code, lines } = await failingStart({ PORT: String(BASE_PORT + 4), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(
      `The database file ${path.join(dataDir, 'app.db')} is damaged (file is not a database): restore app.db from a backup (docs/operations.md, section "Backup and restore").`,
    );
  }, 60_000);

  it('a database that fails PRAGMA quick_check', async () => {
    const dataDir = path.join(dataRoot, 'data');
    fs.mkdirSync(dataDir);
    const file = path.join(dataDir, 'app.db');
    const db = new SQLite(file);
    db.pragma('page_size = 4096');
    db.exec('create table t (id integer primary key, v text); create index t_v on t (v);');
    const insert = db.prepare('insert into t (v) values (?)');
    db.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run(`value ${i} ${'x'.repeat(50)}`);
    })();
    db.close();
    // Overwrite pages 3 and 4 (b-tree pages of the table) with garbage, leaving the file header intact.
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(8192, 0xab), 0, 8192, 2 * 4096);
    fs.closeSync(fd);
    const { code, lines } = await failingStart({ PORT: String(BASE_PORT + 4), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      new RegExp(`^The database file ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} (fails its integrity check|is damaged) \\(.+\\): restore app\\.db from a backup \\(docs/operations\\.md, section "Backup and restore"\\)\\.$`),
    );
  }, 60_000);

  it('migration failed', async () => {
    const dataDir = path.join(dataRoot, 'data');
    fs.mkdirSync(dataDir);
    const db = new SQLite(path.join(dataDir, 'app.db'));
    // A database from a newer release: it lists a migration this code does not have.
    db.exec("create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null); insert into kysely_migration values ('2099-01-01_001_future', '2099-01-01T00:00:00.000Z');");
    db.close();
    const { code, lines } = await failingStart({ PORT: String(BASE_PORT + 4), DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Updating the database failed \(.*2099-01-01_001_future.*\): the site did not start; restore app\.db from a backup \(docs\/operations\.md, section "Backup and restore"\) if the file was changed by hand, otherwise report this line\.$/);
  }, 60_000);
});

describe('npm start without the build tools', () => {
  it('says to install them or use a release archive, and exits 1, when the site needs building', async () => {
    // start.mjs and build.mjs alone in a folder with no node_modules anywhere above it: nothing is
    // built and Vite cannot be found, as in a checkout installed with `npm ci --omit=dev`.
    const copy = path.join(dataRoot, 'checkout');
    fs.mkdirSync(path.join(copy, 'scripts'), { recursive: true });
    for (const file of ['start.mjs', 'build.mjs']) fs.copyFileSync(path.join(projectRoot, 'scripts', file), path.join(copy, 'scripts', file));
    fs.writeFileSync(path.join(copy, 'package.json'), '{ "type": "module" }\n');
    const start = run('node', [path.join(copy, 'scripts', 'start.mjs')], {});
    expect(await start.exited).toBe(1);
    // One line of the JSON log, as every line npm start writes where no person reads a terminal.
    expect(JSON.parse(start.output().trim())).toMatchObject({
      level: 'fatal',
      msg:
        'The site needs building, and its build tools (the devDependencies, such as Vite) are not installed. ' +
        'Run `npm ci` (without --omit=dev) once, or install a release archive made by `npm run release`, which needs no build (docs/upgrading.md).',
    });
  });
});

describe('the build records what the client and server import', () => {
  it('client inputs include shared server files; a change to one makes the client stale', () => {
    const stamp = path.join(projectRoot, 'dist', 'client-inputs.json');
    const recorded = JSON.parse(fs.readFileSync(stamp, 'utf8')) as { files: Record<string, string> };
    for (const file of ['client/main.tsx', 'client/index.html', 'server/shared/time.ts', 'db/schema.ts', 'server/shared/common.schemas.ts', 'vite.config.ts']) {
      expect(Object.keys(recorded.files), file).toContain(file);
    }
    expect(Object.keys(recorded.files).some((file) => file.includes('node_modules'))).toBe(false);
    const index = path.join(projectRoot, 'dist', 'client', 'index.html');
    expect(isStale(index, stamp)).toBe(false);
    // The same record with time.ts as it was before an edit: the client must be rebuilt.
    const edited = path.join(dataRoot, 'client-inputs.json');
    fs.writeFileSync(edited, JSON.stringify({ files: { ...recorded.files, 'server/shared/time.ts': '0'.repeat(64) } }));
    expect(isStale(index, edited)).toBe(true);
    fs.writeFileSync(edited, JSON.stringify({ files: { ...recorded.files, 'client/removed-file.ts': '0'.repeat(64) } }));
    expect(isStale(index, edited)).toBe(true);
  });

  it('server inputs include the modules of server/index.ts', () => {
    const stamp = path.join(projectRoot, 'dist', 'server-inputs.json');
    const recorded = JSON.parse(fs.readFileSync(stamp, 'utf8')) as { files: Record<string, string> };
    for (const file of ['server/index.ts', 'server/core/startup.ts', 'db/migrate.ts', 'server/shared/time.ts']) {
      expect(Object.keys(recorded.files), file).toContain(file);
    }
    expect(isStale(serverEntry, stamp)).toBe(false);
  });
});
