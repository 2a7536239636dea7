// Backups and restore on real files: a backup finishes while another connection keeps writing, is
// checked before it is published, and an interrupted one leaves nothing that passes for a backup;
// npm run db:restore checks, refuses while a server holds the folder, keeps what it replaces and
// pauses sending in the restored copy (unless --keep-sending); the automatic
// backup runs daily at its time by the scheduler's clock, keeps the newest N and alerts on failure.
// @module-tag postgres
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLog } from '@server/core/log';
import { databaseFile, sqliteOf } from '@db/database';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { BackupCheckFailed, checkBackupFile, listBackups, pruneBackups, readManifest, writeBackup } from './backups.service';
import { startScheduler } from '@server/scheduler/scheduler';
import { lockDataFolder } from '@db/folder-lock';
import { insertBookableSlot, insertBookingRow } from '@tests/support/fixtures';
import { createAccount, createTestEnv, expectTRPCError, roleCallers, type TestEnv } from '@tests/support/helpers';
import { onPostgres } from '@tests/support/postgres-env';

const run = promisify(execFile);

describe.skipIf(onPostgres())('backups of SQLite', () => {
  let env: TestEnv;

  beforeEach(async () => {
    env = await createTestEnv();
  });
  afterEach(() => env.close());

  function sqlite(): SQLite.Database {
    const handle = sqliteOf(env.db);
    if (handle === undefined) throw new Error('no SQLite handle');
    return handle;
  }

  it('finishes while another connection keeps writing, and publishes only a checked copy with its counts', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    for (let index = 0; index < 200; index += 1) await insertBookingRow(env.db, slot, event.id, { email: `before${index}@example.com` });
    fs.mkdirSync(path.join(env.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(env.dataDir, 'uploads', 'a.png'), 'png');

    // A second process's worth of writes, as the server would make beside `npm run db:backup`.
    const writer = new SQLite(databaseFile(env.dataDir));
    writer.pragma('busy_timeout = 5000');
    const insert = writer.prepare("insert into contact_forms (id, name, email, message, status) values (?, 'W', 'w@example.com', 'm', 'new')");
    let writes = 0;
    let writing = true;
    const keepWriting = () => {
      if (!writing) return;
      for (let index = 0; index < 50; index += 1) insert.run(`w-${(writes += 1)}`);
      setImmediate(keepWriting);
    };
    keepWriting();
    const reader = new SQLite(databaseFile(env.dataDir), { readonly: true });
    try {
      const result = await writeBackup({ sqlite: reader, copy: 'one-step', dataDir: env.dataDir });
      writing = false;
      expect(writes).toBeGreaterThan(0);
      expect(path.dirname(result.folder)).toBe(path.join(env.dataDir, 'backups'));
      expect(fs.readdirSync(result.folder).sort()).toEqual(['app.db', 'backup.json', 'uploads']);
      expect(result.tables.find((table) => table.name === 'bookings')?.rows).toBe(200);
      expect(result.uploads).toBe(1);
      expect(readManifest(result.folder)).toMatchObject({ contents: 'sqlite', uploads: 1, bytes: result.bytes });
      // A snapshot: the contact messages it holds are some that were written, consistently counted.
      const copied = new SQLite(path.join(result.folder, 'app.db'), { readonly: true });
      expect((copied.prepare('select count(*) as n from contact_forms').get() as { n: number }).n).toBe(
        result.tables.find((table) => table.name === 'contact_forms')?.rows,
      );
      copied.close();
    } finally {
      writing = false;
      reader.close();
      writer.close();
    }
  });

  it('in the server, copies in steps on its own connection and finishes while that connection keeps writing', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    for (let index = 0; index < 2_000; index += 1) await insertBookingRow(env.db, slot, event.id, { email: `many${index}@example.com` });
    let writes = 0;
    let writing = true;
    const keepWriting = async () => {
      while (writing) {
        await env.db.insertInto('contactForms').values({ id: `s-${(writes += 1)}`, name: 'W', email: 'w@example.com', message: 'm' }).execute();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const writer = keepWriting();
    const result = await writeBackup({ sqlite: sqlite(), copy: 'steps', dataDir: env.dataDir });
    writing = false;
    await writer;
    expect(writes).toBeGreaterThan(0);
    expect(result.tables.find((table) => table.name === 'bookings')?.rows).toBe(2_000);
    expect(checkBackupFile(path.join(result.folder, 'app.db'))).toEqual(result.tables);
  });

  it('leaves nothing that passes for a backup when it is interrupted, and a copy that is no database of the site fails its check', async () => {
    const root = path.join(env.dataDir, 'backups');
    fs.mkdirSync(path.join(root, '.partial-2026-01-01T03-00-00-000Z'), { recursive: true });
    // What the old backup left when it was killed: a file that opens as an empty database.
    const empty = new SQLite(path.join(root, '.partial-2026-01-01T03-00-00-000Z', 'app.db'));
    empty.exec('create table t (x)');
    empty.close();
    expect(await listBackups(root)).toEqual([]);
    expect(() => readManifest(path.join(root, '.partial-2026-01-01T03-00-00-000Z'))).toThrow(BackupCheckFailed);
    expect(() => checkBackupFile(path.join(root, '.partial-2026-01-01T03-00-00-000Z', 'app.db'))).toThrow(
      'is not a database of this site (no migrations table)',
    );
    await writeBackup({ sqlite: sqlite(), dataDir: env.dataDir });
    expect(await listBackups(root)).toHaveLength(1);
    expect(await pruneBackups(root, 7)).toEqual([]);
    expect(fs.readdirSync(root).filter((name) => name.startsWith('.partial-'))).toEqual([]);
  });

  it('npm run db:restore checks the backup, refuses while a server runs, and keeps what it replaces', async () => {
    const { event, slot } = await insertBookableSlot(env.db, null);
    await insertBookingRow(env.db, slot, event.id, { email: 'kept@example.com' });
    const backup = await writeBackup({ sqlite: sqlite(), dataDir: env.dataDir });
    await insertBookingRow(env.db, slot, event.id, { email: 'after-backup@example.com' });
    await env.db.destroy();
    const restore = (folder: string, ...flags: string[]) =>
      run(path.resolve('node_modules/.bin/tsx'), ['scripts/restore.ts', folder, ...flags], { env: { ...process.env, DATA_DIR: env.dataDir, DATABASE_URL: '' } }).then(
        (output) => ({ code: 0, out: output.stdout, err: output.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout, err: error.stderr }),
      );

    // A server holds the folder (this process stands for it).
    const server = lockDataFolder(env.dataDir, { kind: 'server', port: 3000 });
    const refused = await restore(backup.folder);
    expect(refused.code).toBe(1);
    expect(refused.err).toBe(
      `A server is running on ${path.resolve(env.dataDir)} (process ${process.pid}, port 3000, since ${server.holder.startedAt}): stop it first, then run the restore again.\n`,
    );
    server.release();

    const broken = await restore(path.join(env.dataDir, 'backups', 'no-such-backup'));
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('The backup cannot be restored:');

    const restored = await restore(backup.folder);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`Restored ${backup.folder} into ${path.resolve(env.dataDir)}:`);
    expect(restored.out).toMatch(/ {2}bookings: 1 rows/);
    // The restored copy sends nothing until an admin resumes: its outbox is the original site's.
    expect(restored.out).toContain(
      'E-mail sending is paused in the restored copy: its outbox holds 0 unsent messages of the site it was copied from. ' +
        'Once this copy is the live site, resume it in the back office (Settings > Email Log, Resume sending); ' +
        'to restore without the pause, run the restore again with --keep-sending.',
    );
    const replaced = fs.readdirSync(env.dataDir).find((name) => name.startsWith('replaced-'));
    expect(replaced).toBeDefined();
    const old = new SQLite(path.join(env.dataDir, replaced ?? '', 'app.db'), { readonly: true });
    expect((old.prepare('select count(*) as n from bookings').get() as { n: number }).n).toBe(2);
    old.close();
    const now = new SQLite(databaseFile(env.dataDir), { readonly: true });
    expect((now.prepare('select participant_email as email from bookings').all() as { email: string }[]).map((row) => row.email)).toEqual([
      'kept@example.com',
    ]);
    expect(JSON.parse((now.prepare("select value from settings where key = 'sending'").get() as { value: string }).value)).toEqual({
      pausedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      reason: `This copy was restored from the backup ${path.basename(backup.folder)}; its outbox came with it.`,
    });
    now.close();

    // --keep-sending: no pause.
    const keeping = await restore(backup.folder, '--keep-sending');
    expect(keeping.code).toBe(0);
    expect(keeping.out).not.toContain('paused');
    const kept = new SQLite(databaseFile(env.dataDir), { readonly: true });
    expect(kept.prepare("select value from settings where key = 'sending'").get()).toBeUndefined();
    kept.close();
    // The environment's close() opens nothing more; reopen for it.
    env = { ...env, close: async () => fs.rmSync(env.dataDir, { recursive: true, force: true }) };
  }, 60_000);
});

