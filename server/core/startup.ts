// Start-up checks and failures. Each failure a site owner can meet (port taken, data folder not
// writable, damaged database file, failed migration) ends the process with one line that names the
// problem and what to do, never a stack trace.
import fs from 'node:fs';
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema';
import { type DataFolderLocked, describeHolder, holderDetails, LOCK_FILE } from '@db/folder-lock';
import { keepDirPrivate } from './private-files';
import { pingDatabase } from '@server/monitoring/health.repository';

export const RESTORE_HINT = 'restore app.db from a backup (docs/operations.md, section "Backup and restore")';

export class StartupError extends Error {
  override name = 'StartupError';
}

/** The data folder must exist (it is created, or made, for this user only: 0700) and be writable by this process. */
export function checkDataDir(dataDir: string): void {
  const folder = path.resolve(dataDir);
  try {
    keepDirPrivate(folder);
    fs.accessSync(folder, fs.constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new StartupError(
      `The data folder ${folder} is not writable (${code}): give the user running the site write access to it, or set DATA_DIR to a writable folder.`,
    );
  }
}

/** Runs PRAGMA quick_check; a file that is not a database or fails the check stops start-up. */
export function checkDatabaseFile(sqlite: SQLite.Database, file: string): void {
  let problems: string[];
  try {
    problems = (sqlite.pragma('quick_check') as Array<{ quick_check: string }>).map((row) => row.quick_check);
  } catch (error) {
    throw new StartupError(`The database file ${file} is damaged (${(error as Error).message}): ${RESTORE_HINT}.`);
  }
  if (problems.length !== 1 || problems[0] !== 'ok') {
    // The first concrete finding is enough to name the problem on one line.
    const findings = problems.flatMap((problem) => problem.split('\n')).filter((line) => line.trim() !== '' && !line.startsWith('***'));
    const first = findings[0]?.trim() ?? 'no result';
    throw new StartupError(`The database file ${file} fails its integrity check (${first}): ${RESTORE_HINT}.`);
  }
}

/** Where a postgres:// URL points, without its password, for messages. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

export interface PostgresWait {
  /** How long to keep trying (DATABASE_WAIT_S); 0 tries once. */
  waitMs: number;
  /** One line per failed attempt (standard output: operators read it while the site starts). */
  log: (line: string) => void;
  /** Between attempts; injectable so tests do not wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const RETRY_EVERY_MS = 2_000;

/**
 * Refusals that waiting does not cure (PostgreSQL's error codes): said at once, where an outage is
 * waited out. A server that is starting answers 57P03, one that is down refuses the connection.
 */
const CONFIGURATION_ERRORS: Record<string, string> = {
  // invalid_password
  '28P01': 'correct the password in DATABASE_URL',
  // invalid_authorization_specification: no such role, or pg_hba.conf lets it not connect
  '28000': "check the user in DATABASE_URL and that PostgreSQL's pg_hba.conf lets it connect from here",
  // invalid_catalog_name: no such database
  '3D000': 'create the database, or correct its name in DATABASE_URL',
};

function configurationError(error: unknown, url: string): StartupError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const advice = typeof code === 'string' ? CONFIGURATION_ERRORS[code] : undefined;
  if (advice === undefined) return null;
  return new StartupError(`PostgreSQL at ${describePostgresUrl(url)} refused the connection (${String(code)}: ${reasonOf(error)}): ${advice}.`);
}

function reasonOf(error: unknown): string {
  return (error as Error).message.replace(/\s+/g, ' ') || String((error as { code?: string }).code ?? error);
}

/**
 * PostgreSQL must answer before anything else runs. A server that is still starting (or restarting
 * beside the site, as after a reboot) is waited for, one line per attempt, for up to `waitMs`; then
 * a refusal names the server and what to check. A wrong password, user or database name is said at
 * once: no wait makes it right.
 */
export async function checkPostgresConnection(db: Kysely<Database>, url: string, wait: PostgresWait = { waitMs: 0, log: () => undefined }): Promise<void> {
  const now = wait.now ?? Date.now;
  const sleep = wait.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = now() + wait.waitMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await pingDatabase(db);
      return;
    } catch (error) {
      const refused = configurationError(error, url);
      if (refused !== null) throw refused;
      const left = deadline - now();
      if (left <= 0) {
        throw new StartupError(
          `PostgreSQL at ${describePostgresUrl(url)} did not answer (${reasonOf(error)}): check DATABASE_URL, that the server runs and that the user may connect.`,
        );
      }
      const pause = Math.min(RETRY_EVERY_MS, left);
      wait.log(
        `PostgreSQL at ${describePostgresUrl(url)} is not answering yet (${reasonOf(error)}); attempt ${attempt}, trying again in ${Math.ceil(pause / 1000)} s (gives up after ${Math.round(wait.waitMs / 1000)} s).`,
      );
      await sleep(pause);
    }
  }
}

/** Opening the file itself can fail (not a database, no permission). */
export function describeOpenFailure(error: unknown, file: string): StartupError {
  const err = error as { code?: string; message?: string };
  if (err.code === 'SQLITE_NOTADB' || err.code === 'SQLITE_CORRUPT') {
    return new StartupError(`The database file ${file} is damaged (${err.message ?? err.code}): ${RESTORE_HINT}.`);
  }
  return new StartupError(
    `The database file ${file} could not be opened (${err.message ?? String(error)}): check that it and DATA_DIR are writable by the user running the site.`,
  );
}

export function describeMigrationFailure(error: unknown): StartupError {
  const message = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
  return new StartupError(
    `Updating the database failed (${message}): the site did not start; ${RESTORE_HINT} if the file was changed by hand, otherwise report this line.`,
  );
}

export function describeListenFailure(error: unknown, host: string, port: number): StartupError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} on ${host} is already in use: stop the program using it (perhaps another copy of this site) or set PORT to a free port.`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(`Port ${port} on ${host} needs more privileges: set PORT to 1024 or above and let a reverse proxy listen on 80/443.`);
  }
  if (code === 'EADDRNOTAVAIL') {
    return new StartupError(`This machine has no address ${host}: set HOST to one of its addresses, 127.0.0.1 or 0.0.0.0.`);
  }
  return new StartupError(`The server could not listen on ${host}:${port} (${(error as Error).message}): check HOST and PORT.`);
}

/** Another process has the SQLite data folder (db/folder-lock.ts): who, and what to do. */
export function describeFolderLocked(error: DataFolderLocked): StartupError {
  const { dataDir, holder, earlierRelease } = error;
  if (earlierRelease !== null) {
    return new StartupError(`${capitalize(describeHolder(null, earlierRelease))} is running on ${dataDir}: stop it before starting this release.`);
  }
  switch (holder?.kind) {
    case 'server':
      return new StartupError(
        `Another server is running on ${dataDir} (${holderDetails(holder)}): stop it first, or set DATA_DIR to another folder ` +
          '(one process serves a SQLite data folder; several instances need PostgreSQL).',
      );
    case 'restore':
      return new StartupError(`${capitalize(describeHolder(holder))} is running on ${dataDir}: start the server once it has finished.`);
    case 'backup':
      return new StartupError(`${capitalize(describeHolder(holder))} still holds ${dataDir}: start the server once it has finished.`);
    default:
      return new StartupError(`Another process holds ${dataDir} (its lock, ${LOCK_FILE}): stop it first, then start the server again.`);
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
