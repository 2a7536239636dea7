// Errors that repeat are logged as an outage, not as a stack trace each time: the first failure of a
// kind is one error line with its stack, the same failure again within a minute is only counted, a
// failure after that minute is one line saying how often it failed meanwhile, and when the failing
// thing works again (the e-mail sender's next pass, the scheduler's next run) one line says so.
// A kind is the place and the error's message (`e-mail sender`, `GET events.list: no such table`).
import type { Log } from './log';

export const REPEAT_LOG_EVERY_MS = 60_000;
/** A kind that has not failed for this long starts a new outage (and its first line has a stack again). */
const OUTAGE_FORGOTTEN_MS = 10 * 60_000;
/** Kinds remembered at most (many distinct messages are many outages; the oldest are forgotten). */
const MAX_KINDS = 500;

interface Outage {
  since: number;
  lastFailure: number;
  lastLogged: number;
  failures: number;
  /** Failures since the last line. */
  unlogged: number;
}

export interface RepeatedErrors {
  /** Logs a failure of `place`, at most one line a minute for the same place and message. */
  failed(place: string, error: unknown, fields?: Record<string, unknown>): void;
  /** `place` works again: one line when it had been failing. */
  recovered(place: string): void;
}

function times(count: number): string {
  return count === 1 ? 'once' : `${count} times`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function repeatedErrors(log: Pick<Log, 'error' | 'warn'>, now: () => number = () => Date.now()): RepeatedErrors {
  const outages = new Map<string, Outage>();
  /** The kinds failing now, per place, so a recovery names them all. */
  const kindsOf = new Map<string, Set<string>>();

  function forget(kind: string, place: string): void {
    outages.delete(kind);
    const kinds = kindsOf.get(place);
    kinds?.delete(kind);
    if (kinds?.size === 0) kindsOf.delete(place);
  }

  return {
    failed(place, error, fields = {}) {
      const at = now();
      const message = messageOf(error);
      const kind = `${place}: ${message}`;
      let outage = outages.get(kind);
      if (outage !== undefined && at - outage.lastFailure >= OUTAGE_FORGOTTEN_MS) {
        forget(kind, place);
        outage = undefined;
      }
      if (outage === undefined) {
        if (outages.size >= MAX_KINDS) {
          const oldest = outages.keys().next().value;
          if (oldest !== undefined) outages.delete(oldest);
        }
        outages.set(kind, { since: at, lastFailure: at, lastLogged: at, failures: 1, unlogged: 0 });
        kindsOf.set(place, (kindsOf.get(place) ?? new Set()).add(kind));
        log.error({ ...fields, err: error }, `${place} failed: ${message}`);
        return;
      }
      outage.failures += 1;
      outage.unlogged += 1;
      outage.lastFailure = at;
      if (at - outage.lastLogged < REPEAT_LOG_EVERY_MS) return;
      log.error(
        { ...fields, failures: outage.failures, since: new Date(outage.since).toISOString() },
        `${place} still failing: ${message} (${times(outage.unlogged)} in the last ${Math.round((at - outage.lastLogged) / 1000)} s)`,
      );
      outage.lastLogged = at;
      outage.unlogged = 0;
    },
    recovered(place) {
      const kinds = kindsOf.get(place);
      if (kinds === undefined) return;
      let failures = 0;
      let since = Number.POSITIVE_INFINITY;
      for (const kind of kinds) {
        const outage = outages.get(kind);
        if (outage === undefined) continue;
        failures += outage.failures;
        since = Math.min(since, outage.since);
      }
      for (const kind of [...kinds]) forget(kind, place);
      if (failures === 0) return;
      // At warn, not info: a log that shows the failure (production writes warnings and errors) shows its end.
      log.warn(
        { failures, since: new Date(since).toISOString() },
        `${place} works again after ${failures} ${failures === 1 ? 'failure' : 'failures'} over ${Math.round((now() - since) / 1000)} s`,
      );
    },
  };
}