describe.skipIf(onPostgres())('backups and restore keep files private and plain', () => {
  let env: TestEnv;
  let umask: number;

  beforeEach(async () => {
    env = await createTestEnv();
    // The usual umask, under which files were created readable by everyone.
    umask = process.umask(0o022);
  });
  afterEach(async () => {
    process.umask(umask);
    await env.close();
  });

  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  it('writes a backup 0700/0600 throughout, and restore refuses one holding a link, then restores 0700/0600', async () => {
    const handle = sqliteOf(env.db);
    if (handle === undefined) throw new Error('no SQLite handle');
    fs.mkdirSync(env.deps.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(env.deps.uploadsDir, 'photo.png'), 'a picture', { mode: 0o644 });
    const backup = await writeBackup({ sqlite: handle, dataDir: env.dataDir });
    const backupFiles = ['app.db', 'backup.json', 'uploads/photo.png'].map((name) => path.join(backup.folder, name));
    expect([path.join(env.dataDir, 'backups'), backup.folder, path.join(backup.folder, 'uploads')].map(modeOf)).toEqual([0o700, 0o700, 0o700]);
    expect(backupFiles.map(modeOf)).toEqual([0o600, 0o600, 0o600]);

    await env.db.destroy();
    const restore = (folder: string) =>
      run(path.resolve('node_modules/.bin/tsx'), ['scripts/restore.ts', folder], { env: { ...process.env, DATA_DIR: env.dataDir, DATABASE_URL: '' } }).then(
        (output) => ({ code: 0, out: output.stdout, err: output.stderr }),
        (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout, err: error.stderr }),
      );

    // A tampered backup: a link that the uploads route would have served as a picture.
    const link = path.join(backup.folder, 'uploads', 'passwd.png');
    fs.symlinkSync('/etc/passwd', link);
    const refused = await restore(backup.folder);
    expect(refused.code).toBe(1);
    expect(refused.err.trim()).toBe(`The backup cannot be restored: ${link} is a symbolic link, not a plain file.`);
    expect(fs.readdirSync(env.dataDir).filter((name) => name.startsWith('replaced-'))).toEqual([]);

    fs.rmSync(link);
    const restored = await restore(backup.folder);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect([path.join(env.dataDir, 'uploads')].map(modeOf)).toEqual([0o700]);
    expect([databaseFile(env.dataDir), path.join(env.dataDir, 'uploads', 'photo.png')].map(modeOf)).toEqual([0o600, 0o600]);
    const replaced = fs.readdirSync(env.dataDir).find((name) => name.startsWith('replaced-')) ?? '';
    expect(modeOf(path.join(env.dataDir, replaced))).toBe(0o700);
    env = { ...env, close: async () => fs.rmSync(env.dataDir, { recursive: true, force: true }) };
  }, 60_000);
});

