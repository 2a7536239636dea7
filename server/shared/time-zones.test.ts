// Slot times are entered in the site's timezone and stored as UTC; e-mails and screens show them in
// that zone and name it. Pure functions of server/shared/time.ts, shared with the client.
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatSlotRange, isTimeZone, keptFormatCounts, timeZoneChoices, utcToZonedParts, zonedDateTimeToUtc } from './time';

const NEW_YORK = 'America/New_York';
const LOS_ANGELES = 'America/Los_Angeles';

function minutesBetween(startIso: string, endIso: string): number {
  return (Date.parse(endIso) - Date.parse(startIso)) / 60_000;
}

function plain(text: string): string {
  return text.replace(/\u202f/g, ' ');
}

describe('spring forward: 2026-03-08 in New York (02:00 EST becomes 03:00 EDT)', () => {
  it('stores a 01:30 to 03:30 slot as one real hour, and shows each end in its own zone', () => {
    const start = zonedDateTimeToUtc('2026-03-08', '01:30', NEW_YORK);
    const end = zonedDateTimeToUtc('2026-03-08', '03:30', NEW_YORK);
    expect(start).toBe('2026-03-08T06:30:00.000Z');
    expect(end).toBe('2026-03-08T07:30:00.000Z');
    expect(minutesBetween(start, end)).toBe(60);
    expect(plain(formatSlotRange(start, end, NEW_YORK))).toBe('Sunday, March 8, 2026, 1:30 AM EST – 3:30 AM EDT');
    expect(utcToZonedParts(start, NEW_YORK)).toEqual({ date: '2026-03-08', time: '01:30' });
    expect(utcToZonedParts(end, NEW_YORK)).toEqual({ date: '2026-03-08', time: '03:30' });
  });

  it('moves a time in the gap forward by the gap: 02:30 is 03:30 EDT', () => {
    expect(zonedDateTimeToUtc('2026-03-08', '02:30', NEW_YORK)).toBe('2026-03-08T07:30:00.000Z');
    expect(zonedDateTimeToUtc('2026-03-08', '02:00', NEW_YORK)).toBe('2026-03-08T07:00:00.000Z');
    expect(utcToZonedParts(zonedDateTimeToUtc('2026-03-08', '02:30', NEW_YORK), NEW_YORK)).toEqual({
      date: '2026-03-08',
      time: '03:30',
    });
  });

  it('keeps times on either side of the change exact', () => {
    expect(zonedDateTimeToUtc('2026-03-07', '09:00', NEW_YORK)).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedDateTimeToUtc('2026-03-08', '09:00', NEW_YORK)).toBe('2026-03-08T13:00:00.000Z');
    expect(zonedDateTimeToUtc('2026-03-08', '01:59', NEW_YORK)).toBe('2026-03-08T06:59:00.000Z');
    expect(zonedDateTimeToUtc('2026-03-08', '03:00', NEW_YORK)).toBe('2026-03-08T07:00:00.000Z');
  });
});

describe('fall back: 2026-11-01 in New York (02:00 EDT becomes 01:00 EST)', () => {
  it('takes the first, daylight, 01:30 for the hour that happens twice', () => {
    expect(zonedDateTimeToUtc('2026-11-01', '01:30', NEW_YORK)).toBe('2026-11-01T05:30:00.000Z');
    // Both instants read 01:30 on the wall.
    expect(utcToZonedParts('2026-11-01T05:30:00.000Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(utcToZonedParts('2026-11-01T06:30:00.000Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '01:30' });
  });

  it('stores a 01:30 to 02:30 slot as two real hours, named EDT then EST', () => {
    const start = zonedDateTimeToUtc('2026-11-01', '01:30', NEW_YORK);
    const end = zonedDateTimeToUtc('2026-11-01', '02:30', NEW_YORK);
    expect(end).toBe('2026-11-01T07:30:00.000Z');
    expect(minutesBetween(start, end)).toBe(120);
    expect(plain(formatSlotRange(start, end, NEW_YORK))).toBe('Sunday, November 1, 2026, 1:30 AM EDT – 2:30 AM EST');
  });

  it('keeps times outside the overlap exact', () => {
    expect(zonedDateTimeToUtc('2026-11-01', '00:59', NEW_YORK)).toBe('2026-11-01T04:59:00.000Z');
    expect(zonedDateTimeToUtc('2026-11-01', '02:00', NEW_YORK)).toBe('2026-11-01T07:00:00.000Z');
  });
});

