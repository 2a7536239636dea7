// Reading a connection's busy times and keeping them: the scheduler refreshes every connection
// that is due (every CALENDAR_REFRESH_MINUTES), a consultant's Refresh does it at once. Of several
// instances one refreshes a connection (a lease on its row). A read that fails keeps the busy
// times last read and records why, in words; the first failure of a spell e-mails the owner and
// the admins once, and a good read ends the spell.
import pLimit from 'p-limit';
import type { DB } from '@db/database';
import type { CalendarConnectionRow } from '@db/schema';
import type { ServiceDeps } from '@server/core/deps';
import type { Config } from '@server/core/config';
import { findStaffMember } from '@server/consultations/consultations.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import { calDavBusy } from './caldav-client';
import { calendarFetch } from './calendar-http';
import type { BusyInterval, BusyWindow } from './calendar-ics';
import { CALENDAR_WORDS, CalendarReadError, wordsOfFailure } from './calendar-errors';
import { decryptSecret, secretKeyOf, UnreadableSecretError } from './calendar-secrets';
import { dueConnectionIds, findConnection, leaseConnection, longestHorizonOf, replaceBusy, updateConnectionRow } from './calendars.repository';
import { enqueueFailureMessages } from './calendar-messages';
import { feedBusy } from './feed-client';
import { englishOf } from '@server/shared/i18n/catalogs';

const DAY_MS = 86_400_000;
/** Busy times are read this many days past the longest horizon of the consultant's types. */
const DEFAULT_HORIZON_DAYS = 60;
const REFRESHES_AT_ONCE = 4;

/** The fetch every calendar request goes through, with the operator's settings. */
export function calendarFetchOf(config: Pick<Config, 'publicOrigin' | 'calendars'>, timeoutMs = config.calendars.timeoutMs) {
  return calendarFetch({ allowPrivateNetwork: config.calendars.allowPrivateNetwork, publicOrigin: config.publicOrigin, timeoutMs });
}

/** The decrypted secret of a connection; one that no longer decrypts is a failure in words. */
export function secretOf(config: Pick<Config, 'dataDir' | 'calendars'>, connection: Pick<CalendarConnectionRow, 'secret'>): string {
  try {
    return decryptSecret(secretKeyOf(config), connection.secret);
  } catch (error) {
    if (error instanceof UnreadableSecretError) throw new CalendarReadError(CALENDAR_WORDS.secretUnreadable);
    throw error;
  }
}

/** The busy times of one connection in `window`, read from its server now. */
export async function readConnectionBusy(config: Config, connection: CalendarConnectionRow, window: BusyWindow, timeoutMs?: number): Promise<BusyInterval[]> {
  const fetch = calendarFetchOf(config, timeoutMs);
  const secret = secretOf(config, connection);
  window = { ...window, ownUids: ownUidsOf(config) };
  if (connection.kind === 'feed') return feedBusy(secret, window, fetch);
  const calendars = JSON.parse(connection.busyCalendars) as string[];
  return calDavBusy({ serverUrl: connection.serverUrl, username: connection.username ?? '', password: secret }, calendars, window, fetch);
}

/** The window a refresh reads: from yesterday to two days past the consultant's longest horizon. */
export async function refreshWindow(db: DB, userId: string, now: number): Promise<BusyWindow> {
  const [horizon, member, settings] = await Promise.all([longestHorizonOf(db, userId), findStaffMember(db, userId), getSystemSettings(db)]);
  const from = Math.floor((now - DAY_MS) / DAY_MS) * DAY_MS;
  return { from, to: now + ((horizon ?? DEFAULT_HORIZON_DAYS) + 2) * DAY_MS, floatingZone: member?.timeZone ?? settings.timezone };
}

/** The UIDs of the consultations this site writes back (consultation-<id>@<host>), which it knows already. */
export function ownUidsOf(config: Pick<Config, 'publicOrigin'>): RegExp {
  const host = new URL(config.publicOrigin).hostname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^consultation-[^@]+@${host}$`);
}

/** Reads the connection and stores what came of it (busy times and health); answers the updated row. */
export async function refreshConnection(deps: Pick<ServiceDeps, 'db' | 'config'>, connection: CalendarConnectionRow, now: Date): Promise<CalendarConnectionRow> {
  const { db, config } = deps;
  const nowIso = now.toISOString();
  const nextRefreshAt = new Date(now.getTime() + config.calendars.refreshMs).toISOString();
  let busy: BusyInterval[];
  try {
    busy = await readConnectionBusy(config, connection, await refreshWindow(db, connection.userId, now.getTime()));
  } catch (error) {
    const words = englishOf(wordsOfFailure(error));
    return db.transaction().execute(async (trx) => {
      const notify = connection.failureNotified !== 1;
      if (notify) await enqueueFailureMessages(trx, config.publicOrigin, connection, words, now);
      const updated = await updateConnectionRow(trx, connection.id, {
        lastAttemptAt: nowIso,
        error: words,
        failingSince: connection.failingSince ?? nowIso,
        failureNotified: 1,
        nextRefreshAt,
        leaseUntil: null,
      });
      return updated ?? connection;
    });
  }
  return db.transaction().execute(async (trx) => {
    await replaceBusy(trx, connection.id, connection.userId, busy);
    const updated = await updateConnectionRow(trx, connection.id, {
      lastOkAt: nowIso,
      lastAttemptAt: nowIso,
      error: null,
      failingSince: null,
      failureNotified: 0,
      nextRefreshAt,
      leaseUntil: null,
    });
    return updated ?? connection;
  });
}

/** How long an instance holds a refresh it took: longer than any refresh takes. */
export function leaseLength(config: Pick<Config, 'calendars'>): number {
  return Math.max(60_000, 10 * config.calendars.timeoutMs);
}

/**
 * Refreshes connection `id` if no other instance is doing it (and, for the scheduler, `onlyIfDue`,
 * if it is still due); undefined when one is (or it is gone).
 */
export async function refreshIfFree(deps: Pick<ServiceDeps, 'db' | 'config'>, id: string, now: Date, onlyIfDue = false): Promise<CalendarConnectionRow | undefined> {
  const leased = await leaseConnection(deps.db, id, now.toISOString(), new Date(now.getTime() + leaseLength(deps.config)).toISOString(), onlyIfDue);
  if (!leased) return undefined;
  const connection = await findConnection(deps.db, id);
  return connection === undefined ? undefined : refreshConnection(deps, connection, now);
}

/** The scheduler's part: every due connection, a few at a time. Answers how many were read. */
export async function refreshDueCalendars(deps: Pick<ServiceDeps, 'db' | 'config'>, at: Date): Promise<number> {
  const due = await dueConnectionIds(deps.db, at.toISOString(), 200);
  const limit = pLimit(REFRESHES_AT_ONCE);
  const done = await Promise.all(due.map(({ id }) => limit(async () => ((await refreshIfFree(deps, id, at, true)) === undefined ? 0 : 1))));
  return done.reduce<number>((sum, one) => sum + one, 0);
}
