// The free-time computation of consultations on its own (it is pure): 31 days for 5 consultants in
// different zones, each with two ranges a weekday, a few date overrides and about 60 consultations
// with buffers. Goal: at most 20 ms (the median of 30 runs).
import { performance } from 'node:perf_hooks';
import { type BusySpan, type ConsultantHours, freeTimes } from '@server/consultations/free-times.service';
import type { Figure } from './report';

const DAY = 86_400_000;
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Africa/Accra', 'Australia/Sydney'];
const RUNS = 30;

export function benchFreeTimes(now = Date.now()): Figure[] {
  const weekday = [
    { startMinute: 540, endMinute: 720 },
    { startMinute: 780, endMinute: 1020 },
  ];
  const consultants: ConsultantHours[] = ZONES.map((timeZone, index) => ({
    id: `c${index}`,
    timeZone,
    weekly: new Map([1, 2, 3, 4, 5].map((day) => [day, weekday])),
    overrides: new Map(
      Array.from({ length: 4 }, (_, n) => [new Date(now + (n * 7 + index + 2) * DAY).toISOString().slice(0, 10), n % 2 === 0 ? [] : [{ startMinute: 600, endMinute: 660 }]]),
    ),
  }));
  const busy: BusySpan[] = [];
  for (let n = 0; n < 60; n += 1) {
    const startsAt = Math.floor((now + (n % 31) * DAY + 14 * 3_600_000) / 1_800_000) * 1_800_000;
    busy.push({ consultantId: `c${n % 5}`, startsAt, blockedFrom: startsAt - 600_000, blockedUntil: startsAt + 3_600_000 + 600_000 });
  }
  const query = {
    rules: { durationMinutes: 60, bufferBeforeMinutes: 10, bufferAfterMinutes: 10, minNoticeHours: 12, horizonDays: 60, maxPerDay: 4 },
    consultants,
    busy,
    now,
    from: now,
    to: now + 31 * DAY,
  };
  freeTimes(query);
  const times: number[] = [];
  let found = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    found = freeTimes(query).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)] ?? 0;
  console.log(`consultation free times: ${found} start times over 31 days for 5 consultants`);
  return [{ name: 'Consultation free times, 31 days x 5 consultants', value: median, unit: 'ms', goal: { kind: 'at-most', target: 20 } }];
}
