// Error and field messages in the page's language: a French page's API calls carry its language
// (x-site-language), and the API answers their validation failures and the site's refusals in French,
// field messages by their issue's code and text; without it, or for a message the catalog lacks,
// the English text stays as it was.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CATALOGS } from './catalogs';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { LANGUAGE_HEADER } from './languages';
import { MESSAGE_KEYS, translateIssue, translateMessage } from './messages';
import { CANNOT_CANCEL_STARTED, MANAGE_LINK_INVALID } from '@server/bookings/bookings.schemas';
import { TIME_ZONE_MESSAGE } from '@server/consultations/consultations.schemas';
import { QUESTION_MESSAGES } from '@server/registration-questions/registration-questions.schemas';
import { ANSWERS_REFUSED, DUPLICATE_BOOKING, SLOT_FULL, SLOT_NOT_FOUND, SLOT_UNAVAILABLE } from '@server/bookings/bookings.service';
import { ALREADY_CANCELLED, ALREADY_STARTED, TIME_TAKEN, TYPE_UNAVAILABLE } from '@server/consultations/consultation-booking.service';
import { OFFER_MESSAGES } from '@server/bookings/waitlist-offers.service';
import { buildTestApp, createTestEnv, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';

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

async function submitContact(input: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/trpc/contacts.submit',
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, ...headers },
    payload: JSON.stringify(input),
  });
  const body = response.json<{ error: { message: string; data: { code: string; fieldErrors: Record<string, string[]> | null } } }>();
  return { status: response.statusCode, error: body.error };
}

const FRENCH = { [LANGUAGE_HEADER]: 'fr' };

describe('messages in the caller’s language', () => {
  it('gives the contact form’s field messages in French to a French page', async () => {
    const { status, error } = await submitContact({ name: ' ', email: 'akosua@', message: '' }, FRENCH);
    expect(status).toBe(400);
    expect(error.data.code).toBe('BAD_REQUEST');
    expect(error.data.fieldErrors).toEqual({
      name: ['Le nom est obligatoire'],
      email: ['Veuillez saisir une adresse e-mail valide'],
      message: ['Le message est obligatoire'],
    });
    expect(error.message).toBe('Le nom est obligatoire');

    const tooLong = await submitContact({ name: 'A'.repeat(201), email: 'a@example.com', message: 'Hello' }, FRENCH);
    expect(tooLong.error.data.fieldErrors).toEqual({ name: ['200 caractères au plus'] });
  });

  it('keeps the English messages without the header or with a language the site does not speak', async () => {
    for (const headers of [{}, { [LANGUAGE_HEADER]: 'xx' }] as Record<string, string>[]) {
      const { status, error } = await submitContact({ name: ' ', email: '', message: '' }, headers);
      expect(status).toBe(400);
      expect(error.data.fieldErrors).toEqual({ name: ['Name is required'], email: ['Email is required'], message: ['Message is required'] });
    }
    const tooLong = await submitContact({ name: 'A'.repeat(201), email: 'a@example.com', message: 'Hello' });
    expect(tooLong.error.data.fieldErrors).toEqual({ name: ['Must be at most 200 characters'] });
  });

  it('says Maintenance Mode in French to a French page', async () => {
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    const french = await submitContact({ name: 'Akosua', email: 'a@example.com', message: 'Hello' }, FRENCH);
    expect(french.status).toBe(503);
    expect(french.error.message).toBe('Le site est en maintenance. Veuillez réessayer plus tard.');
    const english = await submitContact({ name: 'Akosua', email: 'a@example.com', message: 'Hello' });
    expect(english.error.message).toBe('The site is under maintenance. Please try again later.');
  });

  it('lists each message with the key whose English text it is', () => {
    for (const [text, key] of MESSAGE_KEYS) expect(CATALOGS.en[key], key).toBe(text);
    const t = (key: keyof typeof CATALOGS.en) => CATALOGS.fr[key];
    expect(translateIssue({ code: 'custom', message: 'Not in the catalog' }, t)).toBe('Not in the catalog');
  });

  it('has a French text for every refusal the booking and consultation pages can show', () => {
    const pages = [
      MANAGE_LINK_INVALID,
      CANNOT_CANCEL_STARTED,
      SLOT_UNAVAILABLE,
      SLOT_NOT_FOUND,
      SLOT_FULL,
      DUPLICATE_BOOKING,
      ANSWERS_REFUSED,
      ...Object.values(OFFER_MESSAGES),
      QUESTION_MESSAGES.required,
      QUESTION_MESSAGES.unknownChoice,
      QUESTION_MESSAGES.unknownCountry,
      QUESTION_MESSAGES.yesNo,
      TYPE_UNAVAILABLE,
      TIME_TAKEN,
      ALREADY_CANCELLED,
      ALREADY_STARTED,
      TIME_ZONE_MESSAGE,
    ];
    const t = (key: keyof typeof CATALOGS.en) => CATALOGS.fr[key];
    for (const message of pages) {
      expect(MESSAGE_KEYS.has(message), message).toBe(true);
      expect(translateMessage(message, t), message).not.toBe(message);
    }
  });

  it('refuses a French booking in French: its fields, and a full slot taken twice', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/trpc/bookings.create',
      headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, ...FRENCH },
      payload: JSON.stringify({ timeSlotId: '', participantName: ' ', participantEmail: 'x@', answers: {} }),
    });
    const body = response.json<{ error: { data: { code: string; fieldErrors: Record<string, string[]> } } }>();
    expect(response.statusCode).toBe(400);
    expect(body.error.data.code).toBe('BAD_REQUEST');
    expect(body.error.data.fieldErrors).toEqual({
      timeSlotId: ['Le créneau est obligatoire'],
      participantName: ['Le nom du participant est obligatoire'],
      participantEmail: ['Veuillez saisir une adresse e-mail valide'],
    });
  });
});
