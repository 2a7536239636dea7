// E-mails in the language a booking was made in: a booking from a French page (its API calls carry
// x-site-language: fr) is stored as French, and its message and calendar file are written in French;
// one from an English page, or from the back office, stays English.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGE_HEADER } from '@server/shared/i18n/languages';
import { bookingConfirmedMessage, bookingReminderMessage, type SiteVoice, wordsIn } from './messages';
import { futureYear, isoDay } from '@tests/dates';
import { insertBookableSlot } from '@tests/support/fixtures';
import { buildTestApp, callerFor, createAccount, createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let app: FastifyInstance;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function book(timeSlotId: string, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/trpc/bookings.create',
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, ...headers },
    payload: JSON.stringify({ timeSlotId, participantName: 'Awa Diallo', participantEmail: 'awa@example.com' }),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ result: { data: { id: string } } }>().result.data.id;
}

function participantMessageOf(bookingId: string) {
  return env.db
    .selectFrom('emailOutbox')
    .select(['subject', 'textBody', 'htmlBody', 'ics'])
    .where('bookingId', '=', bookingId)
    .where('kind', '=', 'booking-received')
    .executeTakeFirstOrThrow();
}

describe('a booking’s language', () => {
  it('gives a booking made on a French page French e-mails and a French calendar file', async () => {
    const { slot } = await insertBookableSlot(env.db);
    const bookingId = await book(slot.id, { [LANGUAGE_HEADER]: 'fr' });
    const stored = await env.db.selectFrom('bookings').select('language').where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(stored.language).toBe('fr');

    const message = await participantMessageOf(bookingId);
    expect(message.subject).toMatch(/ : réservation reçue pour Fixture Session$/);
    expect(message.textBody).toContain('Bonjour Awa Diallo,');
    expect(message.textBody).toContain('Votre place est retenue et la réservation est en attente');
    expect(message.textBody).toContain('Séance: Fixture Session');
    expect(message.textBody).toContain('Voir ou annuler votre réservation: ');
    expect(message.htmlBody).toContain('<html lang="fr">');
    expect(message.ics).toContain('SUMMARY:Fixture Session (');
    expect(message.ics).toMatch(/DESCRIPTION:Votre réservation auprès de .* attend sa confirmation\./);
  });

  it('keeps English for a booking from an English page', async () => {
    const { slot } = await insertBookableSlot(env.db);
    const bookingId = await book(slot.id, {});
    const stored = await env.db.selectFrom('bookings').select('language').where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(stored.language).toBe('en');
    const message = await participantMessageOf(bookingId);
    expect(message.subject).toMatch(/: booking received for Fixture Session$/);
    expect(message.textBody).toContain('Dear Awa Diallo,');
    expect(message.ics).toMatch(/DESCRIPTION:Your booking with .* is pending confirmation\./);
  });

  it("writes each admin's new-booking notice in the language of their notices, the participant's in the booking's", async () => {
    const french = await createAccount(env.db, 'admin');
    const english = await createAccount(env.db, 'admin');
    const switches = { emailNotifications: true, newBookings: true, newContacts: true, systemAlerts: false, weeklyReports: false };
    await callerFor(env.deps, french).settings.updateNotifications({ ...switches, language: 'fr' });
    await callerFor(env.deps, english).settings.updateNotifications({ ...switches, language: 'en' });
    expect((await callerFor(env.deps, french).settings.get()).notifications.language).toBe('fr');

    const { slot } = await insertBookableSlot(env.db);
    const bookingId = await book(slot.id, {});
    const notices = await env.db
      .selectFrom('emailOutbox')
      .select(['toAddress', 'subject', 'textBody'])
      .where('bookingId', '=', bookingId)
      .where('kind', '=', 'admin-new-booking')
      .execute();
    const to = (email: string) => notices.find((notice) => notice.toAddress === email);
    expect(to(french.user.email)?.subject).toMatch(/ : nouvelle réservation de Awa Diallo$/);
    expect(to(french.user.email)?.textBody).toContain('Statut: En attente');
    expect(to(french.user.email)?.textBody).toContain('Séance: Fixture Session');
    expect(to(english.user.email)?.subject).toMatch(/: new booking from Awa Diallo$/);
    expect(to(english.user.email)?.textBody).toContain('Status: Pending');
    expect((await participantMessageOf(bookingId)).textBody).toContain('Dear Awa Diallo,');
  });

  it('writes dates in the booking’s language and its reminder in French', () => {
    const year = futureYear(3, 13, 'Friday');
    const site: SiteVoice = {
      siteName: 'Cabinet Kestrel',
      signature: ['Cabinet Kestrel'],
      primaryColor: '#1d4ed8',
      logoUrl: null,
      timeZone: 'UTC',
      publicOrigin: 'https://kestrel.example',
    };
    const booking = {
      participantName: 'Awa Diallo',
      participantEmail: 'awa@example.com',
      participantPhone: null,
      status: 'confirmed' as const,
      eventTitle: 'Forum Accra',
      sessionTitle: 'Rencontres',
      location: null,
      startTime: `${isoDay(year, 3, 13)}T10:00:00.000Z`,
      endTime: `${isoDay(year, 3, 13)}T12:00:00.000Z`,
      language: 'fr',
    };
    const confirmed = bookingConfirmedMessage(site, booking, null);
    expect(confirmed.subject).toBe('Cabinet Kestrel : réservation confirmée pour Rencontres');
    expect(confirmed.text).toContain(`Quand: vendredi 13 mars ${year}, 10:00 – 12:00 UTC`);
    expect(confirmed.text).toContain('Où: À confirmer');
    const reminder = bookingReminderMessage(site, booking, { url: 'https://kestrel.example/booking/manage/t', replacesEarlier: true });
    expect(reminder.subject).toBe('Cabinet Kestrel : rappel pour Rencontres');
    expect(reminder.text).toContain('Les liens des e-mails précédents sur cette réservation ne fonctionnent plus ; utilisez celui-ci.');
    expect(bookingConfirmedMessage(site, { ...booking, language: 'en' }, null).text).toContain(
      `When: Friday, March 13, ${year}, 10:00\u00a0AM – 12:00\u00a0PM UTC`,
    );
  });
});

describe('the words of a message', () => {
  it('keep one date formatter per language, not one per message', () => {
    expect(wordsIn('fr').dates).toBe(wordsIn('fr').dates);
    expect(wordsIn('en').dates).toBe(wordsIn(undefined).dates);
    expect(wordsIn('fr').dates).not.toBe(wordsIn('en').dates);
  });
});
