// One server for the HTTP benchmark, in its own process so the load generator never shares its
// event loop. BENCH_TARGET=app runs the real site (production settings, as `npm start` does);
// BENCH_TARGET=bare runs the baselines: plain Fastify routes on prepared better-sqlite3 statements
// against the same database file, doing the same work with nothing else in the way.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { databaseFile, openDatabase } from '@db/database';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/core/config';
import { createDeps } from '@server/core/deps';
import { startEmailSender } from '@server/email/sender';

const target = process.env.BENCH_TARGET;
const dataDir = process.env.BENCH_DATA_DIR ?? '';
const port = Number(process.env.BENCH_PORT);

async function startApp(): Promise<void> {
  // BENCH_METRICS=false: the site without request metrics, for the cost of /metrics.
  const metrics = process.env.BENCH_METRICS === undefined ? {} : { METRICS: process.env.BENCH_METRICS };
  // MAX_REQUESTS_IN_FLIGHT from the bench's environment, to try bounds.
  const bound = process.env.MAX_REQUESTS_IN_FLIGHT === undefined ? {} : { MAX_REQUESTS_IN_FLIGHT: process.env.MAX_REQUESTS_IN_FLIGHT };
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), ...metrics, ...bound });
  const { db } = openDatabase(databaseFile(dataDir));
  // The public limits are raised so the benchmark measures the work, not the refusals.
  const deps = createDeps(db, config, { publicFormsPerWindow: 100_000_000 });
  // BENCH_TRPC=adapter: the API served by tRPC's own Fastify adapter, for the comparison with our route.
  // BENCH_CLIENT_DIR: the built client, so the public pages are rendered on the server as in production.
  const clientDir = process.env.BENCH_CLIENT_DIR;
  const app = await buildApp(deps, {
    trpcServer: process.env.BENCH_TRPC === 'adapter' ? 'adapter' : 'route',
    ...(clientDir === undefined ? {} : { clientDir }),
  });
  // BENCH_SENDER=1: the outbox sender runs as in the server, woken by every booking's message.
  const sender = process.env.BENCH_SENDER === '1' ? startEmailSender(deps, { onError: () => undefined, serverBusy: () => app.loadShedding.busy() }) : undefined;
  app.addHook('onClose', async () => sender?.stop());
  await app.listen({ port, host: '127.0.0.1' });
}

function parseBenefits(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

async function startBare(): Promise<void> {
  const sqlite = new SQLite(databaseFile(dataDir));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const app = Fastify({ logger: false });

  const activeEvents = sqlite.prepare(
    `select id, title, description, date, location, image_url as imageUrl, video_url as videoUrl,
            registration_link as registrationLink, attendees, benefits, is_active as isActive,
            display_order as displayOrder, created_at as createdAt, updated_at as updatedAt
       from events where is_active = 1 order by display_order, created_at, id limit 100`,
  );
  app.get('/bare/events', () => {
    const rows = activeEvents.all() as { benefits: string; isActive: number }[];
    return rows.map((row) => ({ ...row, benefits: parseBenefits(row.benefits), isActive: row.isActive === 1 }));
  });

  // The same kind of work as a staff booking: count the slot's seats, insert the booking and its
  // message, in one transaction.
  const slotSeats = sqlite.prepare(
    `select s.max_participants as capacity,
            (select count(*) from bookings b where b.time_slot_id = t.id and b.status in ('pending','confirmed')) as taken,
            s.id as sessionId, s.event_id as eventId
       from time_slots t join event_sessions s on s.id = t.session_id where t.id = ?`,
  );
  const insertBooking = sqlite.prepare(
    `insert into bookings (id, time_slot_id, event_id, session_id, participant_name, participant_email, status)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertMessage = sqlite.prepare(
    `insert into email_outbox (id, kind, to_address, subject, text_body, html_body, booking_id)
     values (?, 'booking-received', ?, 'Booking received', ?, ?, ?)`,
  );
  const book = sqlite.transaction((slotId: string, name: string, email: string) => {
    const slot = slotSeats.get(slotId) as { capacity: number | null; taken: number; sessionId: string; eventId: string };
    const status = slot.capacity === null || slot.taken < slot.capacity ? 'pending' : 'waitlisted';
    const id = randomUUID();
    insertBooking.run(id, slotId, slot.eventId, slot.sessionId, name, email, status);
    insertMessage.run(randomUUID(), email, `Dear ${name}, we received your booking.`, `<p>Dear ${name}, we received your booking.</p>`, id);
    return { id, status };
  });
  app.post<{ Body: { timeSlotId: string; participantName: string; participantEmail: string } }>('/bare/bookings', (req) =>
    book(req.body.timeSlotId, req.body.participantName, req.body.participantEmail),
  );
  await app.listen({ port, host: '127.0.0.1' });
}

if (target === 'app') await startApp();
else if (target === 'bare') await startBare();
else throw new Error('BENCH_TARGET must be app or bare');
console.log('ready');
// A normal exit, so `node --cpu-prof` writes its profile when the benchmark stops this process.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));
