// @module-tag postgres
// Prices on sessions: admins set them (minor units, in the site's currency, with a tax rate), the
// booking form and the event page show them, and a free session stays exactly as it was.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertEventRow, insertSessionRow } from '@tests/support/fixtures';
import { createTestEnv, expectAdminOnly, expectFieldErrors, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + hours * HOUR).toISOString();
const PRICE = { amountMinor: 45_000, currency: 'EUR', taxRatePercent: 19 };

function sessionInput(eventId: string, overrides: Record<string, unknown> = {}) {
  return {
    eventId,
    title: 'Market Entry Workshop',
    maxParticipants: 10,
    timeSlots: [{ startTime: inHours(24), endTime: inHours(26) }],
    ...overrides,
  };
}

describe('sessions: price', () => {
  it('lets only admins price a session, stores it in minor units and shows it to the public', async () => {
    const event = await insertEventRow(env.db);
    await expectAdminOnly(callers, (c) => c.sessions.create(sessionInput(event.id, { price: PRICE })));
    const created = await callers.admin.sessions.create(sessionInput(event.id, { price: { ...PRICE, taxRatePercent: 5.5 } }));
    expect(created.price).toEqual({ amountMinor: 45_000, currency: 'EUR', taxRatePercent: 5.5 });
    const row = await env.db.selectFrom('eventSessions').select(['priceAmountMinor', 'priceCurrency', 'taxRateBasisPoints']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ priceAmountMinor: 45_000, priceCurrency: 'EUR', taxRateBasisPoints: 550 });

    const [listed] = await callers.anonymous.sessions.listByEvent({ eventId: event.id });
    expect(listed?.price).toEqual({ amountMinor: 45_000, currency: 'EUR', taxRatePercent: 5.5 });
    const page = await callers.anonymous.events.page({ id: event.id });
    expect(page.sessions[0]?.price).toEqual({ amountMinor: 45_000, currency: 'EUR', taxRatePercent: 5.5 });
  });

  it('keeps a free session free: no price anywhere, as before prices existed', async () => {
    const event = await insertEventRow(env.db);
    await insertSessionRow(env.db, event.id);
    const created = await callers.admin.sessions.create(sessionInput(event.id));
    expect(created.price).toBeNull();
    expect((await callers.anonymous.sessions.listByEvent({ eventId: event.id })).map((s) => s.price)).toEqual([null, null]);
  });

  it('keeps the price on an update that leaves it out, changes it, makes the session free again, and audits each', async () => {
    const event = await insertEventRow(env.db);
    const created = await callers.admin.sessions.create(sessionInput(event.id, { price: PRICE }));
    const base = { id: created.id, eventId: event.id, title: created.title, maxParticipants: 10, isActive: true };
    await expectAdminOnly(callers, (c) => c.sessions.update({ ...base, price: null }));
    expect((await callers.admin.sessions.update(base)).price).toEqual(PRICE);
    expect((await callers.admin.sessions.update({ ...base, price: { ...PRICE, amountMinor: 39_900 } })).price).toEqual({ ...PRICE, amountMinor: 39_900 });
    expect((await callers.admin.sessions.update({ ...base, price: null })).price).toBeNull();
    const summaries = await env.db.selectFrom('auditLog').select('summary').where('entityId', '=', created.id).where('action', '=', 'update').orderBy('createdAt').orderBy('id').execute();
    expect(summaries.map((row) => row.summary)).toEqual(['no changes', 'price', 'price']);
  });

  it('refuses a price that is not whole cents, not positive, in no currency, or with a wrong tax rate, field by field', async () => {
    const event = await insertEventRow(env.db);
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(event.id, { price: { amountMinor: 12.5, currency: 'EUR', taxRatePercent: 101 } })), {
      'price.amountMinor': 'Price must be a whole number of cents',
      'price.taxRatePercent': 'Tax rate must be between 0 and 100%, with at most two decimals',
    });
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(event.id, { price: { amountMinor: 0, currency: 'EURO', taxRatePercent: 19.555 } })), {
      'price.amountMinor': 'Price must be more than 0 (a free session has no price)',
      'price.currency': 'Currency must be an ISO 4217 code such as EUR',
      'price.taxRatePercent': 'Tax rate must be between 0 and 100%, with at most two decimals',
    });
    await expectFieldErrors(callers.admin.sessions.create(sessionInput(event.id, { price: { ...PRICE, currency: 'USD' } })), {
      'price.currency': "Prices are in the site's currency (EUR); it is chosen in Settings, System",
    });
    expect(await env.db.selectFrom('eventSessions').select('id').execute()).toEqual([]);
  });

  it("keeps an existing price valid after the site's currency changes, but prices anew only in the new one", async () => {
    const event = await insertEventRow(env.db);
    const created = await callers.admin.sessions.create(sessionInput(event.id, { price: PRICE }));
    const system = (await callers.admin.settings.get()).system;
    await callers.admin.settings.updateSystem({ ...system, currency: 'CHF' });
    const base = { id: created.id, eventId: event.id, title: 'Renamed', maxParticipants: 10, isActive: true };
    expect(await callers.admin.sessions.update({ ...base, price: PRICE })).toMatchObject({ title: 'Renamed', price: PRICE });
    await expectFieldErrors(callers.admin.sessions.update({ ...base, price: { ...PRICE, amountMinor: 1 } }), {
      'price.currency': "Prices are in the site's currency (CHF); it is chosen in Settings, System",
    });
    expect((await callers.admin.sessions.update({ ...base, price: { ...PRICE, currency: 'CHF' } })).price?.currency).toBe('CHF');
  });
});
