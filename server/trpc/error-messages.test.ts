// What the API says when it refuses, over HTTP: the English message (what curl shows and the back
// office says, the same for a French page), and beside it the catalog key and values of that message
// and of each field's first message, which a page says in its own language. A domain error, a
// schema's field message, the site switches, the rate limit and a hidden 500 all carry their key.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { LANGUAGE_HEADER } from '@server/shared/i18n/languages';
import { insertBookableSlot } from '@tests/support/fixtures';
import { buildTestApp, createTestEnv, roleCallers, SAME_ORIGIN, type TestEnv } from '@tests/support/helpers';

interface ErrorBody {
  message: string;
  data: {
    code: string;
    httpStatus: number;
    fieldErrors: Record<string, string[]> | null;
    messageKey: string | null;
    messageValues: Record<string, string | number>;
    fieldMessageKeys: Record<string, { key: string; values: Record<string, string | number> }> | null;
  };
}

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

async function post(procedure: string, input: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/trpc/${procedure}`,
    headers: { 'content-type': 'application/json', origin: SAME_ORIGIN, ...headers },
    payload: JSON.stringify(input),
  });
  return { status: response.statusCode, error: response.json<{ error: ErrorBody }>().error };
}

const contact = { name: 'Akosua Mensah', email: 'akosua@example.com', message: 'Hello' };
const FRENCH = { [LANGUAGE_HEADER]: 'fr' };

describe('the keys of the messages the API sends', () => {
  it("keys a schema's field messages, with their values, and keeps the English for every caller", async () => {
    for (const headers of [{}, FRENCH]) {
      const { status, error } = await post('contacts.submit', { name: ' ', email: 'akosua@', message: '', company: 'A'.repeat(501) }, headers);
      expect(status).toBe(400);
      expect(error.message).toBe('Name is required');
      expect(error.data.messageKey).toBe('validation.nameRequired');
      expect(error.data.fieldErrors).toEqual({
        name: ['Name is required'],
        email: ['Please enter a valid email address'],
        company: ['Must be at most 500 characters'],
        message: ['Message is required'],
      });
      expect(error.data.fieldMessageKeys).toEqual({
        name: { key: 'validation.nameRequired', values: {} },
        email: { key: 'validation.emailInvalid', values: {} },
        company: { key: 'validation.tooLong', values: { max: 500 } },
        message: { key: 'validation.messageRequired', values: {} },
      });
    }
  });

  it('keys the site switches: maintenance, then bookings closed', async () => {
    const { slot } = await insertBookableSlot(env.db, 1);
    const booking = { timeSlotId: slot.id, participantName: 'Kwame Boateng', participantEmail: 'kwame@example.com', answers: {} };
    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    const maintenance = await post('bookings.create', booking);
    expect(maintenance.status).toBe(503);
    expect(maintenance.error.message).toBe('The site is under maintenance. Please try again later.');
    expect(maintenance.error.data.messageKey).toBe('notice.maintenance');

    await saveSystemSettings(env.db, { ...DEFAULT_SYSTEM_SETTINGS, allowRegistrations: false });
    const closed = await post('bookings.create', booking);
    expect(closed.status).toBe(412);
    expect(closed.error.message).toBe('Bookings are currently closed.');
    expect(closed.error.data.messageKey).toBe('notice.bookingsClosed');
  });

  it("keys a domain error and its field messages: a booking's unanswered questions", async () => {
    const { event, slot } = await insertBookableSlot(env.db, 5);
    const callers = await roleCallers(env);
    const [question] = await callers.admin.registrationQuestions.save({
      eventId: event.id,
      questions: [{ kind: 'short_text', label: 'Company size', required: true }],
    });
    const field = `answers.${question?.id ?? ''}`;
    const refused = await post('bookings.create', { timeSlotId: slot.id, participantName: 'Kwame Boateng', participantEmail: 'kwame@example.com', answers: {} });
    expect(refused.status).toBe(400);
    expect(refused.error.message).toBe('Please check your answers to the questions.');
    expect(refused.error.data.messageKey).toBe('message.answersRefused');
    expect(refused.error.data.fieldErrors).toEqual({ [field]: ['Please answer this question'] });
    expect(refused.error.data.fieldMessageKeys).toEqual({ [field]: { key: 'message.answerRequired', values: {} } });
  });

  it('keys the rate limit with the wait as values', async () => {
    const limited = await createTestEnv({ limits: { publicFormsPerWindow: 1 } });
    const limitedApp = await buildTestApp(limited);
    try {
      const send = () =>
        limitedApp.inject({
          method: 'POST',
          url: '/api/trpc/contacts.submit',
          headers: { 'content-type': 'application/json', origin: SAME_ORIGIN },
          payload: JSON.stringify(contact),
        });
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      const { error } = refused.json<{ error: ErrorBody }>();
      expect(error.message).toBe('Too many requests. Please try again in 10 minutes.');
      expect(error.data.messageKey).toBe('error.tooManyRequests');
      expect(error.data.messageValues).toEqual({ unit: 'minutes', count: 10 });
    } finally {
      await limitedApp.close();
      await limited.close();
    }
  });

  it("keys the staff procedures' refusal of an anonymous caller", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/trpc/contacts.list' });
    expect(response.statusCode).toBe(401);
    const { error } = response.json<{ error: ErrorBody }>();
    expect(error.message).toBe('Please sign in to continue.');
    expect(error.data.messageKey).toBe('api.auth.signInRequired');
    expect(error.data.fieldMessageKeys).toBeNull();
  });

  it("sends no key for tRPC's own refusals, which no catalog says", async () => {
    const response = await app.inject({ method: 'GET', url: '/api/trpc/contacts.noSuchProcedure' });
    expect(response.statusCode).toBe(404);
    const { error } = response.json<{ error: ErrorBody }>();
    expect(error.data.messageKey).toBeNull();
    expect(error.data.messageValues).toEqual({});
  });
});
