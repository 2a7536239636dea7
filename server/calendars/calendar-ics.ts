// Busy intervals from iCalendar text (a feed, a CalDAV calendar's objects, or a free-busy answer),
// with ical.js. Events are expanded in a window: RRULE and RDATE, EXDATE, RECURRENCE-ID overrides
// (moved or cancelled occurrences), in the event's own zone: the file's VTIMEZONE when it defines
// the TZID (Outlook's Windows zone names), else the IANA zone of that name, else (a floating time
// or an unknown zone) the consultant's. An all-day event is busy from the consultant's local
// midnight to the next. Events marked free (TRANSP:TRANSPARENT) and cancelled ones (STATUS:
// CANCELLED, on the event or an occurrence) are left out. Pure: no I/O, tested on its own.
import ICAL from 'ical.js';
import { canonicalTimeZone } from '@server/consultations/consultations.schemas';
import { zonedDateTimeToUtc } from '@server/shared/time';

export interface BusyInterval {
  start: number;
  end: number;
}

export interface BusyWindow {
  from: number;
  to: number;
  /** The consultant's zone: floating times and all-day events are read in it. */
  floatingZone: string;
  /** Events this site wrote (its consultations, by UID): already known, so left out. */
  ownUids?: RegExp;
}

/** The text is not iCalendar (or not readable as such). */
export class CalendarParseError extends Error {
  override name = 'CalendarParseError';
}

/** Occurrences walked per recurring event at most (a daily rule since 1990 is about 15,000). */
const MAX_OCCURRENCES = 50_000;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