describe('the day boundary', () => {
  it('puts a late-evening Los Angeles slot on the next UTC date and back', () => {
    const start = zonedDateTimeToUtc('2026-06-30', '23:30', LOS_ANGELES);
    expect(start).toBe('2026-07-01T06:30:00.000Z');
    expect(utcToZonedParts(start, LOS_ANGELES)).toEqual({ date: '2026-06-30', time: '23:30' });
    expect(utcToZonedParts(start, 'UTC')).toEqual({ date: '2026-07-01', time: '06:30' });
  });

  it('shows a 23:30 UTC slot on its UTC date in UTC and earlier the same date in Los Angeles', () => {
    expect(utcToZonedParts('2026-01-15T23:30:00.000Z', 'UTC')).toEqual({ date: '2026-01-15', time: '23:30' });
    expect(utcToZonedParts('2026-01-15T23:30:00.000Z', LOS_ANGELES)).toEqual({ date: '2026-01-15', time: '15:30' });
    // An early-morning UTC slot is still the previous evening in Los Angeles.
    expect(utcToZonedParts('2026-01-16T05:30:00.000Z', LOS_ANGELES)).toEqual({ date: '2026-01-15', time: '21:30' });
    expect(plain(formatSlotRange('2026-01-15T23:30:00.000Z', '2026-01-16T00:30:00.000Z', 'UTC'))).toBe(
      'Thursday, January 15, 2026, 11:30 PM UTC – Friday, January 16, 2026, 12:30 AM UTC',
    );
    expect(plain(formatSlotRange('2026-01-15T23:30:00.000Z', '2026-01-16T00:30:00.000Z', LOS_ANGELES))).toBe(
      'Thursday, January 15, 2026, 3:30 PM – 4:30 PM PST',
    );
  });

  it('names the zone in single timestamps too', () => {
    expect(plain(formatDateTime('2026-07-01T06:30:00.000Z', LOS_ANGELES))).toBe('Jun 30, 2026, 11:30 PM PDT');
    expect(plain(formatDateTime('2026-07-01T06:30:00.000Z', 'UTC'))).toBe('Jul 1, 2026, 6:30 AM UTC');
  });
});

