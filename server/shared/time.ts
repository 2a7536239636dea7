// Formats UTC timestamps in the site's timezone, always naming the zone, so a reader abroad never mistakes it for their own. Pure:
// used by the client (screens) and the server (e-mails) alike, so it must not import Node modules.
import { BoundedCache } from './bounded-cache';

export interface SlotLabel {
  date: string;
  time: string;
  zone: string;
}

// Building an Intl.DateTimeFormat costs far more than using one (it loads the zone's rules), and
// every e-mail and list formats many times: each zone and style gets one, made on first use. A
// formatter weighs about 27 kB and the zone comes from callers (a visitor's free-times request), so
// the kept ones are bounded: a site uses a few zones, styles and locales, far fewer than this.
const MAX_KEPT_FORMATS = 200;
const formats = new BoundedCache<string, Intl.DateTimeFormat>(MAX_KEPT_FORMATS);

/** One Intl.DateTimeFormat per zone, style and locale, made on first use (shared with visitor-time.ts). */
export function cachedFormat(timeZone: string, style: string, options: Intl.DateTimeFormatOptions, locale = 'en-US'): Intl.DateTimeFormat {
  return formats.getOrMake(`${style}|${timeZone}|${locale}`, () => new Intl.DateTimeFormat(locale, { timeZone, ...options }));
}

/** How many formatters of each kind are kept now (tests: the bound holds). */
export function keptFormatCounts(): { formats: number; wallClocks: number; zoneDays: number } {
  return { formats: formats.size, wallClocks: wallClockFormats.size, zoneDays: zoneDays.size };
}

const zoneNameFormat = (timeZone: string, locale?: string) => cachedFormat(timeZone, 'zone', { timeZoneName: 'short' }, locale);
const longDateFormat = (timeZone: string, locale?: string) =>
  cachedFormat(timeZone, 'long-date', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }, locale);
const clockFormat = (timeZone: string, locale?: string) => cachedFormat(timeZone, 'clock', { hour: 'numeric', minute: '2-digit' }, locale);
const mediumFormat = (timeZone: string, locale?: string) =>
  cachedFormat(timeZone, 'medium', { dateStyle: 'medium', timeStyle: 'short' }, locale);

function zoneName(at: Date, timeZone: string, locale?: string): string {
  const parts = zoneNameFormat(timeZone, locale).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** `locale` is the reader's language as an Intl locale ('fr'); US English unless given. */
export function formatSlot(startIso: string, endIso: string, timeZone: string, locale?: string): SlotLabel {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const date = longDateFormat(timeZone, locale).format(start);
  const time = clockFormat(timeZone, locale);
  return { date, time: `${time.format(start)} – ${time.format(end)}`, zone: zoneName(start, timeZone, locale) };
}

export function formatDateTime(iso: string, timeZone: string, locale?: string): string {
  const at = new Date(iso);
  const text = mediumFormat(timeZone, locale).format(at);
  return `${text} ${zoneName(at, timeZone, locale)}`;
}

/**
 * A slot as one line, e.g. 'Friday, March 13, 2026, 10:00 AM – 12:00 PM EDT'. When the end falls on
 * another local date, or in another zone abbreviation (a slot across a daylight-saving change), the
 * end says so too: 'Sunday, March 8, 2026, 1:30 AM EST – 3:30 AM EDT'.
 */
export function formatSlotRange(startIso: string, endIso: string, timeZone: string, locale?: string): string {
  // Every booking of a slot writes the same line into its messages (the participant's and the
  // admins'): each line is formatted once and kept, a few thousand at most.
  const key = `${startIso}|${endIso}|${timeZone}|${locale ?? ''}`;
  let line = slotRanges.get(key);
  if (line === undefined) {
    if (slotRanges.size >= MAX_KEPT_SLOT_RANGES) slotRanges.clear();
    line = formatSlotRangeOnce(startIso, endIso, timeZone, locale);
    slotRanges.set(key, line);
  }
  return line;
}

const MAX_KEPT_SLOT_RANGES = 5_000;
const slotRanges = new Map<string, string>();

function formatSlotRangeOnce(startIso: string, endIso: string, timeZone: string, locale?: string): string {
  const start = localMoment(new Date(startIso), timeZone, locale);
  const end = localMoment(new Date(endIso), timeZone, locale);
  if (start.date !== end.date) return `${start.date}, ${start.time} ${start.zone} – ${end.date}, ${end.time} ${end.zone}`;
  if (start.zone !== end.zone) return `${start.date}, ${start.time} ${start.zone} – ${end.time} ${end.zone}`;
  return `${start.date}, ${start.time} – ${end.time} ${start.zone}`;
}

/** One instant as a slot line shows it: its local date, clock time and zone abbreviation. */
function localMoment(at: Date, timeZone: string, locale?: string): { date: string; time: string; zone: string } {
  return {
    date: longDateFormat(timeZone, locale).format(at),
    time: clockFormat(timeZone, locale).format(at),
    zone: zoneName(at, timeZone, locale),
  };
}

/** A wall-clock date and time in some zone, as forms enter them. */
export interface ZonedParts {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm, 24-hour */
  time: string;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** One formatter per zone that reads its wall clock in numbers (offsetMs). */
const wallClockFormats = new BoundedCache<string, Intl.DateTimeFormat>(MAX_KEPT_FORMATS);

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  return wallClockFormats.getOrMake(
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
}

/** The zone's wall clock at a whole second, asked of Intl (a few microseconds: see offsetMs). */
function readWallClockMs(wholeSecondMs: number, timeZone: string): number {
  const parts = wallClockFormat(timeZone).formatToParts(new Date(wholeSecondMs));
  const field = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((part) => part.type === type)?.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'), field('second'));
}

/** A zone's offsets over one UTC day: `before` until the second `changesAt`, `after` from it on. */
interface DayOffsets {
  before: number;
  after: number;
  changesAt: number;
}

// Listing a month of free times asks a zone's offset thousands of times, over a few dozen days, and
// each answer through Intl costs microseconds. A zone changes its offset at most once a day (the
// rule zonedDateTimeToUtc relies on too), so each zone's UTC day is read once: its first and last
// second, and when they differ, the second of the change (a binary search, 17 reads). Keys come
// from callers (a visitor's zone and dates), so the days kept are bounded.
const MAX_KEPT_ZONE_DAYS = 5_000;
const zoneDays = new BoundedCache<string, DayOffsets>(MAX_KEPT_ZONE_DAYS);

function readDayOffsets(dayStartMs: number, timeZone: string): DayOffsets {
  const offsetAt = (second: number) => readWallClockMs(second, timeZone) - second;
  const lastSecond = dayStartMs + DAY_MS - 1000;
  const before = offsetAt(dayStartMs);
  const after = offsetAt(lastSecond);
  if (before === after) return { before, after, changesAt: dayStartMs };
  // offsetAt(low) is `before` and offsetAt(high) is not: narrow them to neighbouring seconds.
  let low = dayStartMs;
  let high = lastSecond;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetAt(middle) === before) low = middle;
    else high = middle;
  }
  return { before, after, changesAt: high };
}

