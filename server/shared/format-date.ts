// The one date and time formatter, one per language: every date the site shows (pages, the back
// office, e-mails) goes through it, so a date reads the same everywhere in a language and always
// names its time zone where it has a time. Built on Intl (through time.ts's kept formats) and the
// catalog's few words around times ('your time (Toronto)'). Pure: the browser and the server use it.
import type { MessageKey } from './i18n/catalogs/en';
import { cachedFormat, formatDateTime, formatSlotRange } from './time';
import { formatDateSpan } from './date-span';
import { slotForVisitor, slotLineForVisitor, type VisitorSlot, zoneCity } from './visitor-time';

/** What the formatter needs of a language: its Intl locale and its catalog (client Translator, server Words). */
export interface DateLanguage {
  locale: string;
  t(key: MessageKey, values?: Record<string, unknown>): string;
}

export interface DateFormatter {
  /** 'Wednesday, December 2, 2026' ('mercredi 2 décembre 2026') */
  date(iso: string, timeZone: string): string;
  /** 'Wed, Dec 2, 2026' ('mer. 2 déc. 2026') */
  shortDate(iso: string, timeZone: string): string;
  /** 'Dec 2' ('2 déc.') */
  dayMonth(iso: string, timeZone: string): string;
  /** 'Dec 2, 2026' ('2 déc. 2026') */
  mediumDate(iso: string, timeZone: string): string;
  /** '10:00 AM' ('10:00') */
  time(iso: string, timeZone: string): string;
  /** The zone's abbreviation at that moment: 'EST' ('UTC−5') */
  zone(iso: string, timeZone: string): string;
  /** '10:00 AM – 12:00 PM' ('10:00 – 12:00'), the zone left to the context. */
  timeRange(startIso: string, endIso: string, timeZone: string): string;
  /** A moment with its zone: 'Dec 2, 2026, 10:00 AM EST' ('2 déc. 2026, 10:00 UTC−5') */
  dateTime(iso: string, timeZone: string): string;
  /** A slot with its zone: 'Wednesday, December 2, 2026, 10:00 AM – 12:00 PM EST' */
  range(startIso: string, endIso: string, timeZone: string): string;
  /** A slot in the site's zone, the zone named by its place too: '…, 10:00 AM – 12:00 PM GMT (Accra)' (e-mails). */
  rangeWithPlace(startIso: string, endIso: string, timeZone: string): string;
  /** A slot for a visitor: their clock, and the site's when it differs (null: the browser cannot say). */
  visitorSlot(startIso: string, endIso: string, siteZone: string, visitorZone: string | null): VisitorSlot;
  /** The same on one line: 'Sat, Nov 28, 2026, 5:00 AM – 7:00 AM your time (Toronto) / 10:00 AM – 12:00 PM in Accra (GMT)' */
  visitorSlotLine(startIso: string, endIso: string, siteZone: string, visitorZone: string | null): string;
  /** The days an event runs, from its first and last slot: 'December 2, 2026', 'December 2 – 4, 2026' */
  dateSpan(firstIso: string, lastIso: string, timeZone: string): string;
  /** A calendar day given as YYYY-MM-DD (no zone involved): 'Wednesday, December 2' */
  dayTitle(date: string): string;
  /** A calendar day given as YYYY-MM-DD with its year (no zone involved): 'December 2, 2026' ('2 décembre 2026'), an invoice's dates */
  calendarDate(date: string): string;
  /** A calendar month given as YYYY-MM: 'December 2026' */
  monthTitle(month: string): string;
  /** The week's days, Monday first, as [short, long]: ['Mon', 'Monday'] */
  weekdays(): [string, string][];
}

/**
 * The formatters made, by catalog and locale: a formatter says its words ('your time (Toronto)')
 * with the catalog it was made with, so one made with another catalog for the same locale (a test's
 * marked pseudo-language, or the server's for e-mails) is never handed out in its place. Making one
 * is cheap: the Intl formats it uses are kept apart (time.ts).
 */
const formatters = new WeakMap<DateLanguage['t'], Map<string, DateFormatter>>();

/**
 * A clock time never breaks before its day period: Intl puts a plain space or a narrow no-break
 * space (U+202F) before 'AM'/'PM' depending on its ICU version, and a plain one lets a narrow
 * column show '12:00' on one line and 'PM' on the next. Every such space becomes U+00A0.
 */
export function keepTimesWhole(text: string): string {
  return text.replace(/(\d)[ \u202f](?=[AP]M\b)/g, '$1\u00a0');
}

