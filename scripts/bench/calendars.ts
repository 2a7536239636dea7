// Consultants' own calendars: the real procedures on a scratch SQLite database. 5 consultants each
// with a 500-event calendar (400 meetings over the next two months, 100 weekly meetings running
// since up to three years, a tenth of them with an occurrence moved and one deleted), read through a
// loopback feed. Goals: consultations.freeTimes for 31 days at most 20 ms warm (the median of 30
// runs, answered from the kept busy times), and a refresh of one calendar (fetch, expand, store) at
// most 200 ms (the median of 10).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { databaseFile, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { loadConfig } from '@server/core/config';
import { insertUser } from '@server/identity/users.repository';
import { findFreeTimes } from '@server/consultations/consultation-booking.service';
import { insertConsultationType, replaceAvailability, replaceTypeStaff } from '@server/consultations/consultations.repository';
import { insertConnection } from '@server/calendars/calendars.repository';
import { refreshConnection } from '@server/calendars/calendar-refresh.service';
import { encryptSecret, secretKeyOf } from '@server/calendars/calendar-secrets';
import type { Figure } from './report';

const DAY = 86_400_000;

function stamp(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** 500 events: 400 meetings and 100 weekly ones with moved and deleted occurrences. */
function calendarText(now: number, seed: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//EN'];
  for (let n = 0; n < 400; n += 1) {
    const start = Math.floor((now + ((n * 37 + seed) % 60) * DAY + (8 + ((n * 7) % 9)) * 3_600_000) / 1_800_000) * 1_800_000;
    lines.push('BEGIN:VEVENT', `UID:m${seed}-${n}`, `DTSTAMP:${stamp(now)}`, `DTSTART:${stamp(start)}`, `DTEND:${stamp(start + 3_600_000)}`, ...(n % 10 === 0 ? ['TRANSP:TRANSPARENT'] : []), 'END:VEVENT');
  }
  for (let n = 0; n < 100; n += 1) {
    const first = Math.floor((now - ((n * 11) % 1000) * DAY) / DAY) * DAY + (9 + (n % 8)) * 3_600_000;
    lines.push('BEGIN:VEVENT', `UID:w${seed}-${n}`, `DTSTAMP:${stamp(now)}`, `DTSTART:${stamp(first)}`, `DTEND:${stamp(first + 1_800_000)}`, 'RRULE:FREQ=WEEKLY');
    const soon = first + Math.ceil((now - first) / (7 * DAY) + 1) * 7 * DAY;
    if (n % 10 === 0) lines.push(`EXDATE:${stamp(soon)}`);
    lines.push('END:VEVENT');
    if (n % 10 === 0) {
      const moved = soon + 7 * DAY;
      lines.push('BEGIN:VEVENT', `UID:w${seed}-${n}`, `DTSTAMP:${stamp(now)}`, `RECURRENCE-ID:${stamp(moved)}`, `DTSTART:${stamp(moved + 3_600_000)}`, `DTEND:${stamp(moved + 5_400_000)}`, 'END:VEVENT');
    }
  }
  lines.push('END:VCALENDAR');
  return `${lines.join('\r\n')}\r\n`;
}

function median(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export async function benchCalendars(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-calendars-'));
  const { db } = openDatabase(databaseFile(dataDir));
  await migrateToLatest(db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CALENDAR_ALLOW_PRIVATE_NETWORK: 'true' });
  const now = Date.now();
  const texts = [0, 1, 2, 3, 4].map((seed) => calendarText(now, seed));
  const server = http.createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/calendar' }).end(texts[Number(request.url?.slice(1) ?? 0)] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const type = await insertConsultationType(db, { title: 'Discovery call', durationMinutes: 60, locationKind: 'video', locationDetail: 'https://meet.example.com/x', bufferBeforeMinutes: 10, bufferAfterMinutes: 10, minNoticeHours: 0, horizonDays: 60, maxPerDay: null });
    const zones = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Africa/Accra', 'Australia/Sydney'];
    const connections = [];
    for (const [index, zone] of zones.entries()) {
      const user = await insertUser(db, { name: `Consultant ${index}`, email: `c${index}@example.com`, passwordHash: 'x', role: 'user' });
      await replaceAvailability(db, user.id, zone, [1, 2, 3, 4, 5].flatMap((weekday) => [{ weekday, startMinute: 540, endMinute: 720 }, { weekday, startMinute: 780, endMinute: 1020 }]), []);
      connections.push(await insertConnection(db, { userId: user.id, kind: 'feed', name: `Feed ${index}`, serverUrl: origin, username: null, secret: encryptSecret(secretKeyOf(config), `${origin}/${index}`) }));
    }
    await replaceTypeStaff(db, type.id, connections.map((connection) => connection.userId));

    const refreshTimes: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      const connection = connections[run % connections.length];
      if (connection === undefined) continue;
      const started = performance.now();
      const row = await refreshConnection({ db, config }, connection, new Date());
      refreshTimes.push(performance.now() - started);
      if (row.error !== null) throw new Error(`refresh failed: ${row.error}`);
    }
    for (const connection of connections) await refreshConnection({ db, config }, connection, new Date());
    const busyRows = await db.selectFrom('calendarBusy').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();

    const from = new Date(now + DAY).toISOString().slice(0, 10);
    const to = new Date(now + 31 * DAY).toISOString().slice(0, 10);
    const input = { typeId: type.id, from, to, timeZone: 'Europe/London' };
    let found = (await findFreeTimes({ db }, input)).times.length;
    const freeTimes: number[] = [];
    for (let run = 0; run < 30; run += 1) {
      const started = performance.now();
      found = (await findFreeTimes({ db }, input)).times.length;
      freeTimes.push(performance.now() - started);
    }
    console.log(`calendars: ${Number(busyRows.count)} busy intervals kept for 5 consultants; ${found} free start times over 31 days`);
    return [
      { name: 'consultations.freeTimes, 31 days x 5 consultants with 500-event calendars (warm)', value: median(freeTimes), unit: 'ms', goal: { kind: 'at-most', target: 20 } },
      { name: 'Refresh of a 500-event calendar feed with recurrences', value: median(refreshTimes), unit: 'ms', goal: { kind: 'at-most', target: 200 } },
    ];
  } finally {
    server.close();
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
