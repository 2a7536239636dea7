// A slot as a visitor abroad reads it: in their own time zone (the browser's), and, when that gives
// other clock times than the event's zone, in the event's zone too, each zone named by its place:
// "Sat, Nov 28, 2026 · 11:00 AM – 1:00 PM your time (Lagos)" and "10:00 AM – 12:00 PM in Accra (GMT)".
// Pure (no Node modules): the booking form and its success screen use it in the browser.

import { cachedFormat } from './time';

const STYLES: Record<'date' | 'clock' | 'zone', Intl.DateTimeFormatOptions> = {
  date: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  clock: { hour: 'numeric', minute: '2-digit' },
  zone: { timeZoneName: 'short' },
};

function format(timeZone: string, style: keyof typeof STYLES, locale?: string): Intl.DateTimeFormat {
  return cachedFormat(timeZone, `visitor-${style}`, STYLES[style], locale);
}

/** The reader's language for a slot: its Intl locale and the few words around the times. */
export interface VisitorTimeWords {
  locale: string;
  /** '10:00 PM – 1:00 AM next day' */
  nextDay(time: string): string;
  /** 'your time (Lagos)' */
  yourTime(city: string): string;
  /** '10:00 AM – 12:00 PM in Accra (GMT)' */
  atEvent(time: string, place: string): string;
  /** '10:00 AM – 12:00 PM UTC': a zone named by its abbreviation alone, which is no place to be in. */
  inZone(time: string, zone: string): string;
}

const ENGLISH: VisitorTimeWords = {
  locale: 'en-US',
  nextDay: (time) => `${time} next day`,
  yourTime: (city) => `your time (${city})`,
  atEvent: (time, place) => `${time} in ${place}`,
  inZone: (time, zone) => `${time} ${zone}`,
};

/** The place an IANA zone is named after: 'Africa/Accra' is 'Accra', 'America/Port_of_Spain' 'Port of Spain'. */
export function zoneCity(timeZone: string): string {
  const place = timeZone.split('/').at(-1) ?? timeZone;
  return place.replace(/_/g, ' ');
}

/** The browser's time zone, or null where it cannot say (then the event's zone is all there is). */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
  } catch {
    return null;
  }
}

/** A slot's start date, clock times and zone abbreviation in one zone. */
export interface SlotInZone {
  /** 'Sat, Nov 28, 2026' */
  date: string;
  /** '10:00 AM – 12:00 PM', with ' next day' when it ends after local midnight */
  time: string;
  /** 'GMT', 'EST', 'GMT+1' */
  abbreviation: string;
}

export function slotInZone(startIso: string, endIso: string, timeZone: string, words: VisitorTimeWords = ENGLISH): SlotInZone {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const date = format(timeZone, 'date', words.locale).format(start);
  const clock = format(timeZone, 'clock', words.locale);
  const endsNextDay = format(timeZone, 'date', words.locale).format(end) !== date;
  const abbreviation =
    format(timeZone, 'zone', words.locale).formatToParts(start).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const time = `${clock.format(start)} – ${clock.format(end)}`;
  return { date, time: endsNextDay ? words.nextDay(time) : time, abbreviation };
}

/** A slot for the visitor: their date and times, and the event's when those differ. */
export interface VisitorSlot {
  /** The date in the visitor's zone (the event's when they are the same). */
  date: string;
  /** The clock times in the visitor's zone. */
  time: string;
  /** Whose clock `time` is: 'GMT' (the event's own), or 'your time (Lagos)'. */
  zone: string;
  /** The event's date and times, when they differ from the visitor's: '10:00 AM – 12:00 PM in Accra (GMT)'. */
  eventTime: string | null;
}

export function slotForVisitor(
  startIso: string,
  endIso: string,
  eventZone: string,
  visitorZone: string | null,
  words: VisitorTimeWords = ENGLISH,
): VisitorSlot {
  const atEvent = slotInZone(startIso, endIso, eventZone, words);
  const local = visitorZone === null || visitorZone === eventZone ? null : slotInZone(startIso, endIso, visitorZone, words);
  // A visitor whose clock reads the same as the event's (London and Accra in winter) reads one line.
  if (local === null || (local.date === atEvent.date && local.time === atEvent.time)) {
    return { date: atEvent.date, time: atEvent.time, zone: atEvent.abbreviation, eventTime: null };
  }
  const eventDate = atEvent.date === local.date ? '' : `${atEvent.date}, `;
  return {
    date: local.date,
    time: local.time,
    zone: words.yourTime(zoneCity(visitorZone ?? eventZone)),
    eventTime:
      zoneCity(eventZone) === atEvent.abbreviation
        ? words.inZone(`${eventDate}${atEvent.time}`, atEvent.abbreviation)
        : words.atEvent(`${eventDate}${atEvent.time}`, placeOf(eventZone, atEvent.abbreviation)),
  };
}

/** 'Accra (GMT)'; a zone named by its abbreviation ('UTC') says it once. */
function placeOf(timeZone: string, abbreviation: string): string {
  const city = zoneCity(timeZone);
  return city === abbreviation ? city : `${city} (${abbreviation})`;
}

/** The slot on one line, both zones when they differ: for the booking's summary. */
export function slotLineForVisitor(
  startIso: string,
  endIso: string,
  eventZone: string,
  visitorZone: string | null,
  words: VisitorTimeWords = ENGLISH,
): string {
  const slot = slotForVisitor(startIso, endIso, eventZone, visitorZone, words);
  const line = `${slot.date}, ${slot.time} ${slot.zone}`;
  return slot.eventTime === null ? line : `${line} / ${slot.eventTime}`;
}
