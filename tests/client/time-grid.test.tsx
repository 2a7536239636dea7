// The week view's time grid: hours shown, each item's top and height from its start and end in the
// site's time zone, and overlapping items side by side.
import { describe, expect, it } from 'vitest';
import { gridHours, placeItems } from '@client/features/admin/calendar/time-grid';

const ZONE = 'Europe/Paris'; // UTC+1 in November
const item = (id: string, start: string, end: string) => ({
  id,
  startTime: `2030-11-25T${start}:00Z`,
  endTime: `2030-11-25T${end}:00Z`,
});

describe('time grid', () => {
  it('shows at least 08:00 to 18:00, and widens to the earliest and latest item', () => {
    expect(gridHours([], ZONE)).toEqual({ first: 8, last: 18 });
    expect(gridHours([item('a', '09:00', '10:00')], ZONE)).toEqual({ first: 8, last: 18 });
    // 06:30-07:30 UTC is 07:30-08:30 Paris; 18:00-19:15 UTC is 19:00-20:15 Paris.
    expect(gridHours([item('a', '06:30', '07:30'), item('b', '18:00', '19:15')], ZONE)).toEqual({
      first: 7,
      last: 21,
    });
  });

  it('places an item at its start, sized to its length, in the site time zone', () => {
    // 09:30-11:00 UTC is 10:30-12:00 Paris: 150 minutes below 08:00, 90 minutes tall.
    const [placed] = placeItems([item('a', '09:30', '11:00')], ZONE, { first: 8, last: 18 });
    expect(placed).toMatchObject({ day: '2030-11-25', top: 150, height: 90, column: 0, columns: 1 });
  });

  it('puts overlapping items side by side and reuses a freed column', () => {
    const placed = placeItems(
      [
        item('a', '08:00', '10:00'), // 09:00-11:00 Paris
        item('b', '09:00', '10:00'), // 10:00-11:00, overlaps a
        item('c', '10:00', '11:00'), // 11:00-12:00, after both: its own cluster
        item('d', '08:30', '09:00'), // 09:30-10:00, overlaps a; b not yet started: column 1
      ],
      ZONE,
      { first: 8, last: 18 },
    );
    const byId = Object.fromEntries(placed.map((entry) => [entry.item.id, [entry.column, entry.columns]]));
    expect(byId).toEqual({ a: [0, 2], d: [1, 2], b: [1, 2], c: [0, 1] });
  });
});
