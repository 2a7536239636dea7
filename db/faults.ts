// Failures of the database itself, as opposed to the request: the server is out of disk space, or
// the connection to PostgreSQL is gone (a restart, a network cut). The HTTP layers answer these with
// 503 and a sentence a visitor understands, never 500; what each driver reports is read here, once.

/** The error and what it wraps (`cause`, an AggregateError's errors), a few levels deep. */
function causes(error: unknown, depth = 0): unknown[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [error];
  const inner = [
    ...('cause' in error && error.cause !== undefined ? [error.cause] : []),
    ...(error instanceof AggregateError ? error.errors : []),
  ];
  return [error, ...inner.flatMap((item) => causes(item, depth + 1))];
}

/** The write was refused for lack of space: SQLite's SQLITE_FULL, PostgreSQL's disk_full (53100). */
export function isDiskFull(error: unknown): boolean {
  return causes(error).some(isDiskFullItself);
}

function isDiskFullItself(error: unknown): boolean {
  const code = codeOf(error);
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true;
  // SQLite reports a failed write of its journal as an I/O error; the OS said why.
  return code?.startsWith('SQLITE_IOERR') === true && /no space|disk is full/i.test(messageOf(error));
}

/**
 * PostgreSQL cannot be reached or dropped the connection: a shutdown or restart (57P01 admin,
 * 57P02 crash, 57P03 starting up), no connection slot left (53300), a connection exception
 * (class 08), a refused or reset socket,
 * or pg's own words for a connection that ended. Requests succeed again once it is back.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  return causes(error).some(isUnreachableItself);
}

function isUnreachableItself(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined) {
    // 53300: too many connections (every slot of the server taken, as after a restart storm).
    if (['57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08')) return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code)) return true;
  }
  return /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended/i.test(
    messageOf(error),
  );
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : '';
}