/** Zones of every kind a site may choose: no DST, US DST, European DST, half-hour and 45-minute offsets, a half-hour DST shift, the southern hemisphere. */
const SAMPLE_ZONES = ['UTC', 'America/New_York', 'America/Los_Angeles', 'Europe/Paris', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Pacific/Chatham'];

describe('the site timezone choices', () => {
  it('offer UTC first and then every IANA zone the runtime knows, and keep a stored zone that is not listed', () => {
    const choices = timeZoneChoices();
    expect(choices[0]).toBe('UTC');
    expect(choices.length).toBeGreaterThan(400);
    expect(choices.slice(1)).toEqual([...choices.slice(1)].sort());
    expect(new Set(choices).size).toBe(choices.length);
    // Under the names people search for, whatever spelling the runtime's ICU lists.
    expect(choices).not.toContain('Asia/Calcutta');
    expect(choices).not.toContain('Europe/Kiev');
    expect(choices).toContain('Europe/Kyiv');
    for (const zone of choices) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of SAMPLE_ZONES) expect(choices).toContain(zone);
    expect(timeZoneChoices('US/Eastern').at(-1)).toBe('US/Eastern');
    expect(timeZoneChoices('Europe/Paris')).toEqual(choices);
  });

  it('accept a zone Intl knows and refuse anything else', () => {
    for (const zone of [...SAMPLE_ZONES, 'US/Eastern']) expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Eastern', 'x'.repeat(65)]) expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe('round trip in every kind of timezone', () => {
  // One test per zone: 8,760 round trips each, so a busy machine never takes a zone past the timeout.
  it.each(SAMPLE_ZONES)('converts each hour of 2026 in %s to local parts and back to the same instant (the overlap aside)', (zone) => {
    const mismatches: string[] = [];
    for (let hour = 0; hour < 365 * 24; hour += 1) {
      const iso = new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 15 * 60_000).toISOString();
      const parts = utcToZonedParts(iso, zone);
      const back = zonedDateTimeToUtc(parts.date, parts.time, zone);
      // The second occurrence of a time that happens twice comes back as the first, earlier by
      // the shift (an hour; 30 minutes on Lord Howe Island).
      const backParts = utcToZonedParts(back, zone);
      const secondOccurrence = Date.parse(back) < Date.parse(iso) && backParts.date === parts.date && backParts.time === parts.time;
      if (back !== iso && !secondOccurrence) {
        mismatches.push(`${iso} -> ${parts.date} ${parts.time} -> ${back}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('refuses dates and times that do not exist on any calendar', () => {
    expect(() => zonedDateTimeToUtc('2026-02-30', '10:00', NEW_YORK)).toThrow(RangeError);
    expect(() => zonedDateTimeToUtc('2026-03-08', '24:00', NEW_YORK)).toThrow(RangeError);
    expect(() => zonedDateTimeToUtc('2026-3-8', '10:00', NEW_YORK)).toThrow(RangeError);
    expect(() => utcToZonedParts('not a date', NEW_YORK)).toThrow(RangeError);
  });
});

describe('the zone offsets kept per day', () => {
  /** The local parts of `instant` read straight from Intl, as the kept days must agree with. */
  function partsFromIntl(instant: number, format: Intl.DateTimeFormat): { date: string; time: string } {
    const parts = format.formatToParts(new Date(instant));
    const field = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
    return { date: `${field('year')}-${field('month')}-${field('day')}`, time: `${field('hour')}:${field('minute')}` };
  }

  // Changes at odd minutes of UTC (Lord Howe's half hour, Kathmandu's 5:45, Chatham's 12:45), a day
  // skipped (Apia, 2011-12-30), an offset of whole seconds (Monrovia until 1972), and every second
  // around each change of 2026 in the sample zones.
  it.each(['Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham', 'Pacific/Apia', 'Africa/Monrovia', 'Africa/Casablanca', NEW_YORK])(
    'agree with Intl every 17 minutes 13 seconds through the changes of %s',
    (zone) => {
      const format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
      const mismatches: string[] = [];
      const spans = [
        [Date.UTC(1971, 11, 1), Date.UTC(1972, 1, 1)],
        [Date.UTC(2011, 11, 25), Date.UTC(2012, 0, 5)],
        [Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1)],
      ] as const;
      for (const [from, to] of spans) {
        for (let instant = from; instant < to; instant += 1_033_000) {
          const kept = utcToZonedParts(new Date(instant).toISOString(), zone);
          const direct = partsFromIntl(instant, format);
          if (kept.date !== direct.date || kept.time !== direct.time) mismatches.push(`${new Date(instant).toISOString()}: ${JSON.stringify(kept)} vs ${JSON.stringify(direct)}`);
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
    },
  );

  it('change at the very second: 06:59:59 UTC is 01:59 EST and 07:00:00 is 03:00 EDT on 2026-03-08 in New York', () => {
    expect(utcToZonedParts('2026-03-08T06:59:59.999Z', NEW_YORK)).toEqual({ date: '2026-03-08', time: '01:59' });
    expect(utcToZonedParts('2026-03-08T07:00:00.000Z', NEW_YORK)).toEqual({ date: '2026-03-08', time: '03:00' });
    expect(utcToZonedParts('2026-11-01T05:59:59.000Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '01:59' });
    expect(utcToZonedParts('2026-11-01T06:00:00.000Z', NEW_YORK)).toEqual({ date: '2026-11-01', time: '01:00' });
  });

  it('keep at most 5,000 days, whatever dates are asked for', () => {
    for (let day = 0; day < 5_100; day += 1) utcToZonedParts(new Date(Date.UTC(2030, 0, 1) + day * 86_400_000).toISOString(), NEW_YORK);
    expect(keptFormatCounts().zoneDays).toBe(5_000);
  });
});
