// E-mails in the recipient's language beyond the booking's first messages: a consultation booked
// from a French page (x-site-language: fr) keeps French for all its visitor's messages and calendar
// files, with the type's French title (or its English one when untranslated) and links to the French
// pages; each consultant reads their notices in their own language; a waitlist offer and a booking's
// reminder follow the booking's language, with the session's French title.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsultationTypeInput } from '@server/consultations/consultations.schemas';
import { LANGUAGE_HEADER } from '@server/shared/i18n/languages';
import { getSystemSettings } from '@server/settings/settings.repository';
import { startScheduler } from '@server/scheduler/scheduler';
import { emailGaveUpAlert, raiseSystemAlert } from '@server/monitoring/system-alerts.service';
import { createContextInner } from '@server/trpc/context';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { buildPageApp } from '@tests/support/page-app';
import { buildTestApp, callerFor, createAccount, createCaller, createTestEnv, roleCallers, type RoleCallers, SAME_ORIGIN, type TestAccount, type TestEnv } from '@tests/support/helpers';

const DAY = 86_400_000;

let env: TestEnv;
let callers: RoleCallers;
let consultant: TestAccount;

function dayAhead(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

const SWITCHES = { emailNotifications: true, newBookings: false, newContacts: false, systemAlerts: false, weeklyReports: false };

const discoveryCall = (staffIds: string[], overrides: Partial<ConsultationTypeInput> = {}): ConsultationTypeInput => ({
  title: 'Discovery call',
  description: 'A first talk about your market.',
  translations: { fr: { title: 'Appel découverte', description: 'Un premier échange sur votre marché.' } },
  durationMinutes: 60,
  locationKind: 'phone',
  horizonDays: 60,
  staffIds,
  ...overrides,
});

/** A visitor on a page in `language`: the API calls carry its header. */
function visitorIn(language: 'en' | 'fr') {
  return createCaller(createContextInner(env.deps, { user: null, session: null, language }));
}

/** The messages to `address`, oldest first, each calendar file's folded lines joined again. */
async function messagesTo(address: string) {
  const rows = await env.db.selectFrom('emailOutbox').select(['kind', 'subject', 'textBody', 'htmlBody', 'ics']).where('toAddress', '=', address).orderBy('createdAt').orderBy('id').execute();
  return rows.map((row) => ({ ...row, ics: row.ics?.replace(/\r\n /g, '') ?? null }));
}

function tokenIn(text: string): string {
  const token = /\/consultations\/manage\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (token === undefined) throw new Error('No manage link in the message');
  return token;
}

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
  consultant = await createAccount(env.db, 'user', { name: 'Ama Consultant', email: 'ama@example.com' });
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 }));
  await callerFor(env.deps, consultant).consultations.availability.set({ timeZone: 'UTC', weekly, overrides: [] });
});

afterEach(async () => {
  await env.close();
});

