// Names, titles, phones and companies go into plain-text e-mails and headers line by line: a CR/LF
// in one would forge lines of a message ("When: ...", "Manage: https://evil.example"). Every such
// field refuses control characters with a field message and stores nothing, through the API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXPORT_ROUTES } from '@server/exports/exports.route';
import { ONE_LINE_MESSAGE, SEARCH_CONTROL_MESSAGE } from './common.schemas';
import { SESSION_COOKIE } from '@server/identity/session.service';
import { insertBookableSlot } from '@tests/support/fixtures';
import { buildTestApp, createTestEnv, eventInput, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const FORGED = ['Ama\r\nWhen: never\r\nManage: https://evil.example', 'Ama\nMensah', 'Ama\tMensah', 'Ama\u0000', 'Ama\u001b[31m', 'Ama\u0085'];

describe('one-line fields', () => {
  it('bookings.create refuses a name or phone with control characters, storing nothing', async () => {
    const { slot } = await insertBookableSlot(env.db);
    for (const value of FORGED) {
      await expectFieldErrors(callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: value, participantEmail: 'ama@example.com' }), {
        participantName: ONE_LINE_MESSAGE,
      });
      await expectFieldErrors(
        callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: 'Ama', participantEmail: 'ama@example.com', participantPhone: `+233${value}` }),
        { participantPhone: ONE_LINE_MESSAGE },
      );
    }
    expect(await env.db.selectFrom('bookings').select('id').execute()).toEqual([]);
    expect(await env.db.selectFrom('emailOutbox').select('id').execute()).toEqual([]);
  });

  it('contacts.submit refuses a name or company with control characters; the message itself may have lines', async () => {
    await expectFieldErrors(callers.anonymous.contacts.submit({ name: FORGED[0] ?? '', email: 'ama@example.com', message: 'Hello' }), {
      name: ONE_LINE_MESSAGE,
    });
    await expectFieldErrors(callers.anonymous.contacts.submit({ name: 'Ama', email: 'ama@example.com', company: 'Acme\nLtd', message: 'Hello' }), {
      company: ONE_LINE_MESSAGE,
    });
    await expect(
      callers.anonymous.contacts.submit({ name: 'Ama Mensah', email: 'ama@example.com', message: 'First line\nSecond line' }),
    ).resolves.toMatchObject({ id: expect.any(String) });
  });

  it('staff names and titles refuse them too: accounts, profile, delegates, events', async () => {
    await expectFieldErrors(callers.admin.users.create({ name: 'Kofi\r\nBcc: x', email: 'kofi@example.com', password: 'a-long-password', role: 'user' }), {
      name: ONE_LINE_MESSAGE,
    });
    await expectFieldErrors(callers.user.settings.updateProfile({ name: 'Uma\nUser', email: callers.userAccount.user.email }), { name: ONE_LINE_MESSAGE });
    await expectFieldErrors(callers.admin.delegates.create({ name: 'Yaw\nDarko', email: 'yaw@example.com' }), { name: ONE_LINE_MESSAGE });
    await expectFieldErrors(callers.admin.events.create(eventInput({ title: 'Summit\r\nSubject: free money' })), { title: ONE_LINE_MESSAGE });
  });
});

describe('search text', () => {
  it('refuses a NUL or other control character with a field message on every list, never a 500', async () => {
    for (const search of ['Ama\u0000', '\u0000', 'a\nb']) {
      await expectFieldErrors(callers.user.bookings.list({ search }), { search: SEARCH_CONTROL_MESSAGE });
      await expectFieldErrors(callers.user.contacts.list({ search }), { search: SEARCH_CONTROL_MESSAGE });
      await expectFieldErrors(callers.user.sessions.list({ search }), { search: SEARCH_CONTROL_MESSAGE });
      await expectFieldErrors(callers.admin.audit.list({ search }), { search: SEARCH_CONTROL_MESSAGE });
    }
  });

  it('answers the CSV export with 400 and the message, not a file with only its header', async () => {
    const app = await buildTestApp(env);
    try {
      for (const url of Object.values(EXPORT_ROUTES)) {
        const response = await app.inject({
          method: 'GET',
          url: `${url}?search=${encodeURIComponent('Ama\u0000')}`,
          headers: { cookie: `${SESSION_COOKIE}=${callers.userAccount.token}` },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ error: { message: SEARCH_CONTROL_MESSAGE } });
      }
    } finally {
      await app.close();
    }
  });
});