describe.skipIf(onPostgres())('the automatic backup', () => {
  let env: TestEnv;
  // The log as an operator reads it (LOG_LEVEL warn, the default): what each pass wrote.
  let logged: Record<string, unknown>[];

  beforeEach(async () => {
    env = await createTestEnv();
    logged = [];
  });
  afterEach(() => env.close());

  async function runAt(iso: string) {
    const log = createLog({ logLevel: 'warn', logFormat: 'json' }, { write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
    const scheduler = startScheduler({ ...env.deps, log }, { intervalMs: null, now: () => new Date(iso) });
    try {
      return (await scheduler.runOnce()).backup;
    } finally {
      await scheduler.stop();
    }
  }

  it('runs daily at its time in the site timezone, once a day, keeping the newest N; settings.get shows it to admins', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, timezone: 'America/New_York', backupSchedule: 'daily', backupTime: '03:00', backupKeep: 2 });
    // 02:59 and 03:00 in New York (EST, UTC-5).
    expect(await runAt('2026-01-10T07:59:00.000Z')).toBe('not-due');
    expect(await runAt('2026-01-10T08:00:00.000Z')).toBe('written');
    expect(await runAt('2026-01-10T09:30:00.000Z')).toBe('not-due');
    expect(await runAt('2026-01-11T08:05:00.000Z')).toBe('written');
    expect(await runAt('2026-01-12T08:05:00.000Z')).toBe('written');
    const root = path.join(env.dataDir, 'backups');
    expect(await listBackups(root)).toEqual(['2026-01-12T08-05-00-000Z', '2026-01-11T08-05-00-000Z']);
    // One line per backup written, whatever LOG_LEVEL says, with where and how big.
    const folder = path.join(path.resolve(env.dataDir), 'backups', '2026-01-12T08-05-00-000Z');
    const written = logged.filter((line) => String(line.msg).startsWith('Automatic backup'));
    expect(written).toHaveLength(3);
    expect(written[2]).toMatchObject({ level: 'info', folder, bytes: expect.any(Number), durationMs: expect.any(Number) });
    expect(String(written[2]?.msg)).toMatch(/ \(\d+\.\d MB\)$/);
    expect(String(written[2]?.msg).startsWith(`Automatic backup written to ${folder} (`)).toBe(true);

    const callers = await roleCallers(env);
    const shown = (await callers.admin.settings.get()).backup;
    expect(shown).toMatchObject({ at: '2026-01-12T08:05:00.000Z', ok: true, folder: path.join(path.resolve(env.dataDir), 'backups', '2026-01-12T08-05-00-000Z') });
    expect(shown?.bytes).toBeGreaterThan(0);
    expect((await callers.user.settings.get()).backup).toBeNull();
    await expectTRPCError(callers.anonymous.settings.get(), 'UNAUTHORIZED');
  });

  it('does nothing when off, and a failure is kept for the System tab and alerts the admins', async () => {
    expect(await runAt('2026-01-10T08:00:00.000Z')).toBe('not-due');
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, backupSchedule: 'daily', backupTime: '03:00' });
    await createAccount(env.db, 'admin', { email: 'ops@example.com' });
    // A file where the backups folder goes: nothing can be written there.
    fs.writeFileSync(path.join(env.dataDir, 'backups'), 'not a folder');
    expect(await runAt('2026-01-10T03:00:00.000Z')).toBe('failed');
    expect(logged.filter((line) => String(line.msg).startsWith('Automatic backup')).map((line) => [line.level, line.msg])).toEqual([
      ['error', expect.stringMatching(/^Automatic backup failed: /)],
    ]);
    const callers = await roleCallers(env);
    expect((await callers.admin.settings.get()).backup).toMatchObject({ ok: false, folder: null });
    const alerts = await env.db.selectFrom('emailOutbox').select(['toAddress', 'subject']).where('kind', '=', 'system-alert').execute();
    expect(alerts.map((alert) => alert.subject)).toContain('Our Firm alert: the automatic backup failed');
  });
});

describe.runIf(onPostgres())('the automatic backup on PostgreSQL', () => {
  let env: TestEnv;

  beforeEach(async () => {
    env = await createTestEnv();
  });
  afterEach(() => env.close());

  it('keeps the uploads (the database is backed up with pg_dump), and the outcome for the System tab', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, backupSchedule: 'daily', backupTime: '03:00' });
    fs.mkdirSync(path.join(env.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(env.dataDir, 'uploads', 'photo.png'), 'png');
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date('2026-01-10T03:00:00.000Z') });
    expect((await scheduler.runOnce()).backup).toBe('written');
    await scheduler.stop();
    const [name = ''] = await listBackups(path.join(env.dataDir, 'backups'));
    const folder = path.join(env.dataDir, 'backups', name);
    expect(readManifest(folder)).toMatchObject({ contents: 'uploads', tables: [], uploads: 1 });
    expect(fs.readdirSync(folder).sort()).toEqual(['backup.json', 'uploads']);
  });
});