describe('a consultation’s language', () => {
  it('stores the page’s language: a French visitor gets French e-mails, .ics and links, the type’s French title', async () => {
    await callerFor(env.deps, consultant).settings.updateNotifications({ ...SWITCHES, language: 'fr' });
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(7);
    const booked = await visitorIn('fr').consultations.book({
      typeId: type.id,
      startsAt: `${date}T10:00:00.000Z`,
      timeZone: 'UTC',
      visitorName: 'Awa Diallo',
      visitorEmail: 'awa@example.com',
      visitorPhone: '+221 77 000 0000',
    });
    const stored = await env.db.selectFrom('consultations').select('language').where('id', '=', booked.id).executeTakeFirstOrThrow();
    expect(stored.language).toBe('fr');
    // The page's confirmation and the manage page name the type in the page's language too.
    expect(booked.typeTitle).toBe('Appel découverte');

    const [visitor] = await messagesTo('awa@example.com');
    expect(visitor?.kind).toBe('consultation-booked');
    expect(visitor?.subject).toMatch(/ : votre rendez-vous « Appel découverte » avec Ama Consultant est réservé$/);
    expect(visitor?.textBody).toContain('Bonjour Awa Diallo,');
    expect(visitor?.textBody).toContain("Merci d'avoir réservé une consultation. Elle est confirmée ; les détails figurent ci-dessous.");
    expect(visitor?.textBody).toContain('Consultation: Appel découverte');
    expect(visitor?.textBody).toContain('Avec: Ama Consultant');
    expect(visitor?.textBody).toContain('Où: Appel téléphonique : Ama Consultant vous appellera au +221 77 000 0000');
    expect(visitor?.textBody).toMatch(/Déplacer ou annuler: http:\/\/[^/]+\/fr\/consultations\/manage\/[A-Za-z0-9_-]{43}/);
    expect((await visitorIn('fr').consultations.manage({ token: tokenIn(visitor?.textBody ?? '') })).typeTitle).toBe('Appel découverte');
    expect((await visitorIn('en').consultations.manage({ token: tokenIn(visitor?.textBody ?? '') })).typeTitle).toBe('Discovery call');
    expect(visitor?.htmlBody).toContain('<html lang="fr">');
    expect(visitor?.ics).toMatch(/SUMMARY:Appel découverte avec Ama Consultant \(/);
    expect(visitor?.ics).toContain('DESCRIPTION:Votre rendez-vous « Appel découverte » avec Ama Consultant de ');

    // The consultant asked for French notices.
    const [notice] = await messagesTo('ama@example.com');
    expect(notice?.subject).toBe('Nouvelle consultation : Appel découverte avec Awa Diallo');
    expect(notice?.textBody).toContain('Un visiteur a réservé une consultation avec vous.');
    expect(notice?.textBody).toContain('Entreprise: Non indiqué');

    // Moving and cancelling through the French link stay French, with the French calendar updates.
    const token = tokenIn(visitor?.textBody ?? '');
    const later = await visitorIn('fr').consultations.rescheduleByToken({ token, startsAt: `${date}T14:00:00.000Z` });
    expect(later.where).toBe('Appel téléphonique : Ama Consultant vous appellera au +221 77 000 0000');
    expect(later.typeTranslations).toEqual({ fr: { title: 'Appel découverte', description: 'Un premier échange sur votre marché.' } });
    const moved = (await messagesTo('awa@example.com')).find((message) => message.kind === 'consultation-rescheduled');
    expect(moved?.subject).toMatch(/ : votre rendez-vous « Appel découverte » avec Ama Consultant a été déplacé$/);
    expect(moved?.textBody).toContain('Auparavant: ');
    expect(moved?.ics).toContain('SEQUENCE:1');
    await visitorIn('fr').consultations.cancelByToken({ token });
    const cancelled = (await messagesTo('awa@example.com')).find((message) => message.kind === 'consultation-cancelled');
    expect(cancelled?.textBody).toContain('Votre consultation ci-dessous est annulée.');
    expect(cancelled?.ics).toContain('METHOD:CANCEL');
    expect(cancelled?.ics).toContain('DESCRIPTION:Votre rendez-vous « Appel découverte » avec ');
    const notices = await messagesTo('ama@example.com');
    expect(notices.map((message) => message.subject)).toEqual([
      'Nouvelle consultation : Appel découverte avec Awa Diallo',
      'Consultation déplacée : Appel découverte avec Awa Diallo',
      'Consultation annulée : Appel découverte avec Awa Diallo',
    ]);
  });

  it('falls back to the English title of an untranslated type, and keeps English for an English page and consultant', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id], { translations: {} }));
    const date = dayAhead(7);
    await visitorIn('fr').consultations.book({ typeId: type.id, startsAt: `${date}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Awa', visitorEmail: 'awa@example.com' });
    const [french] = await messagesTo('awa@example.com');
    expect(french?.subject).toMatch(/ : votre rendez-vous « Discovery call » avec Ama Consultant est réservé$/);
    expect(french?.ics).toMatch(/SUMMARY:Discovery call avec Ama Consultant/);
    expect(french?.textBody).toContain('Où: Appel téléphonique : Ama Consultant vous appellera');
    const [notice] = await messagesTo('ama@example.com');
    expect(notice?.subject).toBe('New consultation: Discovery call with Awa');
    expect(notice?.textBody).toContain('Dear Ama Consultant,');

    await visitorIn('en').consultations.book({ typeId: type.id, startsAt: `${date}T12:00:00.000Z`, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
    const [english] = await messagesTo('kofi@example.com');
    expect(english?.subject).toMatch(/: your Discovery call with Ama Consultant is booked$/);
    expect(english?.textBody).toMatch(/Reschedule or cancel: http:\/\/[^/]+\/consultations\/manage\//);
    expect(english?.ics).toMatch(/SUMMARY:Discovery call with Ama Consultant \(/);
  });

  it('reminds a French visitor in French', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const date = dayAhead(5);
    await visitorIn('fr').consultations.book({ typeId: type.id, startsAt: `${date}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Awa', visitorEmail: 'awa@example.com' });
    const { reminderHours } = await getSystemSettings(env.db);
    const clock = Date.parse(`${date}T10:00:00.000Z`) - (reminderHours - 1) * 3_600_000;
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(clock) });
    try {
      const { reminders } = await scheduler.runOnce();
      // Seen at 0 in two full shuffled runs and never alone: the failure says what the scheduler saw.
      const seen = { clock: new Date(clock).toISOString(), reminderHours, consultations: await env.db.selectFrom('consultations').select(['status', 'startsAt', 'createdAt', 'updatedAt']).execute() };
      expect(reminders, JSON.stringify(seen)).toBe(1);
    } finally {
      await scheduler.stop();
    }
    const reminder = (await messagesTo('awa@example.com')).find((message) => message.kind === 'consultation-reminder');
    expect(reminder?.subject).toMatch(/ : rappel de votre rendez-vous « Appel découverte » avec Ama Consultant$/);
    expect(reminder?.textBody).toContain('Un rappel de votre consultation ci-dessous.');
    expect(reminder?.textBody).toContain('Les liens des e-mails précédents sur cette consultation ne fonctionnent plus ; utilisez celui-ci.');
    expect(reminder?.textBody).toMatch(/\/fr\/consultations\/manage\/[A-Za-z0-9_-]{43}/);
    expect(reminder?.ics).toMatch(/SUMMARY:Appel découverte avec Ama Consultant/);
  });
});

