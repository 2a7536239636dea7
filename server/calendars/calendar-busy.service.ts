// What the consultations' free times and bookings know of the consultants' own calendars. Free
// times answer from the busy times kept per connection, never from a calendar server, so a slow or
// dead server never slows the public page. A connection whose last good read is more than a day
// old makes its consultant's times unknown: they are hidden until it reads again. A booking reads
// the calendars of the consultants it may assign again, for the time asked only, with a short
// deadline; what cannot be read then is taken from the kept busy times.
import type { ServiceDeps } from '@server/core/deps';
import type { CalendarBusySpan } from '@server/consultations/free-times.service';
import { getSystemSettings } from '@server/settings/settings.repository';
import { findStaffMember } from '@server/consultations/consultations.repository';
import { busyRowsOf, connectionsOfUsers, healthOf } from './calendars.repository';
import { readConnectionBusy } from './calendar-refresh.service';
import type { DB } from '@db/database';

/** After a day without a good read, a connection's kept busy times are no longer trusted. */
export const TRUSTED_FOR_MS = 86_400_000;
/** A booking waits at most this long for a consultant's calendar. */
const BOOKING_READ_MS = 5_000;

export interface ConsultantsBusy {
  spans: CalendarBusySpan[];
  /** Consultants with a connection not read for a day: their times are hidden. */
  unknown: Set<string>;
}

/** Whether a connection's kept busy times may be used at `now`. */
export function isTrusted(connection: { lastOkAt: string | null; createdAt: string }, now: number): boolean {
  return Date.parse(connection.lastOkAt ?? connection.createdAt) > now - TRUSTED_FOR_MS;
}

/** The kept busy times of `consultantIds` meeting [from, to), and who is unknown (two queries). */
export async function keptBusyOf(db: DB, consultantIds: readonly string[], from: number, to: number, now: number): Promise<ConsultantsBusy> {
  const [rows, health] = await Promise.all([busyRowsOf(db, consultantIds, new Date(from).toISOString(), new Date(to).toISOString()), healthOf(db, consultantIds)]);
  const unknown = new Set(health.filter((connection) => !isTrusted(connection, now)).map((connection) => connection.userId));
  return {
    spans: rows.map((row) => ({ consultantId: row.userId, from: Date.parse(row.startsAt), until: Date.parse(row.endsAt) })),
    unknown,
  };
}

/**
 * Busy times of `consultantIds` around [from, to) read from their servers now; a connection that
 * cannot be read gives its kept busy times instead (or, not trusted, makes its consultant unknown).
 */
export async function freshBusyOf(deps: Pick<ServiceDeps, 'db' | 'config'>, consultantIds: readonly string[], from: number, to: number, now: number): Promise<ConsultantsBusy> {
  const connections = await connectionsOfUsers(deps.db, consultantIds);
  if (connections.length === 0) return { spans: [], unknown: new Set() };
  const kept = await keptBusyOf(deps.db, consultantIds, from, to, now);
  const settings = await getSystemSettings(deps.db);
  const spans: CalendarBusySpan[] = [];
  const unknown = new Set<string>();
  const timeoutMs = Math.min(deps.config.calendars.timeoutMs, BOOKING_READ_MS);
  await Promise.all(
    connections.map(async (connection) => {
      const zone = (await findStaffMember(deps.db, connection.userId))?.timeZone ?? settings.timezone;
      try {
        const busy = await readConnectionBusy(deps.config, connection, { from, to, floatingZone: zone }, timeoutMs);
        spans.push(...busy.map((interval) => ({ consultantId: connection.userId, from: interval.start, until: interval.end })));
      } catch {
        if (!isTrusted(connection, now)) unknown.add(connection.userId);
      }
    }),
  );
  // The kept busy times stay in: a read that failed is covered by them, one that worked adds to them.
  return { spans: [...spans, ...kept.spans], unknown };
}

/**
 * Leaves a consultation's own time out of its consultant's calendar busy times: a server that
 * answers free-busy counts the event this site wrote for it, which must not block moving it.
 */
export function withoutOwnTime(busy: ConsultantsBusy, consultantId: string, from: number, until: number): ConsultantsBusy {
  const spans = busy.spans.flatMap((span) => {
    if (span.consultantId !== consultantId || span.until <= from || span.from >= until) return [span];
    return [
      ...(span.from < from ? [{ ...span, until: from }] : []),
      ...(span.until > until ? [{ ...span, from: until }] : []),
    ];
  });
  return { spans, unknown: busy.unknown };
}