function wallToUtc(time: ICAL.Time, zone: string): number {
  const date = `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
  if (time.isDate) return Date.parse(zonedDateTimeToUtc(date, '00:00', zone));
  return Date.parse(zonedDateTimeToUtc(date, `${pad(time.hour)}:${pad(time.minute)}`, zone)) + time.second * 1000;
}

/** The instant of an event time: its resolved zone, else its TZID as an IANA zone, else the floating zone. */
function instantOf(time: ICAL.Time, tzid: string | undefined, floatingZone: string): number {
  if (time.isDate) return wallToUtc(time, floatingZone);
  const zone = time.zone;
  if (zone !== undefined && zone !== null && zone.tzid !== 'floating') return time.toUnixTime() * 1000;
  return wallToUtc(time, tzid !== undefined && canonicalTimeZone(tzid) !== null ? tzid : floatingZone);
}

function tzidOf(component: ICAL.Component, property: string): string | undefined {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
}

function isFree(component: ICAL.Component): boolean {
  const transp = component.getFirstPropertyValue('transp');
  const status = component.getFirstPropertyValue('status');
  return (typeof transp === 'string' && transp.toUpperCase() === 'TRANSPARENT') || (typeof status === 'string' && status.toUpperCase() === 'CANCELLED');
}

function parseComponent(text: string): ICAL.Component {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch (error) {
    throw new CalendarParseError(error instanceof Error ? error.message : 'not iCalendar');
  }
  // A file of several VCALENDARs parses to a list: take them all under one root.
  const list = Array.isArray(parsed) && typeof parsed[0] === 'string' ? [parsed] : (parsed as unknown[]);
  const roots = list.map((item) => new ICAL.Component(item as never));
  if (roots.length === 0 || roots.some((root) => root.name !== 'vcalendar')) throw new CalendarParseError('not a VCALENDAR');
  if (roots.length === 1 && roots[0] !== undefined) return roots[0];
  const root = new ICAL.Component('vcalendar');
  for (const one of roots) for (const child of one.getAllSubcomponents()) root.addSubcomponent(child);
  return root;
}

/** Runs `body` with the file's VTIMEZONEs known to ical.js, and forgets them after (synchronously). */
function withFileZones<T>(root: ICAL.Component, body: () => T): T {
  const added: string[] = [];
  for (const component of root.getAllSubcomponents('vtimezone')) {
    const tzid = component.getFirstPropertyValue('tzid');
    if (typeof tzid !== 'string' || ICAL.TimezoneService.has(tzid)) continue;
    ICAL.TimezoneService.register(new ICAL.Timezone(component));
    added.push(tzid);
  }
  try {
    return body();
  } finally {
    for (const tzid of added) ICAL.TimezoneService.remove(tzid);
  }
}

function pushClipped(out: BusyInterval[], start: number, end: number, window: BusyWindow): void {
  if (!(end > start) || end <= window.from || start >= window.to) return;
  out.push({ start: Math.max(start, window.from), end: Math.min(end, window.to) });
}

function occurrenceBusy(event: ICAL.Event, window: BusyWindow, out: BusyInterval[]): void {
  const masterTzid = tzidOf(event.component, 'dtstart');
  const add = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event) => {
    if (isFree(item.component)) return;
    const tzid = tzidOf(item.component, 'dtstart') ?? masterTzid;
    const endTzid = tzidOf(item.component, 'dtend') ?? tzid;
    pushClipped(out, instantOf(start, tzid, window.floatingZone), instantOf(end, endTzid, window.floatingZone), window);
  };
  if (!event.isRecurring()) {
    add(event.startDate, event.endDate, event);
    return;
  }
  const iterator = iteratorNear(event, window);
  // Wall-clock times read as UTC are within a day of the instant whatever the zone: enough to skip
  // occurrences far outside the window without the cost of a zone conversion.
  const margin = 2 * 86_400_000;
  for (let count = 0; count < MAX_OCCURRENCES; count += 1) {
    const next = iterator.next();
    if (next === undefined || next === null) return;
    const details = event.getOccurrenceDetails(next);
    const rough = Math.min(roughInstant(next), roughInstant(details.startDate));
    // An override may move an occurrence into the window from after it, hence both times.
    if (rough >= window.to + margin) return;
    if (Math.max(roughInstant(details.endDate), roughInstant(next)) < window.from - margin) continue;
    add(details.startDate, details.endDate, details.item);
  }
}

function roughInstant(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute);
}

const DAY_MS = 86_400_000;

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/**
 * ical.js walks a rule one occurrence at a time from DTSTART, at about 0.1 ms a step: a daily
 * meeting since 2015 would cost a second. A rule without COUNT repeats the same pattern every
 * whole period (days for DAILY and WEEKLY; years for MONTHLY and YEARLY from a day that every
 * month has), so the walk starts from DTSTART moved forward by whole periods to just before the
 * window; the moved start itself, always an occurrence to ical.js, falls before the window.
 */
function iteratorNear(event: ICAL.Event, window: BusyWindow): ReturnType<ICAL.Event['iterator']> {
  const rules = event.component.getAllProperties('rrule');
  const recur = rules.length === 1 ? rules[0]?.getFirstValue() : undefined;
  if (!(recur instanceof ICAL.Recur) || (recur.count !== null && recur.count !== undefined) || event.component.hasProperty('rdate')) return event.iterator();
  const start = event.startDate;
  const interval = recur.interval > 0 ? recur.interval : 1;
  const target = window.from - 3 * DAY_MS;
  const shifted = start.clone();
  if (recur.freq === 'DAILY' || recur.freq === 'WEEKLY') {
    const periodDays = (recur.freq === 'DAILY' ? 1 : 7) * interval;
    const periods = Math.floor((target - roughInstant(start)) / DAY_MS / periodDays);
    if (periods < 1) return event.iterator();
    shifted.adjust(periods * periodDays, 0, 0, 0);
  } else if ((recur.freq === 'MONTHLY' || recur.freq === 'YEARLY') && start.day <= 28) {
    const months = recur.freq === 'YEARLY' ? 12 * interval : (12 * interval) / greatestCommonDivisor(12, interval);
    const periods = Math.floor((new Date(target).getUTCFullYear() - start.year) / (months / 12)) - 1;
    if (periods < 1) return event.iterator();
    shifted.year = start.year + (periods * months) / 12;
  } else {
    return event.iterator();
  }
  return event.iterator(shifted);
}

function eventsBusy(root: ICAL.Component, window: BusyWindow, out: BusyInterval[]): void {
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Component[] = [];
  for (const component of root.getAllSubcomponents('vevent')) {
    if (component.hasProperty('recurrence-id')) overrides.push(component);
    else {
      const uid = component.getFirstPropertyValue('uid');
      masters.set(typeof uid === 'string' ? uid : `no-uid-${masters.size}`, new ICAL.Event(component, { strictExceptions: false }));
    }
  }
  const standalone: ICAL.Event[] = [];
  for (const component of overrides) {
    const uid = component.getFirstPropertyValue('uid');
    const master = typeof uid === 'string' ? masters.get(uid) : undefined;
    // An override of a rule relates to it; one without its rule (a server that expanded it) stands alone.
    if (master?.isRecurring() === true) master.relateException(component);
    else standalone.push(new ICAL.Event(component));
  }
  for (const event of [...masters.values(), ...standalone]) {
    if (!event.component.hasProperty('dtstart')) continue;
    if (window.ownUids?.test(event.uid) === true) continue;
    occurrenceBusy(event, window, out);
  }
}

function freeBusyLines(root: ICAL.Component, window: BusyWindow, out: BusyInterval[]): boolean {
  const components = root.getAllSubcomponents('vfreebusy');
  let sawLines = false;
  for (const component of components) {
    for (const property of component.getAllProperties('freebusy')) {
      sawLines = true;
      const type = property.getParameter('fbtype');
      if (typeof type === 'string' && type.toUpperCase() === 'FREE') continue;
      for (const value of property.getValues()) {
        if (!(value instanceof ICAL.Period)) continue;
        pushClipped(out, instantOf(value.start, undefined, window.floatingZone), instantOf(value.getEnd(), undefined, window.floatingZone), window);
      }
    }
  }
  if (sawLines || components.length === 0) return components.length > 0;
  // No FREEBUSY lines: either one component spanning the question (all free), or one component
  // per busy period with its own DTSTART and DTEND (as Radicale answers).
  for (const component of components) {
    const start = component.getFirstPropertyValue('dtstart');
    const end = component.getFirstPropertyValue('dtend');
    if (!(start instanceof ICAL.Time) || !(end instanceof ICAL.Time)) continue;
    const from = instantOf(start, undefined, window.floatingZone);
    const to = instantOf(end, undefined, window.floatingZone);
    if (components.length === 1 && from <= window.from && to >= window.to) continue;
    pushClipped(out, from, to, window);
  }
  return true;
}

/** Sorts and joins overlapping or touching intervals. */
export function mergeIntervals(intervals: BusyInterval[]): BusyInterval[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.end - b.end);
  const merged: BusyInterval[] = [];
  for (const interval of sorted) {
    const last = merged.at(-1);
    if (last !== undefined && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else merged.push({ ...interval });
  }
  return merged;
}

/**
 * The busy intervals of one iCalendar text within the window, merged and sorted: the events'
 * occurrences, or a free-busy answer's periods. Throws CalendarParseError when it is not iCalendar.
 */
export function busyFromIcs(text: string, window: BusyWindow): BusyInterval[] {
  const root = parseComponent(text);
  const out: BusyInterval[] = [];
  try {
    withFileZones(root, () => {
      freeBusyLines(root, window, out);
      eventsBusy(root, window, out);
    });
  } catch (error) {
    if (error instanceof CalendarParseError) throw error;
    throw new CalendarParseError(error instanceof Error ? error.message : 'unreadable calendar');
  }
  return mergeIntervals(out);
}

/** True when the text holds a VFREEBUSY (a free-busy answer) rather than events. */
export function isFreeBusyAnswer(text: string): boolean {
  return /BEGIN:VFREEBUSY/i.test(text);
}