describe('the French address of a message’s link', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildPageApp(env);
  });
  afterEach(async () => {
    await app.close();
  });

  it('opens the manage page in French, keeping the token', async () => {
    // Tokens no booking has: the page answers 404, in French and at its address all the same.
    for (const url of ['/fr/consultations/manage/abcDEF123_-', '/fr/booking/manage/abcDEF123_-']) {
      const response = await app.inject({ method: 'GET', url, headers: { origin: SAME_ORIGIN } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<html lang="fr"');
      expect(response.body, url).toContain(`<link rel="canonical" href="${env.deps.config.publicOrigin}${url}" />`);
    }
  });
});

describe('a booking’s language in its later messages', () => {
  /** One seat, taken, and a French waitlisted booking first in line; the session offers freed seats for 2 hours. */
  async function frenchWaitlist(sessionTranslations: string) {
    const event = await insertEventRow(env.db);
    await env.db.updateTable('events').set({ translations: JSON.stringify({ fr: { title: 'Forum d’Accra', description: null } }) }).where('id', '=', event.id).execute();
    const session = await insertSessionRow(env.db, event.id, { maxParticipants: 1 });
    await env.db.updateTable('eventSessions').set({ offerHours: 2, translations: sessionTranslations }).where('id', '=', session.id).execute();
    const slot = await insertSlotRow(env.db, session.id, 72);
    const seated = await insertBookingRow(env.db, slot, event.id, { email: 'seated@example.com', status: 'confirmed', createdAt: '2026-01-01T00:00:00.000Z' });
    const waiting = await insertBookingRow(env.db, slot, event.id, { email: 'awa@example.com', status: 'waitlisted', createdAt: '2026-01-02T00:00:00.000Z' });
    await env.db.updateTable('bookings').set({ language: 'fr' }).where('id', '=', waiting.id).execute();
    return { session, seated, waiting };
  }

  it('offers a freed seat in French, with the session’s French title and a link to the French page', async () => {
    const { seated } = await frenchWaitlist(JSON.stringify({ fr: { title: 'Rencontres acheteurs', description: null } }));
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    const [offer] = await messagesTo('awa@example.com');
    expect(offer?.kind).toBe('waitlist-offer');
    expect(offer?.subject).toMatch(/ : une place vous est réservée pour Rencontres acheteurs jusqu'au .+/);
    expect(offer?.textBody).toContain('Bonjour Fixture Participant,');
    expect(offer?.textBody).toContain("Si vous la refusez, ou ne la prenez pas d'ici là, votre réservation est annulée");
    expect(offer?.textBody).toContain('Événement: Forum d’Accra');
    expect(offer?.textBody).toContain('Séance: Rencontres acheteurs');
    expect(offer?.textBody).toMatch(/Prendre ou refuser la place: http:\/\/[^/]+\/fr\/booking\/manage\/[A-Za-z0-9_-]{43}/);
    expect(offer?.textBody).toContain('Gardez ce lien pour vous : toute personne qui le possède peut prendre ou refuser la place.');
  });

  it('tells a French participant in French when the offer runs out, an untranslated session keeping its English title', async () => {
    const { seated, waiting } = await frenchWaitlist('{}');
    await callers.admin.bookings.setStatus({ id: seated.id, status: 'cancelled' });
    const { offerExpiresAt } = await env.db.selectFrom('bookings').select('offerExpiresAt').where('id', '=', waiting.id).executeTakeFirstOrThrow();
    const scheduler = startScheduler(env.deps, { intervalMs: null, now: () => new Date(Date.parse(offerExpiresAt ?? '') + 1000) });
    try {
      await scheduler.runOnce();
    } finally {
      await scheduler.stop();
    }
    const [offer, expired] = await messagesTo('awa@example.com');
    expect(offer?.subject).toMatch(/ : une place vous est réservée pour Fixture Session jusqu'au /);
    expect(expired?.kind).toBe('booking-cancelled');
    expect(expired?.subject).toMatch(/ : réservation annulée pour Fixture Session$/);
    expect(expired?.textBody).toMatch(/vous pouvez réserver de nouveau sur http:\/\/[^/]+\/fr\/booking\./);
    expect(expired?.ics).toContain('SUMMARY:Fixture Session (Forum d’Accra)');
    expect(expired?.ics).toContain('DESCRIPTION:Votre réservation auprès de ');
  });
});

describe('the language header', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp(env);
  });
  afterEach(async () => {
    await app.close();
  });

  it('is what a real French page sends when it books a consultation', async () => {
    const type = await callers.admin.consultations.types.create(discoveryCall([consultant.user.id]));
    const response = await app.inject({
      method: 'POST',
      url: '/api/trpc/consultations.book',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, [LANGUAGE_HEADER]: 'fr' },
      payload: JSON.stringify({ typeId: type.id, startsAt: `${dayAhead(7)}T10:00:00.000Z`, timeZone: 'UTC', visitorName: 'Awa', visitorEmail: 'awa@example.com' }),
    });
    expect(response.statusCode).toBe(200);
    const id = response.json<{ result: { data: { id: string } } }>().result.data.id;
    expect((await env.db.selectFrom('consultations').select('language').where('id', '=', id).executeTakeFirstOrThrow()).language).toBe('fr');
  });
});

