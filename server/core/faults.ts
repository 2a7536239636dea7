// What the server does when the database refuses work for reasons of its own: a full disk, or
// PostgreSQL gone (a restart, a network cut). The request is answered 503 with a sentence a
// visitor understands (the one mapping, infrastructureFault in server/core/errors.ts); here the operator
// hears of it: one log line naming the cause (at most once a minute per kind, however many
// requests fail), and for a full disk an alert to the admins at most once an hour, sent straight
// through SMTP since the outbox cannot be written.
import type { DB } from '@db/database';
import { isDiskFull, isDatabaseUnreachable } from '@db/faults';
import { diskFullAlert, sendSystemAlertNow } from '@server/monitoring/system-alerts.service';

export type FaultKind = 'disk-full' | 'database-unreachable';

const LOG_EVERY_MS = 60_000;
const ALERT_EVERY_MS = 3_600_000;

export interface FaultReporter {
  /** Reports `error` if it is such a fault; answers its kind, or null for any other error. */
  report(error: unknown): FaultKind | null;
  /** Resolves once alerts being sent are done (shutdown, tests). */
  settled(): Promise<void>;
}

export interface FaultReporterOptions {
  db: DB;
  dataDir: string;
  publicOrigin: string;
  /** Where the line goes (the server's log). */
  log: (line: string) => void;
  now?: () => number;
}

export function faultKindOf(error: unknown): FaultKind | null {
  if (isDiskFull(error)) return 'disk-full';
  if (isDatabaseUnreachable(error)) return 'database-unreachable';
  return null;
}

function describeCause(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const message = error instanceof Error ? error.message : String(error);
  return code === '' ? message : `${code}: ${message}`;
}

export function createFaultReporter(options: FaultReporterOptions): FaultReporter {
  const now = options.now ?? Date.now;
  const lastLogged = new Map<FaultKind, number>();
  let lastAlerted = Number.NEGATIVE_INFINITY;
  const sending = new Set<Promise<unknown>>();

  function lineFor(kind: FaultKind, cause: string): string {
    return kind === 'disk-full'
      ? `Out of disk space: writes to the database in ${options.dataDir} are refused (${cause}). ` +
          'Free space on that disk; writes resume by themselves, no restart needed.'
      : `The database is unreachable (${cause}): requests answer 503 until it is back; the server keeps retrying.`;
  }

  return {
    report(error) {
      const kind = faultKindOf(error);
      if (kind === null) return null;
      const at = now();
      if (at - (lastLogged.get(kind) ?? Number.NEGATIVE_INFINITY) >= LOG_EVERY_MS) {
        lastLogged.set(kind, at);
        options.log(lineFor(kind, describeCause(error)));
      }
      if (kind === 'disk-full' && at - lastAlerted >= ALERT_EVERY_MS) {
        lastAlerted = at;
        const alert = sendSystemAlertNow(options.db, options.publicOrigin, diskFullAlert(options.dataDir, describeCause(error)))
          .catch((failure: unknown) => options.log(`The disk-full alert could not be sent: ${describeCause(failure)}`))
          .finally(() => sending.delete(alert));
        sending.add(alert);
      }
      return kind;
    },
    async settled() {
      await Promise.all([...sending]);
    },
  };
}
