// The days an event runs, from its first to its last slot start, in the site's zone and the page's
// language: 'December 2, 2026', 'December 2 – 4, 2026', '2–4 décembre 2026'. The date formatter's
// dateSpan (format-date.ts) is this function; the server writes an event's days with it
// (server/events/event-schedule.ts), so pages show them without formatting a date themselves.

// One formatter per zone and language, made on first use (making one costs far more than using
// it). A site formats in its one zone and two languages: the bound only stops a caller's zone from
// growing the map.
const MAX_SPAN_FORMATS = 20;
const spanFormats = new Map<string, Intl.DateTimeFormat>();

function spanFormat(timeZone: string, locale: string): Intl.DateTimeFormat {
  const key = `${timeZone}|${locale}`;
  let format = spanFormats.get(key);
  if (format === undefined) {
    if (spanFormats.size >= MAX_SPAN_FORMATS) spanFormats.clear();
    format = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'long', year: 'numeric' });
    spanFormats.set(key, format);
  }
  return format;
}

export function formatDateSpan(firstIso: string, lastIso: string, timeZone: string, locale: string): string {
  const format = spanFormat(timeZone, locale);
  const first = new Date(firstIso);
  const last = new Date(lastIso);
  // Two starts on one day are that day, written as the date alone (what formatRange writes for
  // them differs between engines).
  return format.format(first) === format.format(last) ? format.format(first) : format.formatRange(first, last);
}

