// Quick-add slots start on the next quarter hour of the site's wall clock, one day ahead.
import { describe, expect, it } from 'vitest';
import { defaultSlotTimes, nextQuarterHour } from '@client/features/admin/sessions/wizard-model';

const at = (iso: string) => Date.parse(iso);

describe('nextQuarterHour', () => {
  it('rounds up to :00, :15, :30 or :45 and keeps an exact quarter', () => {
    expect(nextQuarterHour(at('2026-11-23T10:07:00.000Z'), 'UTC')).toBe('2026-11-23T10:15:00.000Z');
    expect(nextQuarterHour(at('2026-11-23T10:15:00.000Z'), 'UTC')).toBe('2026-11-23T10:15:00.000Z');
    // A second past the quarter is past it.
    expect(nextQuarterHour(at('2026-11-23T10:15:01.000Z'), 'UTC')).toBe('2026-11-23T10:30:00.000Z');
    expect(nextQuarterHour(at('2026-11-23T10:46:00.000Z'), 'UTC')).toBe('2026-11-23T11:00:00.000Z');
  });

  it('crosses midnight into the next day, month and year', () => {
    expect(nextQuarterHour(at('2026-12-31T23:50:00.000Z'), 'UTC')).toBe('2027-01-01T00:00:00.000Z');
  });

  it("rounds on the site's wall clock, also in zones offset by :30 and :45", () => {
    // 10:07 UTC is 15:52 in Kolkata (+05:30): the next local quarter is 16:00 = 10:30 UTC.
    expect(nextQuarterHour(at('2026-11-23T10:22:00.000Z'), 'Asia/Kolkata')).toBe('2026-11-23T10:30:00.000Z');
    // 10:07 UTC is 15:52 in Kathmandu (+05:45): the next local quarter is 16:00 = 10:15 UTC.
    expect(nextQuarterHour(at('2026-11-23T10:07:00.000Z'), 'Asia/Kathmandu')).toBe('2026-11-23T10:15:00.000Z');
    // New York 23:55 EST on 31 December rounds to midnight on 1 January (05:00 UTC).
    expect(nextQuarterHour(at('2027-01-01T04:55:00.000Z'), 'America/New_York')).toBe('2027-01-01T05:00:00.000Z');
  });
});

describe('defaultSlotTimes', () => {
  it('starts one day ahead on the next quarter hour and lasts 2 hours', () => {
    expect(defaultSlotTimes('America/New_York', at('2026-11-23T14:03:27.000Z'))).toEqual({
      startTime: '2026-11-24T14:15:00.000Z',
      endTime: '2026-11-24T16:15:00.000Z',
    });
  });
});