/** The same formatter, its every text with whole times. */
function withWholeTimes(formatter: DateFormatter): DateFormatter {
  const whole = <A extends unknown[]>(format: (...args: A) => string) => (...args: A) => keepTimesWhole(format(...args));
  return {
    ...formatter,
    time: whole(formatter.time),
    timeRange: whole(formatter.timeRange),
    dateTime: whole(formatter.dateTime),
    range: whole(formatter.range),
    rangeWithPlace: whole(formatter.rangeWithPlace),
    visitorSlotLine: whole(formatter.visitorSlotLine),
    visitorSlot(startIso, endIso, siteZone, visitorZone) {
      const slot = formatter.visitorSlot(startIso, endIso, siteZone, visitorZone);
      return { ...slot, time: keepTimesWhole(slot.time), eventTime: slot.eventTime === null ? null : keepTimesWhole(slot.eventTime) };
    },
  };
}

/** The formatter of a language, made once per catalog and locale. */
export function dateFormatter(language: DateLanguage): DateFormatter {
  let byLocale = formatters.get(language.t);
  if (byLocale === undefined) {
    byLocale = new Map();
    formatters.set(language.t, byLocale);
  }
  let formatter = byLocale.get(language.locale);
  if (formatter === undefined) {
    formatter = withWholeTimes(makeFormatter(language));
    byLocale.set(language.locale, formatter);
  }
  return formatter;
}

function makeFormatter({ locale, t }: DateLanguage): DateFormatter {
  const style = (timeZone: string, name: string, options: Intl.DateTimeFormatOptions) => cachedFormat(timeZone, name, options, locale);
  const words = {
    locale,
    nextDay: (time: string) => t('time.nextDay', { time }),
    yourTime: (city: string) => t('time.yourTime', { city }),
    atEvent: (time: string, place: string) => t('time.atEvent', { time, place }),
    inZone: (time: string, zone: string) => t('time.inZone', { time, zone }),
  };
  const abbreviation = (iso: string, timeZone: string) =>
    style(timeZone, 'zone', { timeZoneName: 'short' }).formatToParts(new Date(iso)).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const calendarDay = (date: string) => new Date(`${date}T00:00:00Z`);
  return {
    date: (iso, timeZone) => style(timeZone, 'long-date', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(iso)),
    shortDate: (iso, timeZone) => style(timeZone, 'visitor-date', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso)),
    dayMonth: (iso, timeZone) => style(timeZone, 'short-day', { month: 'short', day: 'numeric' }).format(new Date(iso)),
    mediumDate: (iso, timeZone) => style(timeZone, 'medium-date', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso)),
    time: (iso, timeZone) => style(timeZone, 'clock', { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
    zone: abbreviation,
    timeRange(startIso, endIso, timeZone) {
      const clock = style(timeZone, 'clock', { hour: 'numeric', minute: '2-digit' });
      return `${clock.format(new Date(startIso))} – ${clock.format(new Date(endIso))}`;
    },
    dateTime: (iso, timeZone) => formatDateTime(iso, timeZone, locale),
    range: (startIso, endIso, timeZone) => formatSlotRange(startIso, endIso, timeZone, locale),
    rangeWithPlace(startIso, endIso, timeZone) {
      const line = formatSlotRange(startIso, endIso, timeZone, locale);
      const city = zoneCity(timeZone);
      return city === abbreviation(startIso, timeZone) ? line : `${line} (${city})`;
    },
    visitorSlot: (startIso, endIso, siteZone, visitorZone) => slotForVisitor(startIso, endIso, siteZone, visitorZone, words),
    visitorSlotLine: (startIso, endIso, siteZone, visitorZone) => slotLineForVisitor(startIso, endIso, siteZone, visitorZone, words),
    dateSpan: (firstIso, lastIso, timeZone) => formatDateSpan(firstIso, lastIso, timeZone, locale),
    dayTitle: (date) => style('UTC', 'calendar-day', { weekday: 'long', month: 'long', day: 'numeric' }).format(calendarDay(date)),
    calendarDate: (date) => style('UTC', 'calendar-date', { year: 'numeric', month: 'long', day: 'numeric' }).format(calendarDay(date)),
    monthTitle: (month) => style('UTC', 'calendar-month', { month: 'long', year: 'numeric' }).format(calendarDay(`${month}-01`)),
    weekdays() {
      const short = style('UTC', 'calendar-weekday-short', { weekday: 'short' });
      const long = style('UTC', 'calendar-weekday-long', { weekday: 'long' });
      // 2024-01-01 was a Monday.
      return Array.from({ length: 7 }, (_, day) => {
        const date = new Date(Date.UTC(2024, 0, 1 + day));
        return [short.format(date), long.format(date)];
      });
    },
  };
}
