// The partner widget's settings: who may read and change the allowed partner sites, how a site is
// normalised and refused, the audit row; and partner attribution: a booking made in an allowed
// partner's widget remembers the partner (listed, filtered, exported, in the webhook payload).
// (The headers the settings give the widget pages are tested in server/http/security-headers.test.ts.)
// @module-tag postgres
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestEnv, expectAdminOnly, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';
import { insertBookableSlot } from '@tests/support/fixtures';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv({ env: { PUBLIC_ORIGIN: 'https://firm.example', WEBHOOK_ALLOW_PRIVATE_NETWORK: 'true' } });
  callers = await roleCallers(env);
});
afterEach(() => env.close());

describe('settings.embed and settings.updateEmbed', () => {
  it('are for admins only', async () => {
    await expectAdminOnly(callers, (caller) => caller.settings.embed());
    await expectAdminOnly(callers, (caller) => caller.settings.updateEmbed({ allowedOrigins: ['https://partner.example'] }));
    expect(await callers.admin.settings.embed()).toEqual({ allowedOrigins: [], scriptUrl: 'https://firm.example/embed.js' });
  });

  it('keeps each site once, as scheme, host and port, and audits what changed', async () => {
    const saved = await callers.admin.settings.updateEmbed({
      allowedOrigins: ['https://Chamber.example/', ' https://chamber.example ', 'https://trade.example:8443', 'https://trade.example:443', 'http://localhost:5173'],
    });
    expect(saved.allowedOrigins).toEqual(['https://chamber.example', 'https://trade.example:8443', 'https://trade.example', 'http://localhost:5173']);
    expect((await callers.admin.settings.embed()).allowedOrigins).toEqual(saved.allowedOrigins);
    await callers.admin.settings.updateEmbed({ allowedOrigins: ['https://chamber.example', 'https://agency.example'] });
    const audit = await env.db.selectFrom('auditLog').select(['summary', 'entityId']).where('entityId', '=', 'embed').orderBy('id', 'asc').execute();
    expect(audit.map((row) => row.summary)).toEqual([
      'partner sites: allowed https://chamber.example, allowed https://trade.example:8443, allowed https://trade.example, allowed http://localhost:5173',
      'partner sites: allowed https://agency.example, removed https://trade.example:8443, removed https://trade.example, removed http://localhost:5173',
    ]);
  });

  it('refuses what is not a site, with a message under the field', async () => {
    const invalid = 'Enter a site such as https://partner.example (https://, no path)';
    for (const origin of ['partner.example', 'http://partner.example', 'https://partner.example/booking', 'https://*.partner.example', 'https://user:pw@partner.example', 'https://partner.example/?a=1', 'javascript:alert(1)', "'self'"]) {
      await expectFieldErrors(callers.admin.settings.updateEmbed({ allowedOrigins: ['https://fine.example', origin] }), { 'allowedOrigins.1': invalid });
    }
    const tooMany = Array.from({ length: 51 }, (_, index) => `https://partner${index}.example`);
    await expectFieldErrors(callers.admin.settings.updateEmbed({ allowedOrigins: tooMany }), { allowedOrigins: 'At most 50 partner sites' });
    expect((await callers.admin.settings.embed()).allowedOrigins).toEqual([]);
  });
});

describe('partner attribution', () => {
  async function book(slotId: string, email: string, partner?: string) {
    return callers.anonymous.bookings.create({ timeSlotId: slotId, participantName: 'Ama Mensah', participantEmail: email, ...(partner === undefined ? {} : { partner }) });
  }

  it('keeps the partner of a booking made in an allowed widget, and none otherwise', async () => {
    await callers.admin.settings.updateEmbed({ allowedOrigins: ['https://chamber.example'] });
    const { slot } = await insertBookableSlot(env.db);
    const framed = await book(slot.id, 'framed@example.com', 'https://Chamber.example/');
    const notAllowed = await book(slot.id, 'other@example.com', 'https://other.example');
    const malformed = await book(slot.id, 'odd@example.com', 'javascript:alert(1)');
    const direct = await book(slot.id, 'direct@example.com');
    const stored = await env.db.selectFrom('bookings').select(['id', 'partner']).execute();
    const partnerOf = (id: string) => stored.find((row) => row.id === id)?.partner;
    expect([framed, notAllowed, malformed, direct].map((booking) => partnerOf(booking.id))).toEqual(['https://chamber.example', null, null, null]);

    const listed = await callers.user.bookings.list({ partner: 'https://chamber.example' });
    expect(listed.items.map((item) => [item.participantEmail, item.partner])).toEqual([['framed@example.com', 'https://chamber.example']]);
    expect((await callers.user.bookings.list({})).total).toBe(4);
    // The Bookings screen's partner filter offers the partners bookings came from; staff only.
    expect(await callers.user.bookings.partners()).toEqual(['https://chamber.example']);
    await expect(callers.anonymous.bookings.partners()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('names the partner in the webhook payloads', async () => {
    await callers.admin.settings.updateEmbed({ allowedOrigins: ['https://chamber.example'] });
    await callers.admin.webhooks.create({ url: 'https://127.0.0.1:9/hooks', events: ['booking.created', 'booking.status_changed'] });
    const { slot } = await insertBookableSlot(env.db);
    const framed = await book(slot.id, 'framed@example.com', 'https://chamber.example');
    await book(slot.id, 'direct@example.com');
    await callers.admin.bookings.setStatus({ id: framed.id, status: 'confirmed' });
    const deliveries = await env.db.selectFrom('webhookDeliveries').select(['eventType', 'payload']).orderBy('id').execute();
    expect(deliveries.map((delivery) => [delivery.eventType, (JSON.parse(delivery.payload) as { data: { partner: unknown } }).data.partner])).toEqual([
      ['booking.created', 'https://chamber.example'],
      ['booking.created', null],
      ['booking.status_changed', 'https://chamber.example'],
    ]);
  });
});