describe('staff notices in each staff member’s language', () => {
  it('writes a system alert to each admin in the language of their notices', async () => {
    const french = await createAccount(env.db, 'admin', { email: 'fatou@example.com' });
    const english = await createAccount(env.db, 'admin', { email: 'kwame@example.com' });
    const alerts = { ...SWITCHES, systemAlerts: true };
    await callerFor(env.deps, french).settings.updateNotifications({ ...alerts, language: 'fr' });
    await callerFor(env.deps, english).settings.updateNotifications({ ...alerts, language: 'en' });
    const gaveUp = emailGaveUpAlert({ toAddress: 'x@example.com', subject: 'Booking received', attempts: 6, lastError: '550 Mailbox unavailable' });
    // These two, and the admin of the role callers (alerts on, English by default).
    expect(await raiseSystemAlert(env.db, env.deps.config.publicOrigin, gaveUp)).toBe(3);

    const [toFrench] = await messagesTo('fatou@example.com');
    expect(toFrench?.subject).toMatch(/^Alerte .+ : un e-mail n'a pas pu être envoyé$/);
    expect(toFrench?.textBody).toContain('Un e-mail a été abandonné après 6 tentatives et ne sera plus essayé');
    expect(toFrench?.textBody).toContain('Destinataire: x@example.com');
    expect(toFrench?.textBody).toContain('Ouvrir le journal des e-mails: http');
    expect(toFrench?.htmlBody).toContain('<html lang="fr">');
    const [toEnglish] = await messagesTo('kwame@example.com');
    expect(toEnglish?.subject).toMatch(/ alert: an e-mail could not be sent$/);
    expect(toEnglish?.textBody).toContain('An e-mail gave up after 6 attempts and will not be tried again unless you retry it in the Email Log.');
  });

  it('writes the weekly report in the staff member’s language, with French dates', async () => {
    await callerFor(env.deps, consultant).settings.updateNotifications({ ...SWITCHES, weeklyReports: true, language: 'fr' });
    await callerFor(env.deps, consultant).settings.sendWeeklyReport();
    const [report] = await messagesTo('ama@example.com');
    expect(report?.subject).toMatch(/ : rapport hebdomadaire$/);
    expect(report?.textBody).toMatch(/Votre rapport hebdomadaire de .+, pour les 7 jours jusqu'au .+ et les 7 jours à venir\./);
    expect(report?.textBody).toContain('Aucune séance dans les 7 prochains jours.');
    expect(report?.textBody).toContain('Nouvelles réservations: 0 (En attente 0, Confirmées 0, En liste d\'attente 0, Annulées 0)');
    expect(report?.textBody).not.toContain('E-mails en échec');

    await callers.admin.settings.sendWeeklyReport();
    const [english] = await messagesTo(callers.adminAccount.user.email);
    expect(english?.subject).toMatch(/: weekly report$/);
    expect(english?.textBody).toContain('No e-mails failed in the last 7 days.');
  });
});
