// A moment as the site's wall clock, the value of a back-office date-and-time picker: 'YYYY-MM-DD
// HH:mm:ss' read in the site's Timezone setting, whatever the browser's own zone. Every conversion
// goes through server/shared/time.ts, so the picker and the API agree on daylight saving.
import { utcToZonedParts, zonedDateTimeToUtc } from '@server/shared/time';

/** A UTC instant as the site's wall clock: '2026-03-10 09:30:00'. */
export function toSiteWallClock(iso: string, timeZone: string): string {
  const parts = utcToZonedParts(iso, timeZone);
  return `${parts.date} ${parts.time}:00`;
}

/**
 * A wall-clock value ('YYYY-MM-DD HH:mm', with ':ss' or a 'T' between them too) read in the site's
 * zone, as a UTC ISO string; '' when empty or not a real date and time.
 */
export function fromSiteWallClock(value: string, timeZone: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value.trim());
  if (match === null) return '';
  try {
    return zonedDateTimeToUtc(match[1] ?? '', match[2] ?? '', timeZone);
  } catch {
    return '';
  }
}
