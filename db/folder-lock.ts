// One process at a time on a SQLite data folder: the server for its whole life, a restore for its
// run, a backup while no server runs. The lock is an OS file lock (a POSIX record lock, taken by
// SQLite's own locking code on DATA_DIR/data-folder.lock), so the kernel drops it when the process
// ends in any way, kill -9 and power cuts included: a lock never outlives its holder, and a process
// that does not hold it cannot remove it. Why this and not a pid file or a lock-file package:
// docs/decisions/025-data-folder-lock.md.
//
// DATA_DIR/server.pid says who holds the lock (process, port, what it is, the release), for the
// messages of those refused; it describes, it never decides. A process that finds the lock free
// ignores whatever server.pid says, except a file without `release`: that one was written by an
// earlier release, which took no lock, and names a server that may still run.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { MIGRATION_NAMES } from './migrate';

export const LOCK_FILE = 'data-folder.lock';
export const HOLDER_FILE = 'server.pid';

/** The release of this code as far as the data goes: the latest migration it knows. */
export const THIS_RELEASE = MIGRATION_NAMES.at(-1) ?? 'none';

export type LockHolderKind = 'server' | 'restore' | 'backup';

export interface LockHolder {
  pid: number;
  kind: LockHolderKind;
  /** The port a server listens on. */
  port?: number;
  startedAt: string;
  /** The latest migration the holder's code knows (THIS_RELEASE of its code). */
  release: string;
}

/** Refused: another process holds the folder. `holder` is what server.pid says, when it can be read. */
export class DataFolderLocked extends Error {
  override name = 'DataFolderLocked';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
    /** An earlier release's server, which takes no lock, runs on the folder (its server.pid names a live process). */
    readonly earlierRelease: { pid: number; port?: number } | null = null,
  ) {
    super(`The data folder ${dataDir} is in use by ${describeHolder(holder, earlierRelease)}`);
  }
}

export interface DataFolderLock {
  readonly dataDir: string;
  readonly holder: LockHolder;
  /** Lets the folder go (a restore or backup that is done; the server at the very end of its shutdown). */
  release(): void;
}

// A lock lives as long as its connection: kept here so nothing collects it while the process runs.
const held = new Map<string, SQLite.Database>();

function holderFile(dataDir: string): string {
  return path.join(dataDir, HOLDER_FILE);
}

/** Whether process `pid` exists (EPERM: it does, and belongs to another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolderFile(dataDir: string): Partial<LockHolder> | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(holderFile(dataDir), 'utf8'));
    return typeof parsed === 'object' && parsed !== null && typeof (parsed as { pid?: unknown }).pid === 'number' ? (parsed as Partial<LockHolder>) : null;
  } catch {
    return null;
  }
}

/** Who server.pid says holds the lock, when that process is alive and the file is this release's format. */
export function readLockHolder(dataDir: string): LockHolder | null {
  const file = readHolderFile(path.resolve(dataDir));
  if (file === null || typeof file.release !== 'string' || typeof file.kind !== 'string' || file.pid === undefined) return null;
  return isAlive(file.pid) ? (file as LockHolder) : null;
}

/** An earlier release's server (no `release` in its server.pid) still running on the folder. */
function earlierReleaseServer(dataDir: string): { pid: number; port?: number } | null {
  const file = readHolderFile(dataDir);
  if (file === null || file.release !== undefined || file.pid === undefined || file.pid === process.pid) return null;
  return isAlive(file.pid) ? { pid: file.pid, ...(typeof file.port === 'number' ? { port: file.port } : {}) } : null;
}

/** 'process 1234, port 3000, since 2026-11-27T08:00:00.000Z'. */
export function holderDetails(holder: { pid: number; port?: number; startedAt?: string }): string {
  return `process ${holder.pid}${holder.port === undefined ? '' : `, port ${holder.port}`}${holder.startedAt === undefined ? '' : `, since ${holder.startedAt}`}`;
}

/** 'a server (process 1234, port 3000, since ...)', for the messages of those refused. */
export function describeHolder(holder: LockHolder | null, earlierRelease: { pid: number; port?: number } | null = null): string {
  if (earlierRelease !== null) return `a server of an earlier release (${holderDetails(earlierRelease)})`;
  if (holder === null) return 'another process';
  const what = holder.kind === 'server' ? 'a server' : holder.kind === 'restore' ? 'a restore' : 'a backup';
  return `${what} (${holderDetails(holder)})`;
}

