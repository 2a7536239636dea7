// The demo data of `npm run seed` (scripts/seed.ts is the command): events, sessions, slots,
// delegates, bookings, contacts, the demo firm, demo accounts, consultations and counted visits.
// Rows have fixed ids, so running it twice adds nothing new. It takes an open, migrated database
// and says what it did through `say`, so tests run it in their own process.
import { randomBytes } from 'node:crypto';
import type { DB } from '@db/database';
import type { BookingStatus } from '@db/schema';
import { hashPassword } from '@server/identity/password';
import { findUserByEmail, insertUser } from '@server/identity/users.repository';
import { personName, SEED_CONTACTS, SEED_DELEGATES, SEED_EVENTS } from './content';
import { DEMO_HOME_CONTENT, DEMO_IDENTITY } from './firm';
import { FRENCH_PRIVACY_TEXT } from './french';
import { DEFAULT_PRIVACY_TEXT, getPrivacySettings, savePrivacySettings } from '@server/privacy/privacy-settings.repository';
import { resetConsultations, seedConsultations } from './consultations';
import { seedAnalytics } from './analytics';
import { FRENCH_EVENTS, FRENCH_SESSIONS, frenchTranslations } from './french';
import { defaultHomeContent } from '@client/features/home/content';
import { findHomeContent, saveHomeContent } from '@server/home-page/home-page.repository';
import { homeContentInput } from '@server/home-page/home-page.schemas';
import { getSystemSettings, saveIdentity, saveSystemSettings } from '@server/settings/settings.repository';

const DAY = 86_400_000;
const DEMO_ACCOUNTS = [
  { email: 'demo.admin@example.com', name: 'Demo Admin', role: 'admin' as const },
  { email: 'demo.user@example.com', name: 'Demo User', role: 'user' as const },
];

/** Booking plan per session: how each slot's bookings are spread over statuses. */
const BOOKING_PLAN: Record<string, BookingStatus[][]> = {
  // capacity 4: the first slot is full with two on the waitlist
  'speed-networking': [
    ['confirmed', 'confirmed', 'pending', 'pending', 'waitlisted', 'waitlisted', 'cancelled'],
    ['confirmed', 'pending', 'cancelled'],
    ['pending'],
  ],
  'investor-briefing': [['confirmed', 'confirmed', 'confirmed', 'pending', 'pending'], ['pending', 'cancelled', 'confirmed']],
  'nigeria-entry': [['confirmed', 'pending', 'pending', 'cancelled'], ['pending', 'confirmed'], ['pending']],
  francophone: [['confirmed', 'pending', 'pending', 'pending'], ['confirmed', 'cancelled']],
  compliance: [['confirmed', 'confirmed', 'pending', 'pending', 'pending', 'cancelled'], ['pending', 'confirmed'], ['pending']],
};

function startOfTodayUtc(): number {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

async function resetContent(db: DB): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await resetConsultations(trx);
    for (const table of ['bookings', 'timeSlots', 'delegates', 'eventSessions', 'events', 'contactForms', 'analyticsDaily'] as const) {
      await trx.deleteFrom(table).execute();
    }
    await trx
      .deleteFrom('users')
      .where('email', 'in', DEMO_ACCOUNTS.map((account) => account.email))
      .execute();
  });
}

