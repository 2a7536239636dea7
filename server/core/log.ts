// The server's one log: every line is one JSON object (pino), start-up and shutdown included, so a
// log collector never meets a plain-text line among the JSON. At a terminal (standard output is a
// TTY) the same lines are written for a person instead, the message first (LOG_FORMAT overrides
// either way). Lifecycle lines (listening, the setup link, shutting down, stopped) are written
// whatever LOG_LEVEL says, as operators and scripts read them.
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

export type Log = Logger;
export type LogFormat = 'json' | 'text';

export interface LogOptions {
  logLevel: LogLevel;
  logFormat: LogFormat;
}

/** Where lines go instead of standard output (tests). */
export interface LogDestination {
  write(line: string): void;
}

/** LOG_FORMAT's default: text for a person at a terminal, JSON for everything else (a service, a pipe, a file). */
export function defaultLogFormat(): LogFormat {
  return process.stdout.isTTY ? 'text' : 'json';
}

const TEXT_SKIPPED = new Set(['level', 'time', 'pid', 'msg', 'err']);

/** One JSON line as a person reads it: the message, then the other fields as key=value, then a stack. */
export function formatTextLine(json: string): string {
  const record = JSON.parse(json) as Record<string, unknown>;
  const level = typeof record.level === 'string' ? record.level : 'info';
  const head = level === 'info' ? '' : `${level.toUpperCase()}: `;
  const fields = Object.entries(record)
    .filter(([key]) => !TEXT_SKIPPED.has(key))
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
  const err = record.err as { stack?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? `\n${err.stack}` : '';
  return `${head}${typeof record.msg === 'string' ? record.msg : ''}${fields}${stack}\n`;
}

export function createLog(options: LogOptions, destination?: LogDestination): Log {
  const out: LogDestination =
    options.logFormat === 'text'
      ? { write: (line) => void (destination ?? process.stdout).write(formatTextLine(line)) }
      : (destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: options.logLevel,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    out,
  );
}

/** The log for lifecycle lines: at least info, whatever LOG_LEVEL says (unless it says silent). */
export function lifecycleLog(log: Log): Log {
  return log.level === 'silent' ? log : log.child({}, { level: 'info' });
}

/** A log that writes nothing (tests, benches). */
export function silentLog(): Log {
  return pino({ level: 'silent' });
}
