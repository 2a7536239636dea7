import { describe, expect, it } from 'vitest';
import { slotForVisitor, slotInZone, slotLineForVisitor, zoneCity } from './visitor-time';

// Saturday 28 November 2026, 10:00-12:00 in Accra (GMT, no daylight saving).
const START = '2026-11-28T10:00:00.000Z';
const END = '2026-11-28T12:00:00.000Z';

describe('a slot in the visitor’s time zone', () => {
  it('gives the visitor’s own clock and the event’s when they differ (Lagos visiting Accra)', () => {
    expect(slotForVisitor(START, END, 'Africa/Accra', 'Africa/Lagos')).toEqual({
      date: 'Sat, Nov 28, 2026',
      time: '11:00 AM – 1:00 PM',
      zone: 'your time (Lagos)',
      eventTime: '10:00 AM – 12:00 PM in Accra (GMT)',
    });
    expect(slotLineForVisitor(START, END, 'Africa/Accra', 'Africa/Lagos')).toBe(
      'Sat, Nov 28, 2026, 11:00 AM – 1:00 PM your time (Lagos) / 10:00 AM – 12:00 PM in Accra (GMT)',
    );
  });

  it('names the event’s date too when the visitor’s is another day (Tokyo visiting Toronto)', () => {
    // 18:00-20:00 in Toronto (EST) is 08:00-10:00 the next morning in Tokyo.
    expect(slotForVisitor('2026-11-28T23:00:00.000Z', '2026-11-29T01:00:00.000Z', 'America/Toronto', 'Asia/Tokyo')).toEqual({
      date: 'Sun, Nov 29, 2026',
      time: '8:00 AM – 10:00 AM',
      zone: 'your time (Tokyo)',
      eventTime: 'Sat, Nov 28, 2026, 6:00 PM – 8:00 PM in Toronto (EST)',
    });
  });

  it('gives one line when the visitor is in the event’s zone, or their clock reads the same', () => {
    const own = { date: 'Sat, Nov 28, 2026', time: '10:00 AM – 12:00 PM', zone: 'GMT', eventTime: null };
    expect(slotForVisitor(START, END, 'Africa/Accra', 'Africa/Accra')).toEqual(own);
    expect(slotForVisitor(START, END, 'Africa/Accra', null)).toEqual(own);
    // London is on GMT in November, as Accra is all year.
    expect(slotForVisitor(START, END, 'Africa/Accra', 'Europe/London')).toEqual(own);
    expect(slotLineForVisitor(START, END, 'Africa/Accra', 'Europe/London')).toBe('Sat, Nov 28, 2026, 10:00 AM – 12:00 PM GMT');
  });

  it('says when a slot ends after local midnight, and follows daylight saving', () => {
    expect(slotInZone('2026-11-28T22:00:00.000Z', '2026-11-29T01:00:00.000Z', 'Africa/Accra')).toEqual({
      date: 'Sat, Nov 28, 2026',
      time: '10:00 PM – 1:00 AM next day',
      abbreviation: 'GMT',
    });
    expect(slotInZone('2026-07-04T13:00:00.000Z', '2026-07-04T14:00:00.000Z', 'America/New_York').abbreviation).toBe('EDT');
    expect(slotInZone('2026-12-04T14:00:00.000Z', '2026-12-04T15:00:00.000Z', 'America/New_York')).toEqual({
      date: 'Fri, Dec 4, 2026',
      time: '9:00 AM – 10:00 AM',
      abbreviation: 'EST',
    });
  });

  it('names a zone by its place, once when the place is the abbreviation', () => {
    expect(zoneCity('America/Port_of_Spain')).toBe('Port of Spain');
    expect(zoneCity('UTC')).toBe('UTC');
    expect(slotForVisitor(START, END, 'UTC', 'Africa/Lagos').eventTime).toBe('10:00 AM – 12:00 PM UTC');
  });
});
