// The one log: JSON lines, a text form for a person at a terminal, lifecycle lines whatever the
// level, and a failure that repeats logged as an outage: its first line, a count a minute, its end.
import { describe, expect, it } from 'vitest';
import { createLog, formatTextLine, lifecycleLog } from './log';
import { repeatedErrors } from './repeated-errors';

function capture(level: 'warn' | 'info' | 'silent' = 'warn', format: 'json' | 'text' = 'json') {
  const written: string[] = [];
  const log = createLog({ logLevel: level, logFormat: format }, { write: (line) => void written.push(line) });
  return { log, written, json: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the log', () => {
  it('writes one JSON object a line, level by name, ISO time', () => {
    const { log, json } = capture('info');
    log.info({ route: 'events.list' }, 'hello');
    expect(json()).toEqual([{ level: 'info', time: expect.stringMatching(/Z$/), pid: process.pid, route: 'events.list', msg: 'hello' }]);
  });

  it('writes lifecycle lines whatever LOG_LEVEL says, except silent', () => {
    const quiet = capture('warn');
    quiet.log.info('not shown');
    lifecycleLog(quiet.log).info('Site running at http://127.0.0.1:3000 (process 1)');
    expect(quiet.json().map((line) => line.msg)).toEqual(['Site running at http://127.0.0.1:3000 (process 1)']);
    const silent = capture('silent');
    lifecycleLog(silent.log).info('Stopped.');
    expect(silent.written).toEqual([]);
  });

  it('writes text for a person: the message, the fields, the stack', () => {
    const { log, written } = capture('info', 'text');
    log.info('Site running at http://127.0.0.1:3000 (process 7)');
    log.error({ route: 'events.list', status: 500 }, 'request answered');
    const error = new Error('disk on fire');
    log.error({ err: error }, 'backup failed');
    expect(written[0]).toBe('Site running at http://127.0.0.1:3000 (process 7)\n');
    expect(written[1]).toBe('ERROR: request answered route=events.list status=500\n');
    expect(written[2]).toMatch(/^ERROR: backup failed\nError: disk on fire\n {4}at /);
    expect(formatTextLine('{"level":"warn","msg":"Not ready","checks":{"database":false}}')).toBe('WARN: Not ready checks={"database":false}\n');
  });
});

describe('repeated errors', () => {
  it('logs an outage as its first failure, a line a minute with a count, and its end', () => {
    const { log, json } = capture('warn');
    let now = Date.parse('2026-11-27T10:00:00.000Z');
    const errors = repeatedErrors(log, () => now);
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    for (let second = 0; second < 90; second += 5) {
      now = Date.parse('2026-11-27T10:00:00.000Z') + second * 1000;
      errors.failed('e-mail sender', down);
    }
    errors.recovered('scheduler');
    now += 10_000;
    errors.recovered('e-mail sender');
    errors.recovered('e-mail sender');
    expect(json().map((line) => `${String(line.level)} ${String(line.msg)}`)).toEqual([
      'error e-mail sender failed: connect ECONNREFUSED 127.0.0.1:5432',
      'error e-mail sender still failing: connect ECONNREFUSED 127.0.0.1:5432 (12 times in the last 60 s)',
      'warn e-mail sender works again after 18 failures over 95 s',
    ]);
    expect(json()[0]).toHaveProperty('err.stack');
    expect(json()[1]).not.toHaveProperty('err');
  });

  it('starts a new outage, with its stack again, after ten quiet minutes', () => {
    const { log, json } = capture('warn');
    let now = 0;
    const errors = repeatedErrors(log, () => now);
    errors.failed('scheduler', new Error('SQLITE_BUSY: database is locked'));
    now = 11 * 60_000;
    errors.failed('scheduler', new Error('SQLITE_BUSY: database is locked'));
    expect(json().map((line) => String(line.msg))).toEqual([
      'scheduler failed: SQLITE_BUSY: database is locked',
      'scheduler failed: SQLITE_BUSY: database is locked',
    ]);
    expect(json()[1]).toHaveProperty('err.stack');
  });
});
