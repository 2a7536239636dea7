// Signed webhooks against a real receiver on loopback that verifies every signature with
// `standardwebhooks`: admins manage endpoints (audited, admins only, field messages); each booking
// change writes its deliveries in its own transaction; the sender delivers every event once, in
// order per booking, through an outage of the receiver (clock moved, no sleeps); a delivery gives
// up after a day and an endpoint failing for a day is turned off with one alert; a private address
// is refused when saved and again when delivering; a delivery can be sent again; two instances on
// PostgreSQL deliver each event once.
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/core/config';
import {
  callerFor,
  createTestEnv,
  expectAdminOnly,
  expectFieldErrors,
  expectTRPCError,
  roleCallers,
  type RoleCallers,
  type TestEnv,
} from '@tests/support/helpers';
import { insertBookableSlot } from '@tests/support/fixtures';
import { onPostgres, secondInstance } from '@tests/support/postgres-env';
import { startWebhookReceiver, type TestWebhookReceiver } from '@tests/support/webhook-receiver';
import { applyWebhookRetention, processDueWebhooks } from './webhook-delivery.service';
import { startWebhookSender } from './webhook-sender';
import { countDeliveriesByStatus } from './webhooks.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('webhooks', () => {
  let env: TestEnv;
  let callers: RoleCallers;
  let receiver: TestWebhookReceiver;

  beforeEach(async () => {
    env = await createTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORK: 'true', WEBHOOK_TIMEOUT_S: '5' } });
    callers = await roleCallers(env);
    receiver = await startWebhookReceiver();
  });

  afterEach(async () => {
    await receiver.close();
    await env.close();
  });

  async function makeEndpoint(events: Parameters<RoleCallers['admin']['webhooks']['create']>[0]['events'] = ['booking.created', 'booking.status_changed', 'booking.cancelled']) {
    const made = await callers.admin.webhooks.create({ url: receiver.url, events, description: 'CRM' });
    receiver.secret = made.secret;
    return made.endpoint;
  }

  async function book(slotId: string, email = 'ama@example.com') {
    return callers.anonymous.bookings.create({ timeSlotId: slotId, participantName: 'Ama Mensah', participantEmail: email, participantPhone: '+233 20 000 0000' });
  }

  it('lets only admins use every procedure', async () => {
    const endpoint = await makeEndpoint();
    await expectAdminOnly(callers, (c) => c.webhooks.list({}));
    await expectAdminOnly(callers, (c) => c.webhooks.create({ url: receiver.url, events: ['contact.received'] }));
    await expectAdminOnly(callers, (c) => c.webhooks.update({ id: endpoint.id, url: receiver.url, events: ['contact.received'], enabled: true }));
    await expectAdminOnly(callers, (c) => c.webhooks.deliveries({ endpointId: endpoint.id }));
    await expectAdminOnly(callers, (c) => c.webhooks.redeliver({ deliveryId: endpoint.id }));
    await expectAdminOnly(callers, (c) => c.webhooks.delete({ id: endpoint.id }));
  });

  it('refuses bad input with field messages', async () => {
    await expectFieldErrors(callers.admin.webhooks.create({ url: '', events: [] }), { url: 'Endpoint URL is required', events: 'Choose at least one event' });
    await expectFieldErrors(callers.admin.webhooks.create({ url: 'crm.example.com', events: ['booking.created'] }), {
      url: 'Please enter a web address such as https://crm.example.com/hooks',
    });
    await expectFieldErrors(callers.admin.webhooks.create({ url: 'https://user:pw@crm.example.com/', events: ['booking.created'] }), {
      url: 'Please enter a web address such as https://crm.example.com/hooks',
    });
    // @ts-expect-error an unknown event, as a hand-written call could send
    await expectFieldErrors(callers.admin.webhooks.create({ url: receiver.url, events: ['booking.deleted'] }), { 'events.0': 'Unknown event' });
    await expectFieldErrors(callers.admin.webhooks.update({ id: 'x', url: receiver.url, events: ['booking.created'] } as never), { enabled: 'Say whether the endpoint is on' });
    await expectTRPCError(callers.admin.webhooks.update({ id: 'missing', url: receiver.url, events: ['booking.created'], enabled: true }), 'NOT_FOUND', 'Webhook endpoint not found.');
    await expectTRPCError(callers.admin.webhooks.deliveries({ endpointId: 'missing' }), 'NOT_FOUND', 'Webhook endpoint not found.');
    await expectTRPCError(callers.admin.webhooks.redeliver({ deliveryId: 'missing' }), 'NOT_FOUND', 'Webhook delivery not found.');
  });

  it('answers the secret once, keeps it encrypted and audits the changes', async () => {
    const made = await callers.admin.webhooks.create({ url: receiver.url, events: ['contact.received'] });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await env.db.selectFrom('webhookEndpoints').select('secret').where('id', '=', made.endpoint.id).executeTakeFirstOrThrow();
    expect(stored.secret.startsWith('v1:')).toBe(true);
    expect(stored.secret).not.toContain(made.secret.slice(6));
    const listed = await callers.admin.webhooks.list({});
    expect(listed.total).toBe(1);
    expect(JSON.stringify(listed)).not.toContain(made.secret);
    expect(listed.items[0]).toMatchObject({ url: receiver.url, events: ['contact.received'], enabled: true, description: null });
    await callers.admin.webhooks.update({ id: made.endpoint.id, url: receiver.url, events: ['contact.received'], enabled: false });
    await callers.admin.webhooks.delete({ id: made.endpoint.id });
    const audit = await env.db.selectFrom('auditLog').select(['action', 'summary']).where('entity', '=', 'webhook-endpoint').orderBy('createdAt').orderBy('id').execute();
    expect(audit).toEqual([
      { action: 'create', summary: `${receiver.url}: contact.received` },
      { action: 'update', summary: `${receiver.url}: contact.received, turned off` },
      { action: 'delete', summary: receiver.url },
    ]);
  });

  it('refuses private and plain-http addresses unless the operator allows them', async () => {
    const strict = await createTestEnv();
    try {
      const admin = callerFor(strict.deps, (await roleCallers(strict)).adminAccount);
      await expectFieldErrors(admin.webhooks.create({ url: 'https://127.0.0.1:8443/hooks', events: ['booking.created'] }), {
        url: 'This address is on a private network, which this site does not send webhooks to',
      });
      await expectFieldErrors(admin.webhooks.create({ url: 'https://[::1]/hooks', events: ['booking.created'] }), {
        url: 'This address is on a private network, which this site does not send webhooks to',
      });
      await expectFieldErrors(admin.webhooks.create({ url: 'https://10.1.2.3/hooks', events: ['booking.created'] }), {
        url: 'This address is on a private network, which this site does not send webhooks to',
      });
      await expectFieldErrors(admin.webhooks.create({ url: 'http://crm.example.com/hooks', events: ['booking.created'] }), { url: 'Please use an https:// address' });
    } finally {
      await strict.close();
    }
  });

  it('checks the address again when delivering: a name that resolves to a private address is refused then', async () => {
    const made = await callers.admin.webhooks.create({ url: `https://localhost:${new URL(receiver.url).port}/hooks`, events: ['booking.created'] });
    expect(made.endpoint.url).toMatch(/^https:\/\/localhost:/);
    const { slot } = await insertBookableSlot(env.db);
    await book(slot.id);
    const strictConfig = loadConfig({ NODE_ENV: 'test', DATA_DIR: env.dataDir });
    await processDueWebhooks({ db: env.db, config: strictConfig }, new Date());
    expect(receiver.received).toEqual([]);
    const [delivery] = await env.db.selectFrom('webhookDeliveries').selectAll().execute();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, responseExcerpt: 'Refused: the address is on a private network' });
  });

  it('writes no delivery for an event the endpoint does not want, nor for a disabled endpoint', async () => {
    const endpoint = await makeEndpoint(['contact.received']);
    const { slot } = await insertBookableSlot(env.db);
    await book(slot.id, 'one@example.com');
    await callers.admin.webhooks.update({ id: endpoint.id, url: receiver.url, events: ['booking.created'], enabled: false });
    await book(slot.id, 'two@example.com');
    expect(await env.db.selectFrom('webhookDeliveries').selectAll().execute()).toEqual([]);
  });

  it('delivers every event once, signed, in order per booking, through an outage of the receiver', async () => {
    const endpoint = await makeEndpoint();
    const { event, slot } = await insertBookableSlot(env.db);
    const first = await book(slot.id, 'first@example.com');
    const second = await book(slot.id, 'second@example.com');
    await callers.admin.bookings.setStatus({ id: first.id, status: 'confirmed' });
    await callers.admin.bookings.setStatus({ id: first.id, status: 'cancelled' });
    await callers.admin.bookings.setStatus({ id: second.id, status: 'confirmed' });

    let clock = Date.now();
    await receiver.down();
    expect(await processDueWebhooks(env.deps, new Date(clock))).toBe(0);
    // Only the first event of each booking was tried: the later ones wait behind it.
    const tried = await env.db.selectFrom('webhookDeliveries').select(['eventType', 'attempts', 'responseExcerpt']).where('attempts', '>', 0).orderBy('id').execute();
    expect(tried).toEqual([
      { eventType: 'booking.created', attempts: 1, responseExcerpt: 'The server could not be reached (ECONNREFUSED)' },
      { eventType: 'booking.created', attempts: 1, responseExcerpt: 'The server could not be reached (ECONNREFUSED)' },
    ]);
    // A minute later it is still down: the second attempt fails too (the next waits 5 minutes).
    clock += MINUTE;
    expect(await processDueWebhooks(env.deps, new Date(clock))).toBe(0);
    await receiver.up();
    clock += 4 * MINUTE;
    expect(await processDueWebhooks(env.deps, new Date(clock))).toBe(0);
    clock += MINUTE;
    expect(await processDueWebhooks(env.deps, new Date(clock))).toBe(5);
    expect(await processDueWebhooks(env.deps, new Date(clock + HOUR))).toBe(0);

    expect(receiver.badSignatures).toBe(0);
    const ofFirst = receiver.received.filter((event) => event.data.id === first.id);
    expect(ofFirst.map((event) => [event.type, event.data.status, event.data.previousStatus])).toEqual([
      ['booking.created', 'pending', null],
      ['booking.status_changed', 'confirmed', 'pending'],
      ['booking.cancelled', 'cancelled', 'confirmed'],
    ]);
    const ofSecond = receiver.received.filter((event) => event.data.id === second.id);
    expect(ofSecond.map((event) => event.type)).toEqual(['booking.created', 'booking.status_changed']);
    expect(new Set(receiver.received.map((event) => event.id)).size).toBe(5);
    expect(ofFirst[0]?.data).toEqual({
      id: first.id,
      eventId: event.id,
      sessionId: slot.sessionId,
      timeSlotId: slot.id,
      status: 'pending',
      previousStatus: null,
      bookingDate: expect.any(String),
      language: 'en',
      participant: { name: 'Ama Mensah', email: 'first@example.com', phone: '+233 20 000 0000' },
      partner: null,
    });
    // A change of status carries ids only: no personal data.
    expect(Object.keys(ofFirst[1]?.data ?? {}).sort()).toEqual(['bookingDate', 'eventId', 'id', 'partner', 'previousStatus', 'sessionId', 'status', 'timeSlotId']);

    const log = await callers.admin.webhooks.deliveries({ endpointId: endpoint.id });
    expect(log.total).toBe(5);
    expect(log.items.map((item) => [item.eventType, item.status, item.responseStatus])).toEqual([
      ['booking.status_changed', 'delivered', 204],
      ['booking.cancelled', 'delivered', 204],
      ['booking.status_changed', 'delivered', 204],
      ['booking.created', 'delivered', 204],
      ['booking.created', 'delivered', 204],
    ]);
    expect(log.items.filter((item) => item.eventType === 'booking.created').map((item) => item.attempts)).toEqual([3, 3]);
    expect(await countDeliveriesByStatus(env.db)).toEqual({ pending: 0, delivered: 0, failed: 0 });
  });

  it('sends a delivery again with the same webhook-id when an admin asks', async () => {
    const endpoint = await makeEndpoint(['contact.received']);
    await callers.anonymous.contacts.submit({ name: 'Kofi Boateng', email: 'kofi@example.com', company: 'Boateng Ltd', message: 'Expanding to Lyon' });
    await processDueWebhooks(env.deps, new Date());
    expect(receiver.received.map((event) => [event.type, event.data.name, event.data.company])).toEqual([['contact.received', 'Kofi Boateng', 'Boateng Ltd']]);
    const [delivery] = (await callers.admin.webhooks.deliveries({ endpointId: endpoint.id })).items;
    expect(delivery?.messageId).toBe(receiver.received[0]?.id);
    await callers.admin.webhooks.redeliver({ deliveryId: delivery?.id ?? '' });
    await processDueWebhooks(env.deps, new Date());
    expect(receiver.received.map((event) => event.id)).toEqual([delivery?.messageId, delivery?.messageId]);
    const [again] = (await callers.admin.webhooks.deliveries({ endpointId: endpoint.id })).items;
    expect(again).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('keeps delivered and given-up deliveries in the log for 30 days, waiting ones until they settle', async () => {
    const endpoint = await makeEndpoint(['contact.received']);
    await callers.anonymous.contacts.submit({ name: 'Kofi Boateng', email: 'kofi@example.com', message: 'Hello' });
    await callers.anonymous.contacts.submit({ name: 'Ama Mensah', email: 'ama@example.com', message: 'Hello' });
    const start = Date.now();
    // The sender's loop, run by hand with its clock: the first is delivered, the receiver then fails.
    const sender = startWebhookSender(env.deps, { intervalMs: null, now: () => new Date(start) });
    await env.db.updateTable('webhookDeliveries').set({ nextAttemptAt: new Date(start + HOUR).toISOString() }).where('payload', 'like', '%ama@example.com%').execute();
    expect(await sender.runOnce()).toBe(1);
    await sender.stop();
    expect(await applyWebhookRetention(env.deps, new Date(start + 29 * 24 * HOUR))).toBe(0);
    expect(await applyWebhookRetention(env.deps, new Date(start + 31 * 24 * HOUR))).toBe(1);
    const left = (await callers.admin.webhooks.deliveries({ endpointId: endpoint.id })).items;
    expect(left.map((item) => item.status)).toEqual(['pending']);
  });

  it("goes with a person's erasure: the deliveries about their records are deleted", async () => {
    await makeEndpoint(['contact.received', 'booking.created']);
    await callers.anonymous.contacts.submit({ name: 'Kofi Boateng', email: 'kofi@example.com', message: 'Hello' });
    const { slot } = await insertBookableSlot(env.db);
    await book(slot.id, 'kofi@example.com');
    await book(slot.id, 'someone.else@example.com');
    const found = await callers.admin.privacy.findPerson({ email: 'kofi@example.com' });
    expect(found.records.webhookDeliveries?.map((record) => (record as { eventType: string }).eventType).sort()).toEqual(['booking.created', 'contact.received']);
    expect(await callers.admin.privacy.erasePerson({ email: 'kofi@example.com' })).toMatchObject({ webhookDeliveries: 2 });
    const left = await env.db.selectFrom('webhookDeliveries').select('payload').execute();
    expect(left).toHaveLength(1);
    expect(left[0]?.payload).toContain('someone.else@example.com');
  });

  it('gives a delivery up after a day, turns the failing endpoint off and tells the admins once', async () => {
    await env.db.updateTable('users').set({ notifyEmail: 1, notifySystemAlerts: 1 }).where('id', '=', callers.adminAccount.user.id).execute();
    const endpoint = await makeEndpoint(['contact.received']);
    await callers.anonymous.contacts.submit({ name: 'Kofi Boateng', email: 'kofi@example.com', message: 'Hello' });
    receiver.failWith = 500;
    const start = Date.now();
    for (let at = start; at <= start + 25 * HOUR; at += 15 * MINUTE) await processDueWebhooks(env.deps, new Date(at));
    const [delivery] = (await callers.admin.webhooks.deliveries({ endpointId: endpoint.id })).items;
    // Passes every 15 minutes; retries after 1, 5 and 15 minutes, then hourly: at 0, 0:15, 0:30, 0:45,
    // then 1:45 to 24:45, the first attempt a day after the event and the last.
    expect(delivery).toMatchObject({ status: 'failed', attempts: 28, responseStatus: 500, responseExcerpt: 'Receiver is having a bad day', nextAttemptAt: null });
    const [listed] = (await callers.admin.webhooks.list({})).items;
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const alerts = await env.db.selectFrom('emailOutbox').select('subject').where('kind', '=', 'system-alert').execute();
    expect(alerts.map((row) => row.subject)).toEqual([expect.stringContaining('a webhook endpoint was turned off')]);
    expect(await countDeliveriesByStatus(env.db)).toEqual({ pending: 0, delivered: 0, failed: 1 });
    // Turned on again by an admin: the failing state is cleared.
    await callers.admin.webhooks.update({ id: endpoint.id, url: receiver.url, events: ['contact.received'], enabled: true });
    expect((await callers.admin.webhooks.list({})).items[0]).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });
});

