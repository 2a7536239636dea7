// Ids are UUID version 7: the time in front, ordered as they were made, random after.
import { describe, expect, it, vi } from 'vitest';
import { newId } from './ids';

/** The milliseconds an id's first 48 bits hold. */
const timeOf = (id: string) => Number.parseInt(id.replace('-', '').slice(0, 12), 16);

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    // An id is never older than the last one made, and other test files of this worker made ids
    // under clocks of their own (CI moves the clock years ahead): the test's moment is a minute
    // after the newest id, whatever came before.
    const now = timeOf(newId()) + 60_000;
    vi.useFakeTimers({ now, toFake: ['Date'] });
    try {
      const id = newId();
      expect(id).toMatch(UUID_V7);
      expect(timeOf(id)).toBe(now);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sorts in the order the ids were made, also thousands in one millisecond, and never repeats', () => {
    vi.useFakeTimers({ now: Date.parse('2031-06-10T09:00:00.000Z'), toFake: ['Date'] });
    try {
      // More than the 4,096 a millisecond's counter holds: the next ones borrow the next millisecond.
      const ids = Array.from({ length: 10_000 }, () => newId());
      expect([...ids].sort()).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => UUID_V7.test(id))).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