/** Tries once: the connection holding the lock, or null when another process (or connection) holds it. */
function tryLock(file: string): SQLite.Database | null {
  const connection = new SQLite(file);
  try {
    connection.pragma('busy_timeout = 0');
    // Nothing is ever written; a journal in memory leaves no -journal file beside the lock.
    connection.pragma('journal_mode = MEMORY');
    // In exclusive locking mode SQLite keeps the lock a write transaction takes until the
    // connection closes; BEGIN EXCLUSIVE takes it now, or fails at once with SQLITE_BUSY.
    connection.pragma('locking_mode = EXCLUSIVE');
    connection.exec('begin exclusive');
    connection.exec('commit');
    return connection;
  } catch (error) {
    connection.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
}

/**
 * Takes the data folder for this process, or throws DataFolderLocked naming who has it. The lock is
 * held until `release()` or the end of the process, whatever ends it.
 */
export function lockDataFolder(dataDir: string, who: { kind: LockHolderKind; port?: number }): DataFolderLock {
  const folder = path.resolve(dataDir);
  fs.mkdirSync(folder, { recursive: true });
  const connection = tryLock(path.join(folder, LOCK_FILE));
  if (connection === null) throw new DataFolderLocked(folder, readLockHolder(folder));
  const earlier = earlierReleaseServer(folder);
  if (earlier !== null) {
    connection.close();
    throw new DataFolderLocked(folder, null, earlier);
  }
  const holder: LockHolder = {
    pid: process.pid,
    kind: who.kind,
    ...(who.port === undefined ? {} : { port: who.port }),
    startedAt: new Date().toISOString(),
    release: THIS_RELEASE,
  };
  // Written whole under another name, then renamed: a reader never sees half a file.
  const temporary = `${holderFile(folder)}.${process.pid}`;
  fs.writeFileSync(temporary, `${JSON.stringify(holder)}\n`);
  fs.renameSync(temporary, holderFile(folder));
  held.set(folder, connection);
  return {
    dataDir: folder,
    holder,
    release() {
      if (held.get(folder) !== connection) return;
      held.delete(folder);
      // The description goes first, while the lock still keeps everyone else out.
      if (readHolderFile(folder)?.pid === process.pid) fs.rmSync(holderFile(folder), { force: true });
      connection.close();
    },
  };
}

/**
 * Who holds the folder now (as the DataFolderLocked a lock attempt would throw), or null when it
 * is free; nothing is kept or written. For scripts that work beside a server of their own release.
 */
export function folderHolder(dataDir: string): DataFolderLocked | null {
  const folder = path.resolve(dataDir);
  if (!fs.existsSync(folder)) return null;
  const connection = tryLock(path.join(folder, LOCK_FILE));
  if (connection === null) return new DataFolderLocked(folder, readLockHolder(folder));
  connection.close();
  const earlier = earlierReleaseServer(folder);
  return earlier === null ? null : new DataFolderLocked(folder, null, earlier);
}

export interface WaitOptions {
  /** How long to wait while a backup holds the folder (a backup takes seconds). */
  waitMs: number;
  /** One line when the wait starts. */
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Like lockDataFolder, but a backup holding the folder is waited for (up to `waitMs`): a server
 * started while the nightly backup copies should start when it is done, not fail. Anyone else (a
 * server, a restore) is refused at once.
 */
export async function lockDataFolderWaitingForBackup(
  dataDir: string,
  who: { kind: LockHolderKind; port?: number },
  wait: WaitOptions,
): Promise<DataFolderLock> {
  const now = wait.now ?? Date.now;
  const sleep = wait.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + wait.waitMs;
  let told = false;
  for (;;) {
    try {
      return lockDataFolder(dataDir, who);
    } catch (error) {
      if (!(error instanceof DataFolderLocked) || error.holder?.kind !== 'backup' || now() >= deadline) throw error;
      if (!told) wait.log?.(`Waiting for ${describeHolder(error.holder)} to finish with ${error.dataDir} (up to ${Math.round(wait.waitMs / 1000)} s).`);
      told = true;
      await sleep(200);
    }
  }
}
