// The consultation page's month calendar: Monday-first weeks, only days with free times can be
// chosen (and say so to a screen reader), months move forward but not before the first allowed. The
// time picker's zone field shows the visitor's zone, UTC too.
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lastDateOf, MonthCalendar, shiftMonth } from '@client/features/consultation/MonthCalendar';
import { TimePicker } from '@client/features/consultation/TimePicker';
import { futureYear, isoDay } from '@tests/dates';
import { renderWithProviders } from './render';

describe('MonthCalendar', () => {
  // A March that starts on a Sunday: the first week holds six blank days, then the 1st.
  const year = futureYear(3, 1, 'Sunday');
  const month = `${year}-03`;

  it('lays out Monday-first weeks and lets only the free days be chosen', () => {
    const onSelect = vi.fn();
    const onMonthChange = vi.fn();
    renderWithProviders(
      <MonthCalendar
        month={month}
        minMonth={month}
        available={new Set([isoDay(year, 3, 3), isoDay(year, 3, 17)])}
        selected={isoDay(year, 3, 17)}
        onSelect={onSelect}
        onMonthChange={onMonthChange}
        loading={false}
      />,
    );
    const rows = screen.getAllByRole('row');
    // Header, then six weeks (the 1st on a Sunday, the 31st on a Tuesday).
    expect(rows).toHaveLength(7);
    expect(rows[1]?.textContent).toBe('1');
    const free = screen.getAllByRole('button', { name: /, free times$/ });
    expect(free.map((button) => button.textContent)).toEqual(['3', '17']);
    expect(screen.getByRole('button', { name: /March 17, free times/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /March 4, no free times/ })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: /March 3, free times/ }));
    expect(onSelect).toHaveBeenCalledWith(isoDay(year, 3, 3));
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenCalledWith(`${year}-04`);
  });

  it('moves across years and knows each month\'s last day', () => {
    expect(shiftMonth(`${year}-12`, 1)).toBe(`${year + 1}-01`);
    expect(shiftMonth(`${year}-01`, -1)).toBe(`${year - 1}-12`);
    expect(lastDateOf(`${year}-04`)).toBe(isoDay(year, 4, 30));
  });
});

describe('TimePicker', () => {
  // A browser set to UTC says 'UTC', a name the runtime's zone list leaves out: the field shows it
  // instead of staying blank.
  it.each(['UTC', 'America/Toronto'])('shows the visitor\'s zone %s in its field', (zone) => {
    renderWithProviders(<TimePicker typeId="type-1" timeZone={zone} onTimeZoneChange={vi.fn()} selected={null} onSelect={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: /^Your time zone/ })).toHaveValue(zone);
  });
});
