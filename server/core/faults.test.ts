// Which failures of the database are faults of the infrastructure (answered 503 with a sentence),
// however the driver or a library wraps them, and which are not.
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, isDiskFull } from '@db/faults';
import { faultKindOf } from './faults';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('database faults', () => {
  it('knows a full disk from SQLite, PostgreSQL and the file system, wrapped or not', () => {
    expect(isDiskFull(withCode('SQLITE_FULL', 'database or disk is full'))).toBe(true);
    expect(isDiskFull(withCode('53100', 'could not extend file'))).toBe(true);
    expect(isDiskFull(withCode('ENOSPC'))).toBe(true);
    expect(isDiskFull(withCode('SQLITE_IOERR_WRITE', 'disk I/O error: No space left on device'))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: withCode('SQLITE_FULL') }))).toBe(true);
    expect(isDiskFull(new AggregateError([new Error('other'), withCode('53100')]))).toBe(true);
    expect(isDiskFull(withCode('SQLITE_IOERR_WRITE', 'disk I/O error'))).toBe(false);
    expect(isDiskFull(withCode('SQLITE_CONSTRAINT_UNIQUE'))).toBe(false);
  });

  it('knows PostgreSQL going away: restarts, no free connection, lost sockets', () => {
    for (const code of ['57P01', '57P02', '57P03', '53300', '08006', '08001', 'ECONNREFUSED', 'ECONNRESET']) {
      expect(isDatabaseUnreachable(withCode(code)), code).toBe(true);
    }
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('query failed', { cause: withCode('57P01') }))).toBe(true);
    expect(isDatabaseUnreachable(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnreachable(new Error('Something else'))).toBe(false);
  });

  it('names the kind the reporter logs and the HTTP layers answer', () => {
    expect(faultKindOf(withCode('SQLITE_FULL'))).toBe('disk-full');
    expect(faultKindOf(withCode('57P01'))).toBe('database-unreachable');
    expect(faultKindOf(new Error('a bug'))).toBeNull();
  });
});
