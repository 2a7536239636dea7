// A day's ranges between the time pickers ('HH:mm') and the API (minutes), and what is wrong with one.
import { describe, expect, it } from 'vitest';
import { clockRangeOf, minuteRangeOf, repeatedDateProblems, timeRangeProblems } from './time-ranges';

describe('time ranges', () => {
  it('turns minutes into clock times and back, midnight at the end being the day’s end', () => {
    expect(clockRangeOf({ startMinute: 9 * 60, endMinute: 12 * 60 + 30 })).toEqual({ start: '09:00', end: '12:30' });
    expect(clockRangeOf({ startMinute: 20 * 60, endMinute: 24 * 60 })).toEqual({ start: '20:00', end: '00:00' });
    expect(minuteRangeOf({ start: '20:00', end: '00:00' })).toEqual({ startMinute: 1200, endMinute: 1440 });
    expect(minuteRangeOf({ start: '', end: '10:00' })).toBeNull();
    expect(minuteRangeOf({ start: '25:00', end: '26:00' })).toBeNull();
  });

  it('says which range is blank, ends before it starts, or overlaps an earlier one', () => {
    expect(
      timeRangeProblems([
        { start: '09:00', end: '12:00' },
        { start: '11:00', end: '13:00' },
        { start: '15:00', end: '14:00' },
        { start: '', end: '18:00' },
        { start: '13:00', end: '14:00' },
        { start: '10:00', end: '00:00' },
      ]),
    ).toEqual([
      null,
      'This range overlaps another one of the same day',
      'The end must be after the start',
      'Enter a start and an end time',
      null,
      'This range overlaps another one of the same day',
    ]);
    expect(timeRangeProblems([{ start: '09:00', end: '12:00' }, { start: '12:00', end: '17:00' }])).toEqual([null, null]);
  });

  it('says which date is already listed above it, the first of them being kept', () => {
    expect(repeatedDateProblems(['2031-03-13', '2031-03-14', '2031-03-13', '2031-03-13'])).toEqual([
      null,
      null,
      'This date is already in the list',
      'This date is already in the list',
    ]);
    expect(repeatedDateProblems([])).toEqual([]);
  });
});