describe.runIf(onPostgres())('webhooks on two instances', () => {
  let env: TestEnv;
  let second: ReturnType<typeof secondInstance>;
  let receiver: TestWebhookReceiver;

  beforeEach(async () => {
    env = await createTestEnv({ env: { WEBHOOK_ALLOW_PRIVATE_NETWORK: 'true', WEBHOOK_TIMEOUT_S: '5' } });
    second = secondInstance(env);
    receiver = await startWebhookReceiver();
  });

  afterEach(async () => {
    await receiver.close();
    await second.close();
    await env.close();
  });

  it('delivers each event once when both send at the same time, in order per booking', async () => {
    const callers = await roleCallers(env);
    const made = await callers.admin.webhooks.create({ url: receiver.url, events: ['booking.created', 'booking.status_changed'] });
    receiver.secret = made.secret;
    const { slot } = await insertBookableSlot(env.db, null);
    const ids: string[] = [];
    for (let n = 0; n < 12; n += 1) {
      const { id } = await callers.anonymous.bookings.create({ timeSlotId: slot.id, participantName: `Guest ${n}`, participantEmail: `guest${n}@example.com` });
      ids.push(id);
      await callers.admin.bookings.setStatus({ id, status: 'confirmed' });
    }
    const at = new Date();
    const [mine, theirs] = await Promise.all([processDueWebhooks(env.deps, at), processDueWebhooks(second.deps, at)]);
    expect(mine + theirs).toBe(24);
    expect(receiver.badSignatures).toBe(0);
    expect(receiver.received).toHaveLength(24);
    expect(new Set(receiver.received.map((event) => event.id)).size).toBe(24);
    for (const id of ids) {
      expect(receiver.received.filter((event) => event.data.id === id).map((event) => event.type)).toEqual(['booking.created', 'booking.status_changed']);
    }
  });
});
