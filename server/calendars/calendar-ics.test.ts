// Busy intervals from iCalendar text: single events, recurrences with moved and deleted
// occurrences, zones from VTIMEZONE and from IANA names, all-day events in the consultant's zone,
// free and cancelled events left out, and both shapes of free-busy answers.
import { describe, expect, it } from 'vitest';
import { busyFromIcs, CalendarParseError, mergeIntervals } from './calendar-ics';

const WINDOW = { from: Date.parse('2030-01-01T00:00:00Z'), to: Date.parse('2030-02-01T00:00:00Z'), floatingZone: 'Europe/London' };

function calendar(...parts: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...parts, 'END:VCALENDAR'].join('\r\n');
}

function event(lines: string[]): string {
  return ['BEGIN:VEVENT', 'DTSTAMP:20300101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

const PARIS = [
  'BEGIN:VTIMEZONE',
  'TZID:Romance Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T030000',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

function iso(intervals: { start: number; end: number }[]) {
  return intervals.map(({ start, end }) => [new Date(start).toISOString(), new Date(end).toISOString()]);
}

describe('busyFromIcs', () => {
  it('reads a single meeting in UTC and one in a zone the file defines (a Windows zone name)', () => {
    const text = calendar(
      PARIS,
      event(['UID:a', 'DTSTART:20300107T100000Z', 'DTEND:20300107T110000Z']),
      event(['UID:b', 'DTSTART;TZID=Romance Standard Time:20300108T090000', 'DTEND;TZID=Romance Standard Time:20300108T093000']),
    );
    expect(iso(busyFromIcs(text, WINDOW))).toEqual([
      ['2030-01-07T10:00:00.000Z', '2030-01-07T11:00:00.000Z'],
      ['2030-01-08T08:00:00.000Z', '2030-01-08T08:30:00.000Z'],
    ]);
  });

  it('expands a weekly rule in its own zone, with one occurrence moved and one deleted', () => {
    const text = calendar(
      event(['UID:w', 'DTSTART;TZID=America/New_York:20300108T140000', 'DTEND;TZID=America/New_York:20300108T150000', 'RRULE:FREQ=WEEKLY;COUNT=4', 'EXDATE;TZID=America/New_York:20300122T140000']),
      event(['UID:w', 'RECURRENCE-ID;TZID=America/New_York:20300115T140000', 'DTSTART;TZID=America/New_York:20300116T090000', 'DTEND;TZID=America/New_York:20300116T100000']),
    );
    expect(iso(busyFromIcs(text, WINDOW))).toEqual([
      ['2030-01-08T19:00:00.000Z', '2030-01-08T20:00:00.000Z'],
      ['2030-01-16T14:00:00.000Z', '2030-01-16T15:00:00.000Z'],
      ['2030-01-29T19:00:00.000Z', '2030-01-29T20:00:00.000Z'],
    ]);
  });

  it('keeps local hours across a daylight-saving change', () => {
    const window = { from: Date.parse('2030-03-01T00:00:00Z'), to: Date.parse('2030-03-20T00:00:00Z'), floatingZone: 'UTC' };
    const text = calendar(event(['UID:d', 'DTSTART;TZID=America/New_York:20300305T090000', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2']));
    expect(iso(busyFromIcs(text, window))).toEqual([
      ['2030-03-05T14:00:00.000Z', '2030-03-05T15:00:00.000Z'],
      ['2030-03-12T13:00:00.000Z', '2030-03-12T14:00:00.000Z'],
    ]);
  });

  it("makes an all-day event busy from the consultant's midnight to the next, and floating times theirs", () => {
    const text = calendar(event(['UID:all', 'DTSTART;VALUE=DATE:20300110', 'DTEND;VALUE=DATE:20300111']), event(['UID:f', 'DTSTART:20300120T100000', 'DTEND:20300120T110000']));
    const window = { ...WINDOW, floatingZone: 'Asia/Tokyo' };
    expect(iso(busyFromIcs(text, window))).toEqual([
      ['2030-01-09T15:00:00.000Z', '2030-01-10T15:00:00.000Z'],
      ['2030-01-20T01:00:00.000Z', '2030-01-20T02:00:00.000Z'],
    ]);
  });

  it('leaves out events marked free, cancelled events and a cancelled occurrence', () => {
    const text = calendar(
      event(['UID:free', 'DTSTART:20300107T100000Z', 'DTEND:20300107T110000Z', 'TRANSP:TRANSPARENT']),
      event(['UID:gone', 'DTSTART:20300108T100000Z', 'DTEND:20300108T110000Z', 'STATUS:CANCELLED']),
      event(['UID:r', 'DTSTART:20300109T100000Z', 'DTEND:20300109T110000Z', 'RRULE:FREQ=DAILY;COUNT=2']),
      event(['UID:r', 'RECURRENCE-ID:20300110T100000Z', 'DTSTART:20300110T100000Z', 'DTEND:20300110T110000Z', 'STATUS:CANCELLED']),
    );
    expect(iso(busyFromIcs(text, WINDOW))).toEqual([['2030-01-09T10:00:00.000Z', '2030-01-09T11:00:00.000Z']]);
  });

  it('clips to the window, and starts old rules near it with the same occurrences', () => {
    const text = calendar(
      event(['UID:old', 'DTSTART:19900101T080000Z', 'DTEND:19900101T081500Z', 'RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'EXDATE:20300102T080000Z']),
      event(['UID:fortnight', 'DTSTART;TZID=Europe/Paris:20150106T170000', 'DTEND;TZID=Europe/Paris:20150106T180000', 'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU']),
      event(['UID:quarterly', 'DTSTART:20100115T120000Z', 'DTEND:20100115T130000Z', 'RRULE:FREQ=MONTHLY;INTERVAL=3']),
      event(['UID:long', 'DTSTART:20291231T230000Z', 'DTEND:20300101T010000Z']),
    );
    const busy = iso(busyFromIcs(text, WINDOW));
    expect(busy[0]).toEqual(['2030-01-01T00:00:00.000Z', '2030-01-01T01:00:00.000Z']);
    expect(busy.filter(([start]) => start?.endsWith('T08:00:00.000Z'))).toHaveLength(22);
    expect(busy.filter(([start]) => start?.endsWith('T16:00:00.000Z'))).toEqual([
      ['2030-01-01T16:00:00.000Z', '2030-01-01T17:00:00.000Z'],
      ['2030-01-15T16:00:00.000Z', '2030-01-15T17:00:00.000Z'],
      ['2030-01-29T16:00:00.000Z', '2030-01-29T17:00:00.000Z'],
    ]);
    expect(busy).toContainEqual(['2030-01-15T12:00:00.000Z', '2030-01-15T13:00:00.000Z']);
  });

  it('reads FREEBUSY lines, leaving FBTYPE=FREE out', () => {
    const text = calendar(
      ['BEGIN:VFREEBUSY', 'DTSTART:20300101T000000Z', 'DTEND:20300201T000000Z', 'FREEBUSY:20300107T100000Z/20300107T110000Z,20300108T100000Z/PT30M', 'FREEBUSY;FBTYPE=FREE:20300109T100000Z/20300109T110000Z', 'FREEBUSY;FBTYPE=BUSY-TENTATIVE:20300110T100000Z/20300110T110000Z', 'END:VFREEBUSY'].join('\r\n'),
    );
    expect(iso(busyFromIcs(text, WINDOW))).toEqual([
      ['2030-01-07T10:00:00.000Z', '2030-01-07T11:00:00.000Z'],
      ['2030-01-08T10:00:00.000Z', '2030-01-08T10:30:00.000Z'],
      ['2030-01-10T10:00:00.000Z', '2030-01-10T11:00:00.000Z'],
    ]);
  });

  it('reads one VFREEBUSY per busy period (no FREEBUSY lines), and one spanning the question as all free', () => {
    const perPeriod = calendar(
      ['BEGIN:VFREEBUSY', 'DTSTART:20300107T100000Z', 'DTEND:20300107T110000Z', 'END:VFREEBUSY', 'BEGIN:VFREEBUSY', 'DTSTART:20300108T100000Z', 'DTEND:20300108T120000Z', 'END:VFREEBUSY'].join('\r\n'),
    );
    expect(iso(busyFromIcs(perPeriod, WINDOW))).toEqual([
      ['2030-01-07T10:00:00.000Z', '2030-01-07T11:00:00.000Z'],
      ['2030-01-08T10:00:00.000Z', '2030-01-08T12:00:00.000Z'],
    ]);
    const allFree = calendar(['BEGIN:VFREEBUSY', 'DTSTART:20300101T000000Z', 'DTEND:20300201T000000Z', 'END:VFREEBUSY'].join('\r\n'));
    expect(busyFromIcs(allFree, WINDOW)).toEqual([]);
  });

  it('refuses text that is not iCalendar', () => {
    expect(() => busyFromIcs('<html>Not found</html>', WINDOW)).toThrow(CalendarParseError);
    expect(() => busyFromIcs('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\n', WINDOW)).toThrow(CalendarParseError);
  });

  it('merges overlapping and touching intervals', () => {
    expect(mergeIntervals([{ start: 5, end: 8 }, { start: 1, end: 3 }, { start: 3, end: 4 }, { start: 6, end: 7 }])).toEqual([
      { start: 1, end: 4 },
      { start: 5, end: 8 },
    ]);
  });
});
