// The week view's time grid: hours shown, each item's top and height from its start and end in the
// site's time zone, overlapping items side by side, and the current-time line across today's column.
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarRange } from '@client/features/admin/calendar/calendar-days';
import { WeekView } from '@client/features/admin/calendar/CalendarViews';
import { gridHours, nowLine, placeItems } from '@client/features/admin/calendar/time-grid';
import { renderWithProviders } from './render';

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

describe('current-time line', () => {
  // Monday 25 to Sunday 1 December 2030; 13:45 UTC is 14:45 in Paris, on Monday.
  const WEEK = calendarRange('week', '2030-11-25').days;
  const NOW = Date.parse('2030-11-25T13:45:00Z');
  const emptyWeek = (days: string[], now?: number) => (
    <WeekView list={false} days={days} slotsByDay={new Map()} timeZone={ZONE} today={days[0] ?? ''} now={now} />
  );

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is placed at now in the site time zone, on now’s day, within the hours shown', () => {
    const hours = { first: 8, last: 18 };
    expect(nowLine(NOW, ZONE, WEEK, hours)).toEqual({ day: '2030-11-25', top: 405 });
    // 23:30 UTC on Sunday 1 December is 00:30 Paris on Monday 2, outside this week.
    expect(nowLine(Date.parse('2030-12-01T23:30:00Z'), ZONE, WEEK, hours)).toBeNull();
    // 06:59 Paris is before the first hour; 18:00 Paris is the end of the last one.
    expect(nowLine(Date.parse('2030-11-25T05:59:00Z'), ZONE, WEEK, hours)).toBeNull();
    expect(nowLine(Date.parse('2030-11-25T17:00:00Z'), ZONE, WEEK, hours)).toBeNull();
    expect(nowLine(Date.parse('2030-11-25T16:59:00Z'), ZONE, WEEK, hours)).toEqual({ day: '2030-11-25', top: 599 });
  });

  it('draws a hidden line across today’s column only, at 72 px an hour below 08:00', () => {
    renderWithProviders(emptyWeek(WEEK, NOW));
    const lines = document.querySelectorAll('[data-now-line]');
    expect(lines).toHaveLength(1);
    const line = lines[0] as HTMLElement;
    expect(screen.getByRole('group', { name: 'Monday, November 25' }).contains(line)).toBe(true);
    expect(line).toHaveAttribute('aria-hidden', 'true');
    // 405 minutes below 08:00 at 72 px an hour.
    expect(line.style.top).toBe('486px');
  });

  it('is absent from a week without today', () => {
    renderWithProviders(emptyWeek(calendarRange('week', '2030-12-02').days, NOW));
    expect(screen.getByRole('group', { name: 'Monday, December 2' })).toBeInTheDocument();
    expect(document.querySelectorAll('[data-now-line]')).toHaveLength(0);
  });

  it('follows the clock each minute and stops its timer when the grid goes', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    const { unmount } = renderWithProviders(emptyWeek(WEEK));
    const top = () => (document.querySelector('[data-now-line]') as HTMLElement).style.top;
    expect(top()).toBe('486px');
    act(() => vi.advanceTimersByTime(60_000));
    // One minute more: 72 / 60 px lower.
    expect(top()).toBe('487.2px');
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
