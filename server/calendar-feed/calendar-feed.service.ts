// The public calendar feed (GET /events.ics): one VCALENDAR with a VEVENT per upcoming time slot of
// the active sessions of active events, so a visitor who subscribes in a calendar app sees every
// session time and gets updates as slots are added or removed. Lines are CRLF, folded at 75 octets,
// TEXT values escaped, times in UTC; each slot's UID is stable so calendar apps update in place.
import type { Config } from '@server/core/config';
import { listUpcomingFeedSlots } from './calendar-feed.repository';
import type { ServiceContext } from '@server/core/service-context';
import { getPublicSettings } from '@server/settings/settings.service';
import { escapeIcsText, foldLine, icsParamValue, icsUtc } from '@server/shared/ics';

/** A feed beyond this many slots would be a mistake; calendar apps poll it often. */
export const FEED_SLOT_LIMIT = 1000;

/** The feed at `input.now`; the site's public address (for URLs and UIDs) comes from ctx.config. */
export async function buildCalendarFeed(
  { db, config }: Pick<ServiceContext, 'db'> & { config: Pick<Config, 'publicOrigin'> },
  input: { now: Date },
): Promise<string> {
  const options = { publicOrigin: config.publicOrigin, now: input.now };
  const nowIso = options.now.toISOString();
  const [settings, slots] = await Promise.all([
    getPublicSettings({ db }),
    listUpcomingFeedSlots(db, nowIso, FEED_SLOT_LIMIT),
  ]);
  const host = new URL(options.publicOrigin).host;
  const origin = options.publicOrigin.replace(/\/+$/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(host)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(settings.siteName)}`,
    `X-WR-TIMEZONE:${settings.timezone}`,
  ];
  // The firm organizes every session it publishes (a calendar app shows whom to write to).
  const organizer =
    settings.identity.contactEmail === null ? [] : [`ORGANIZER;CN=${icsParamValue(settings.siteName)}:mailto:${settings.identity.contactEmail}`];
  for (const slot of slots) {
    const location = slot.sessionLocation?.trim() || slot.eventLocation?.trim() || null;
    const description = slot.sessionDescription?.trim() || null;
    lines.push(
      'BEGIN:VEVENT',
      `UID:slot-${slot.slotId}@${host}`,
      `DTSTAMP:${icsUtc(nowIso)}`,
      `DTSTART:${icsUtc(slot.startTime)}`,
      `DTEND:${icsUtc(slot.endTime)}`,
      `SUMMARY:${escapeIcsText(`${slot.eventTitle} – ${slot.sessionTitle}`)}`,
      ...(description === null ? [] : [`DESCRIPTION:${escapeIcsText(description)}`]),
      ...(location === null ? [] : [`LOCATION:${escapeIcsText(location)}`]),
      `URL:${origin}/booking/${encodeURIComponent(slot.eventId)}`,
      ...organizer,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