/** How far the zone's wall clock is ahead of UTC at `instantMs`. */
function offsetMs(instantMs: number, timeZone: string): number {
  const second = Math.floor(instantMs / 1000) * 1000;
  const dayStart = Math.floor(second / DAY_MS) * DAY_MS;
  const day = zoneDays.getOrMake(`${timeZone}|${dayStart}`, () => readDayOffsets(dayStart, timeZone));
  return second < day.changesAt ? day.before : day.after;
}

/** The wall clock of `instantMs` in `timeZone`, read back as if it were UTC (milliseconds, whole seconds). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const second = Math.floor(instantMs / 1000) * 1000;
  return second + offsetMs(second, timeZone);
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** The local date and time of a UTC instant in `timeZone`, e.g. for prefilling a slot form. */
export function utcToZonedParts(iso: string, timeZone: string): ZonedParts {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) throw new RangeError(`Not a timestamp: ${iso}`);
  const wall = new Date(wallClockMs(instant, timeZone));
  return {
    date: `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`,
    time: `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`,
  };
}

/**
 * The UTC instant (ISO string) of a wall-clock date and time entered in `timeZone`, with Intl only.
 * Daylight-saving rule (the same as Temporal's 'compatible'): a local time that does not exist,
 * because it falls in the spring-forward gap, moves forward by the length of the gap (02:30 on
 * 2026-03-08 in New York is 03:30 EDT); a local time that happens twice, in the fall-back overlap,
 * is the first occurrence, still on daylight time (01:30 on 2026-11-01 in New York is 01:30 EDT).
 */
export function zonedDateTimeToUtc(localDate: string, localTime: string, timeZone: string): string {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDate);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(localTime);
  if (dateMatch === null || timeMatch === null) throw new RangeError(`Not a local date and time: ${localDate} ${localTime}`);
  const [year, month, day, hour, minute] = [...dateMatch.slice(1), ...timeMatch.slice(1)].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) {
    throw new RangeError(`Not a local date and time: ${localDate} ${localTime}`);
  }
  // The zone's offsets a day either side bracket any change near this wall time (zones change at
  // most once a day). Each offset gives one candidate instant; a candidate is real when the zone
  // shows exactly this wall time at it.
  const offsetBefore = offsetMs(wall - DAY_MS, timeZone);
  const offsetAfter = offsetMs(wall + DAY_MS, timeZone);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wall - offset)
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  const first = candidates[0];
  // No candidate: the wall time is in a gap. The offset in force before the gap carries it forward.
  return new Date(first ?? wall - offsetBefore).toISOString();
}

/** True for a zone Intl knows ('Europe/London', 'UTC'); 'Mars/Olympus' is refused. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Names ICU still lists under their former spelling, and the IANA name people search for today
 * (both work in Intl: the former is an alias of the latter).
 */
const CURRENT_IANA_NAMES: Record<string, string> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * Every IANA zone this runtime knows, UTC first then by name ('Africa/Abidjan' ... 'Pacific/Wallis'):
 * the site's Timezone choices, under their current IANA names (Asia/Kolkata, not ICU's
 * Asia/Calcutta). A stored zone the list does not have (another runtime's spelling, an alias such as
 * US/Eastern) is offered too (`keep`), since isTimeZone accepts it.
 */
export function timeZoneChoices(keep?: string): string[] {
  // The runtime's zone list never changes while it runs: made once. Its zones are valid by
  // definition; only a current name it is given instead of ICU's former one is checked (a dozen
  // formatters, not one per zone: this list is also a public page's time zone picker).
  knownZones ??= (() => {
    const zones = Intl.supportedValuesOf('timeZone')
      .map((zone) => {
        const current = CURRENT_IANA_NAMES[zone];
        return current !== undefined && isTimeZone(current) ? current : zone;
      })
      .filter((zone) => zone !== 'UTC');
    return ['UTC', ...[...new Set(zones)].sort()];
  })();
  const choices = [...knownZones];
  if (keep !== undefined && keep !== '' && !choices.includes(keep)) choices.push(keep);
  return choices;
}
let knownZones: readonly string[] | undefined;