async function seedContent(db: DB): Promise<void> {
  const today = startOfTodayUtc();
  await db.transaction().execute(async (trx) => {
    let bookingNumber = 0;
    for (const event of SEED_EVENTS) {
      const eventId = `seed-event-${event.key}`;
      await trx
        .insertInto('events')
        .values({
          id: eventId,
          title: event.title,
          description: event.description,
          translations: frenchTranslations(FRENCH_EVENTS[event.key]),
          // No label for an event with sessions: the site says the days its slots run.
          date: event.sessions.length === 0 ? (event.date ?? null) : null,
          location: event.location,
          imageUrl: event.image,
          videoUrl: event.video ?? null,
          registrationLink: null,
          attendees: event.attendees,
          benefits: JSON.stringify(event.benefits),
          isActive: event.isActive ? 1 : 0,
          displayOrder: event.displayOrder,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();

      for (const session of event.sessions) {
        const sessionId = `seed-session-${session.key}`;
        await trx
          .insertInto('eventSessions')
          .values({
            id: sessionId,
            eventId,
            title: session.title,
            description: session.description,
            translations: frenchTranslations(FRENCH_SESSIONS[session.key]),
            location: session.location,
            facilitator: session.facilitator,
            maxParticipants: session.maxParticipants,
            isActive: session.isActive ? 1 : 0,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute();

        for (const [slotIndex, slot] of session.slots.entries()) {
          const slotId = `${sessionId}-slot-${slotIndex + 1}`;
          const start = today + slot.day * DAY + slot.hourUtc * 3_600_000;
          await trx
            .insertInto('timeSlots')
            .values({
              id: slotId,
              sessionId,
              startTime: new Date(start).toISOString(),
              endTime: new Date(start + slot.hours * 3_600_000).toISOString(),
            })
            .onConflict((conflict) => conflict.column('id').doNothing())
            .execute();

          for (const [position, status] of (BOOKING_PLAN[session.key]?.[slotIndex] ?? []).entries()) {
            bookingNumber += 1;
            const name = personName(bookingNumber);
            const createdAt = new Date(Date.now() - (60 - bookingNumber) * 3_600_000 - position * 60_000).toISOString();
            await trx
              .insertInto('bookings')
              .values({
                id: `seed-booking-${String(bookingNumber).padStart(3, '0')}`,
                timeSlotId: slotId,
                eventId,
                sessionId,
                bookingDate: createdAt,
                participantName: name,
                participantEmail: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}.${bookingNumber}@example.com`,
                participantPhone: bookingNumber % 3 === 0 ? null : `+1 202 555 ${String(1000 + bookingNumber).slice(-4)}`,
                status,
                createdAt,
                updatedAt: createdAt,
              })
              .onConflict((conflict) => conflict.column('id').doNothing())
              .execute();
          }
        }
      }
    }

    for (const [index, delegate] of SEED_DELEGATES.entries()) {
      await trx
        .insertInto('delegates')
        .values({
          id: `seed-delegate-${String(index + 1).padStart(2, '0')}`,
          sessionId: delegate.session === null ? null : `seed-session-${delegate.session}`,
          name: delegate.name,
          email: delegate.email,
          phone: delegate.phone,
          organization: delegate.organization,
          position: delegate.position,
          bio: delegate.bio,
          photoUrl: null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }

    for (const [index, contact] of SEED_CONTACTS.entries()) {
      const createdAt = new Date(Date.now() - contact.daysAgo * DAY - index * 3_600_000).toISOString();
      await trx
        .insertInto('contactForms')
        .values({
          id: `seed-contact-${String(index + 1).padStart(2, '0')}`,
          name: contact.name,
          email: contact.email,
          company: contact.company,
          message: contact.message,
          status: contact.status,
          notes: contact.notes,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
    }
  });
}

/**
 * The demo firm's identity and home page. Written where the site still has its neutral first-run
 * state (no identity saved, the shipped home content), or on --reset; an admin's own edits stay.
 */
async function seedFirm(db: DB, reset: boolean): Promise<string[]> {
  const written: string[] = [];
  await db.transaction().execute(async (trx) => {
    const identitySaved = (await trx.selectFrom('settings').select('key').where('key', '=', 'identity').executeTakeFirst()) !== undefined;
    if (reset || !identitySaved) {
      const { siteName, siteDescription, ...identity } = DEMO_IDENTITY;
      await saveSystemSettings(trx, { ...(await getSystemSettings(trx)), siteName, siteDescription });
      await saveIdentity(trx, identity);
      written.push('the firm (Settings, Site)');
    }
    const home = await findHomeContent(trx);
    // Both read through the schema, so the comparison does not depend on the order of the keys.
    const canonical = (content: unknown) => JSON.stringify(homeContentInput.parse(content));
    const shipped = home === undefined || canonical(JSON.parse(home.content)) === canonical(defaultHomeContent);
    if (reset || shipped) {
      await saveHomeContent(trx, JSON.stringify(DEMO_HOME_CONTENT), new Date().toISOString());
      written.push('its home page');
    }
    // The privacy page in French, only beside the shipped English text: a firm's own text, its own
    // French one and its retention periods stay, --reset or not.
    const privacy = await getPrivacySettings(trx);
    if (privacy.policyFr === null && privacy.policyEn === DEFAULT_PRIVACY_TEXT) {
      await savePrivacySettings(trx, { ...privacy, policyFr: FRENCH_PRIVACY_TEXT }, new Date().toISOString());
      written.push('its privacy page in French');
    }
  });
  return written;
}

interface AccountLine {
  email: string;
  role: string;
  /** The new password, or null when the account keeps the one it has. */
  password: string | null;
  action: 'created' | 'kept' | 'reset';
}

/**
 * Creates the missing demo accounts with new passwords. An existing account keeps its password (its
 * owner may have changed it) unless resetPasswords is set; either way the output says which.
 */
async function seedAccounts(db: DB, resetPasswords: boolean): Promise<AccountLine[]> {
  const lines: AccountLine[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const existing = await findUserByEmail(db, account.email);
    if (existing !== undefined && !resetPasswords) {
      lines.push({ email: account.email, role: existing.role, password: null, action: 'kept' });
      continue;
    }
    const password = randomBytes(9).toString('base64url');
    const passwordHash = await hashPassword(password);
    if (existing === undefined) {
      await insertUser(db, { ...account, passwordHash });
    } else {
      await db
        .updateTable('users')
        .set({ passwordHash, role: account.role, updatedAt: new Date().toISOString() })
        .where('id', '=', existing.id)
        .execute();
    }
    lines.push({ email: account.email, role: account.role, password, action: existing === undefined ? 'created' : 'reset' });
  }
  return lines;
}

function accountLine(account: AccountLine): string {
  const head = `  ${account.role.padEnd(5)}  ${account.email}  `;
  if (account.password === null) return `${head}kept existing password`;
  return `${head}password: ${account.password}${account.action === 'reset' ? '  (password reset by --reset-passwords)' : ''}`;
}

async function count(db: DB, table: 'events' | 'eventSessions' | 'timeSlots' | 'delegates' | 'bookings' | 'contactForms') {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface SeedOptions {
  /** Delete the demo content and accounts first (--reset). */
  reset: boolean;
  /** Give existing demo accounts new passwords (--reset-passwords). */
  resetPasswords: boolean;
  /** Where the data is, as the closing lines say it (a file, or a PostgreSQL server without its password). */
  where: string;
}

/** Writes the demo data into `db` and says each thing it did, one line per call of `say`. */
export async function runSeed(db: DB, { reset, resetPasswords, where }: SeedOptions, say: (line: string) => void): Promise<void> {
  if (reset) {
    await resetContent(db);
    say('Removed all events, sessions, time slots, delegates, bookings, contacts, counted visits and demo accounts.');
  }
  await seedContent(db);
  const firm = await seedFirm(db, reset);
  if (firm.length > 0) say(`Wrote the demo firm: ${firm.length === 1 ? firm.join('') : `${firm.slice(0, -1).join(', ')} and ${firm.at(-1) ?? ''}`}.`);
  if (resetPasswords) say('--reset-passwords: existing demo accounts get new passwords.');
  const accounts = await seedAccounts(db, resetPasswords);
  await seedConsultations(db, DEMO_ACCOUNTS.map((account) => account.email));
  say('Consultations: "Discovery call" and "Market-entry workshop", with weekday hours for the demo staff.');
  const activeEvents = SEED_EVENTS.filter((event) => event.isActive).map((event) => `seed-event-${event.key}`);
  if (await seedAnalytics(db, activeEvents, startOfTodayUtc())) say('Analytics: 60 days of made-up visits, so the Analytics screen has something to show.');
  say(`Demo data is in ${where}:`);
  say(
    `  ${await count(db, 'events')} events, ${await count(db, 'eventSessions')} sessions, ${await count(db, 'timeSlots')} time slots, ` +
      `${await count(db, 'delegates')} delegates, ${await count(db, 'bookings')} bookings, ${await count(db, 'contactForms')} contacts`,
  );
  say('Demo accounts (a password is shown only when it is new; it is not shown again):');
  for (const account of accounts) say(accountLine(account));
}
