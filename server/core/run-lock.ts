// A marker that a server runs on a data folder: DATA_DIR/server.pid, written once the server listens
// (SQLite only: on PostgreSQL several instances share the folder) and removed by the clean shutdown.
// `npm run db:restore` refuses while it names a live process, since swapping the database under a
// running server would lose what it writes and confuse what it has open.
import fs from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'server.pid';

export interface RunLock {
  pid: number;
  port: number;
  startedAt: string;
}

export function runLockFile(dataDir: string): string {
  return path.join(path.resolve(dataDir), LOCK_FILE);
}

export function writeRunLock(dataDir: string, port: number): void {
  const lock: RunLock = { pid: process.pid, port, startedAt: new Date().toISOString() };
  fs.writeFileSync(runLockFile(dataDir), `${JSON.stringify(lock)}\n`);
}

export function removeRunLock(dataDir: string): void {
  const file = runLockFile(dataDir);
  try {
    const lock = JSON.parse(fs.readFileSync(file, 'utf8')) as RunLock;
    if (lock.pid === process.pid) fs.rmSync(file, { force: true });
  } catch {
    // No marker, or not ours: nothing to remove.
  }
}

/** The server running on `dataDir`, if its marker names a process that is alive; a stale marker is none. */
export function runningServer(dataDir: string): RunLock | null {
  let lock: RunLock;
  try {
    lock = JSON.parse(fs.readFileSync(runLockFile(dataDir), 'utf8')) as RunLock;
  } catch {
    return null;
  }
  try {
    process.kill(lock.pid, 0);
    return lock;
  } catch (error) {
    // EPERM: the process exists but belongs to another user; it still runs.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? lock : null;
  }
}
