// The e-mail sender's figures, printed beside their goals by npm run bench: messages per second to an
// SMTP server on loopback, and 1,000 bookings made by staff in a burst, timed from the last booking
// to the last delivery. A scratch database of its own; it measures, it asserts nothing.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';
import { databaseFile, openDatabase } from '@db/database';
import { migrateToLatest } from '@db/migrate';
import { hashPassword } from '@server/identity/password';
import { createSession } from '@server/identity/session.service';
import { loadConfig } from '@server/core/config';
import { createDeps } from '@server/core/deps';
import { insertOutboxMessage } from '@server/email/outbox.repository';
import { saveEmailSettings } from '@server/settings/settings.repository';
import { insertUser } from '@server/identity/users.repository';
import { appRouter } from '@server/router';
import { startEmailSender } from '@server/email/sender';
import { createContextInner } from '@server/trpc/context';
import { createCallerFactory } from '@server/trpc/init';
import type { Figure } from './report';

const RATE_MESSAGES = 2_000;
const BURST_BOOKINGS = 1_000;

async function loopbackSmtp(onMessage: () => void): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        onMessage();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function benchMail(): Promise<Figure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mail-'));
  const { db } = openDatabase(databaseFile(dataDir));
  await migrateToLatest(db);
  const deps = createDeps(db, loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }));
  let received = 0;
  let lastDelivery = 0;
  let target = Number.POSITIVE_INFINITY;
  let reached: () => void = () => undefined;
  const smtp = await loopbackSmtp(() => {
    received += 1;
    lastDelivery = performance.now();
    if (received >= target) reached();
  });
  await saveEmailSettings(db, {
    smtpHost: '127.0.0.1',
    smtpPort: smtp.port,
    smtpUser: null,
    smtpPassword: null,
    fromEmail: 'bench@example.com',
    fromName: null,
  });

  // 1. Raw rate: a full outbox drained by the running sender.
  for (let index = 0; index < RATE_MESSAGES; index += 1) {
    await insertOutboxMessage(db, {
      kind: 'admin-new-contact',
      toAddress: `reader${index}@example.com`,
      subject: `Message ${index}`,
      textBody: 'Body',
      htmlBody: '<p>Body</p>',
      ics: null,
      icsMethod: null,
      bookingId: null,
      lastError: null,
      nextAttemptAt: new Date(Date.now() - 1_000).toISOString(),
    });
  }
  target = RATE_MESSAGES;
  let done = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const rateStart = performance.now();
  const sender = startEmailSender(deps, { intervalMs: 1_000, wakeOnEnqueue: true });
  await sender.runOnce();
  await done;
  const rate = RATE_MESSAGES / ((lastDelivery - rateStart) / 1000);

  // 2. A burst of staff bookings (each writes its participant's message) while the sender runs.
  const event = 'bench-event';
  await db.insertInto('events').values({ id: event, title: 'Bench', imageUrl: '/x.png' }).execute();
  await db.insertInto('eventSessions').values({ id: 'bench-session', eventId: event, title: 'Bench session', maxParticipants: null }).execute();
  const start = Date.now() + 7 * 86_400_000;
  await db
    .insertInto('timeSlots')
    .values({ id: 'bench-slot', sessionId: 'bench-session', startTime: new Date(start).toISOString(), endTime: new Date(start + 3_600_000).toISOString() })
    .execute();
  const admin = await insertUser(db, { name: 'Bench', email: 'bench@example.com', role: 'admin', passwordHash: await hashPassword('bench-password') });
  await db.updateTable('users').set({ notifyEmail: 0 }).execute();
  const { session } = await createSession(db, admin.id, 60);
  const caller = createCallerFactory(appRouter)(
    createContextInner(deps, {
      user: { id: admin.id, email: admin.email, name: admin.name, role: 'admin', avatarUrl: null, lastSignInAt: null, previousSignInAt: null },
      session,
    }),
  );
  target = RATE_MESSAGES + BURST_BOOKINGS;
  done = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const burstStart = performance.now();
  for (let index = 0; index < BURST_BOOKINGS; index += 1) {
    await caller.bookings.adminCreate({
      timeSlotId: 'bench-slot',
      participantName: `Burst ${index}`,
      participantEmail: `burst${index}@example.com`,
      participantPhone: null,
      status: 'confirmed',
    });
  }
  const lastBooking = performance.now();
  await done;
  await sender.stop();

  console.log(`${BURST_BOOKINGS} staff bookings made in ${((lastBooking - burstStart) / 1000).toFixed(2)} s`);
  await smtp.close();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return [
    { name: 'e-mails sent per second (loopback SMTP)', value: rate, unit: 'msg/s', goal: { kind: 'at-least', target: 100 } },
    {
      name: `${BURST_BOOKINGS} staff bookings: last booking to last delivery`,
      value: (lastDelivery - lastBooking) / 1000,
      unit: 's',
      goal: { kind: 'at-most', target: 15 },
    },
  ];
}
