// Every staff mutation of the API writes exactly one audit row, by the caller, from the caller's
// address. The list of mutations is read from appRouter itself, so a new procedure without a case
// here (and without a row) fails this file until it is audited or consciously exempted below.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRouter } from '@server/router';
import { callerFor, type Caller, createAccount, createTestEnv, TEST_PASSWORD, type TestAccount, type TestEnv } from '@tests/support/helpers';
import { BILLING_SETTINGS, insertBookableSlot, insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { newId } from '@server/core/ids';
import type { BookingStatus, PaymentStatus } from '@db/schema';
import { pauseSending } from '@server/email/sending-pause.service';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import { futureYear, isoDay } from '@tests/dates';

/**
 * Mutations that write no audit row from this list, and why. Sign-in, failed sign-in and sign-out
 * are recorded by services/auth and tested in audit.test.ts.
 */
const EXEMPT: Record<string, string> = {
  'auth.signIn': 'public; recorded as sign-in / sign-in-failed by services/auth (audit.test.ts)',
  'auth.signOut': 'public; recorded as sign-out by services/auth (audit.test.ts)',
  'auth.setupAdmin': 'public first-run step; the new admin\'s sign-in is recorded',
  'bookings.create': 'public booking form: visitors, not staff',
  'bookings.cancelByToken': 'public manage link: the participant, not staff',
  'bookings.takeOffer': 'public manage link: the participant takes an offered seat, not staff',
  'bookings.declineOffer': 'public manage link: the participant declines an offered seat, not staff',
  'contacts.submit': 'public contact form: visitors, not staff',
  'auth.verifyTwoFactor': 'public second sign-in step; the sign-in it completes is recorded as sign-in by services/auth',
  'consultations.book': 'public consultation booking: visitors, not staff',
  'consultations.cancelByToken': 'public manage link: the visitor, not staff',
  'consultations.rescheduleByToken': 'public manage link: the visitor, not staff',
  // These need a calendar server to talk to; server/calendars/calendars.test.ts checks their audit rows.
  'calendars.connectCalDav': 'audited (create); needs a CalDAV server, see server/calendars/calendars.test.ts',
  'calendars.connectFeed': 'audited (create); needs a feed server, checked in server/calendars/calendars.test.ts',
  'calendars.update': 'audited (update); needs a feed server, checked in server/calendars/calendars.test.ts',
  'calendars.remove': 'audited (delete); needs a feed server, checked in server/calendars/calendars.test.ts',
  'calendars.refresh': 'reads a calendar again: changes no setting, only the busy times kept',
};

/** A current code of the authenticator app set up with `secret`. */
function currentCode(secret: string): string {
  return generateTOTP(decodeBase32IgnorePadding(secret), 30, 6);
}

/** Sets up and turns on two-factor for `account`; answers its recovery codes. */
async function enrolTwoFactor(env: TestEnv, account: TestAccount): Promise<string[]> {
  const own = callerFor(env.deps, account);
  const { secret } = await own.auth.twoFactor.setup();
  return (await own.auth.twoFactor.enable({ password: TEST_PASSWORD, code: currentCode(secret) })).recoveryCodes;
}

interface Case {
  role: 'user' | 'admin';
  /** Creates what the call needs and returns the call. */
  prepare(env: TestEnv, account: TestAccount): Promise<(caller: Caller) => Promise<unknown>>;
}

const eventInput = { title: 'Audit Event', imageUrl: '/images/events/a.svg', displayOrder: 1, benefits: [] };
const SLOT_DAY = isoDay(futureYear(), 1, 1);
const slotTimes = { startTime: `${SLOT_DAY}T10:00:00.000Z`, endTime: `${SLOT_DAY}T12:00:00.000Z` };
const delegateInput = { name: 'Ama Mensah', email: 'ama@example.com' };
const bookingInput = (timeSlotId: string) => ({
  timeSlotId,
  participantName: 'Kofi Annan',
  participantEmail: 'kofi@example.com',
  status: 'pending' as const,
});
const contactInput = { name: 'Efua', email: 'efua@example.com', message: 'Hello', status: 'new' as const };

async function outboxMessage(env: TestEnv): Promise<string> {
  const id = newId();
  await env.db
    .insertInto('emailOutbox')
    .values({ id, kind: 'booking-received', toAddress: 'x@example.com', subject: 's', textBody: 't', htmlBody: 'h', status: 'failed', attempts: 6 })
    .execute();
  return id;
}

/** A booking of €119.00 (tax included) paid by bank transfer, in the given booking and payment status. */
async function paidBookingIn(env: TestEnv, state: { status: BookingStatus; paymentStatus: PaymentStatus }): Promise<string> {
  const { event, slot } = await insertBookableSlot(env.db);
  const booking = await insertBookingRow(env.db, slot, event.id);
  const charge = { chargeNetMinor: 10_000, chargeTaxMinor: 1_900, chargeGrossMinor: 11_900, chargeCurrency: 'EUR', chargeTaxRateBasisPoints: 1_900 };
  await env.db.updateTable('bookings').set({ ...charge, ...state, paymentMethod: 'bank_transfer', paymentReference: 'RF18539007547034' }).where('id', '=', booking.id).execute();
  return booking.id;
}

const CASES: Record<string, Case> = {
  'auth.twoFactor.setup': { role: 'user', prepare: async () => (c) => c.auth.twoFactor.setup() },
  'auth.twoFactor.enable': {
    role: 'user',
    prepare: async (env, account) => {
      const { secret } = await callerFor(env.deps, account).auth.twoFactor.setup();
      return (c) => c.auth.twoFactor.enable({ password: TEST_PASSWORD, code: currentCode(secret) });
    },
  },
  'auth.twoFactor.disable': {
    role: 'user',
    prepare: async (env, account) => {
      const [recoveryCode = ''] = await enrolTwoFactor(env, account);
      return (c) => c.auth.twoFactor.disable({ password: account.password, code: recoveryCode });
    },
  },
  'users.resetTwoFactor': {
    role: 'admin',
    prepare: async (env) => {
      const colleague = await createAccount(env.db, 'user');
      await enrolTwoFactor(env, colleague);
      return (c) => c.users.resetTwoFactor({ id: colleague.user.id });
    },
  },
  'auth.changePassword': {
    role: 'user',
    prepare: async (_env, account) => (c) =>
      c.auth.changePassword({ currentPassword: account.password, newPassword: 'a-new-long-password', confirmPassword: 'a-new-long-password' }),
  },
  'users.create': {
    role: 'admin',
    prepare: async () => (c) => c.users.create({ name: 'New', email: 'new@example.com', password: 'long-enough-1', role: 'user' }),
  },
  'users.update': {
    role: 'admin',
    prepare: async (env) => {
      const other = await createAccount(env.db, 'user');
      return (c) => c.users.update({ id: other.user.id, name: 'Renamed', email: other.user.email, role: 'admin' });
    },
  },
  'users.delete': {
    role: 'admin',
    prepare: async (env) => {
      const other = await createAccount(env.db, 'user');
      return (c) => c.users.delete({ id: other.user.id });
    },
  },
  'events.create': { role: 'admin', prepare: async () => (c) => c.events.create(eventInput) },
  'events.update': {
    role: 'admin',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      return (c) => c.events.update({ ...eventInput, id: event.id, isActive: true, location: 'Lagos' });
    },
  },
  'events.delete': {
    role: 'admin',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      return (c) => c.events.delete({ id: event.id });
    },
  },
  'events.setActive': {
    role: 'admin',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      return (c) => c.events.setActive({ id: event.id, isActive: false });
    },
  },
  'checkIn.checkIn': {
    role: 'user',
    prepare: async (env) => {
      const { event, slot } = await insertBookableSlot(env.db);
      const booking = await insertBookingRow(env.db, slot, event.id, { status: 'confirmed' });
      return (c) => c.checkIn.checkIn({ timeSlotId: slot.id, bookingId: booking.id });
    },
  },
  'checkIn.markNoShows': {
    role: 'user',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      const session = await insertSessionRow(env.db, event.id);
      const slot = await insertSlotRow(env.db, session.id, -5, 2);
      return (c) => c.checkIn.markNoShows({ timeSlotId: slot.id });
    },
  },
  'privacy.erasePerson': {
    role: 'admin',
    prepare: () => Promise.resolve((c) => c.privacy.erasePerson({ email: 'gone@example.com' })),
  },
  'privacy.updateSettings': {
    role: 'admin',
    prepare: () => Promise.resolve((c) => c.privacy.updateSettings({ policyEn: 'We keep little.', policyFr: null, bookingRetentionMonths: 12, contactRetentionMonths: null })),
  },
  'registrationQuestions.save': {
    role: 'admin',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      return (c) => c.registrationQuestions.save({ eventId: event.id, questions: [{ kind: 'short_text', label: 'Company' }] });
    },
  },
  'events.reorder': {
    role: 'admin',
    prepare: async (env) => {
      await insertEventRow(env.db, { title: 'First' });
      const second = await insertEventRow(env.db, { title: 'Second' });
      return (c) => c.events.reorder({ id: second.id, direction: 'up' });
    },
  },
  'sessions.create': {
    role: 'admin',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      return (c) => c.sessions.create({ eventId: event.id, title: 'Workshop', timeSlots: [slotTimes], delegates: [delegateInput] });
    },
  },
  'sessions.update': {
    role: 'admin',
    prepare: async (env) => {
      const event = await insertEventRow(env.db);
      const session = await insertSessionRow(env.db, event.id);
      return (c) => c.sessions.update({ id: session.id, eventId: event.id, title: 'Renamed', maxParticipants: 20, isActive: true, timeSlots: [slotTimes] });
    },
  },
  'sessions.delete': {
    role: 'admin',
    prepare: async (env) => {
      const { session } = await insertBookableSlot(env.db);
      return (c) => c.sessions.delete({ id: session.id });
    },
  },
  'sessions.toggleActive': {
    role: 'admin',
    prepare: async (env) => {
      const { session } = await insertBookableSlot(env.db);
      return (c) => c.sessions.toggleActive({ id: session.id });
    },
  },
  'timeSlots.create': {
    role: 'admin',
    prepare: async (env) => {
      const { session } = await insertBookableSlot(env.db);
      return (c) => c.timeSlots.create({ sessionId: session.id, ...slotTimes });
    },
  },
  'timeSlots.update': {
    role: 'admin',
    prepare: async (env) => {
      const { slot } = await insertBookableSlot(env.db);
      return (c) => c.timeSlots.update({ id: slot.id, ...slotTimes });
    },
  },
  'timeSlots.delete': {
    role: 'admin',
    prepare: async (env) => {
      const { session } = await insertBookableSlot(env.db);
      const spare = await insertSlotRow(env.db, session.id, 48);
      return (c) => c.timeSlots.delete({ id: spare.id });
    },
  },
  'delegates.create': { role: 'admin', prepare: async () => (c) => c.delegates.create(delegateInput) },
  'delegates.update': {
    role: 'admin',
    prepare: async (env) => {
      const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
      const delegate = await admin.delegates.create(delegateInput);
      await env.db.deleteFrom('auditLog').execute();
      return (c) => c.delegates.update({ ...delegateInput, id: delegate.id, organization: 'GRA' });
    },
  },
  'delegates.delete': {
    role: 'admin',
    prepare: async (env) => {
      const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
      const delegate = await admin.delegates.create(delegateInput);
      await env.db.deleteFrom('auditLog').execute();
      return (c) => c.delegates.delete({ id: delegate.id });
    },
  },
  'bookings.adminCreate': {
    role: 'user',
    prepare: async (env) => {
      const { slot } = await insertBookableSlot(env.db);
      return (c) => c.bookings.adminCreate(bookingInput(slot.id));
    },
  },
  'bookings.update': {
    role: 'user',
    prepare: async (env) => {
      const { event, slot } = await insertBookableSlot(env.db);
      const booking = await insertBookingRow(env.db, slot, event.id);
      return (c) => c.bookings.update({ ...bookingInput(slot.id), id: booking.id, status: 'confirmed' });
    },
  },
  'bookings.setStatus': {
    role: 'user',
    prepare: async (env) => {
      const { event, slot } = await insertBookableSlot(env.db);
      const booking = await insertBookingRow(env.db, slot, event.id);
      return (c) => c.bookings.setStatus({ id: booking.id, status: 'cancelled' });
    },
  },
  // One booking changed: one row (each booking of a bulk change gets its own, bulk-bookings.test.ts).
  'bookings.setStatusMany': {
    role: 'user',
    prepare: async (env) => {
      const { event, slot } = await insertBookableSlot(env.db);
      const booking = await insertBookingRow(env.db, slot, event.id);
      return (c) => c.bookings.setStatusMany({ ids: [booking.id], status: 'cancelled' });
    },
  },
  'bookings.delete': {
    role: 'admin',
    prepare: async (env) => {
      const { event, slot } = await insertBookableSlot(env.db);
      const booking = await insertBookingRow(env.db, slot, event.id);
      return (c) => c.bookings.delete({ id: booking.id });
    },
  },
  'contacts.create': { role: 'user', prepare: async () => (c) => c.contacts.create(contactInput) },
  'contacts.update': {
    role: 'user',
    prepare: async (env) => {
      const id = await contactRow(env);
      return (c) => c.contacts.update({ ...contactInput, id, notes: 'called back', status: 'in-progress' });
    },
  },
  'contacts.setStatus': {
    role: 'user',
    prepare: async (env) => {
      const id = await contactRow(env);
      return (c) => c.contacts.setStatus({ id, status: 'completed' });
    },
  },
  'apiTokens.create': {
    role: 'admin',
    prepare: async () => (c) => c.apiTokens.create({ name: 'CRM', scopes: ['bookings:read'] }),
  },
  'apiTokens.revoke': {
    role: 'admin',
    prepare: async (env, account) => {
      const { apiToken } = await callerFor(env.deps, account).apiTokens.create({ name: 'CRM', scopes: ['bookings:read'] });
      return (c) => c.apiTokens.revoke({ id: apiToken.id });
    },
  },
  'payments.markPaid': {
    role: 'user',
    prepare: async (env) => {
      const bookingId = await paidBookingIn(env, { status: 'pending', paymentStatus: 'awaiting' });
      return (c) => c.payments.markPaid({ bookingId, amountMinor: 11_900, paidOn: '2026-01-05' });
    },
  },
  'payments.refund': {
    role: 'user',
    prepare: async (env) => {
      const bookingId = await paidBookingIn(env, { status: 'confirmed', paymentStatus: 'paid' });
      return (c) => c.payments.refund({ bookingId });
    },
  },
  'payments.markRefunded': {
    role: 'user',
    prepare: async (env) => {
      const bookingId = await paidBookingIn(env, { status: 'cancelled', paymentStatus: 'refund-due' });
      return (c) => c.payments.markRefunded({ bookingId, refundedOn: '2026-01-05' });
    },
  },
  'vouchers.create': {
    role: 'admin',
    prepare: async () => (c) => c.vouchers.create({ code: 'AUDIT10', kind: 'percent', percent: 10 }),
  },
  'vouchers.update': {
    role: 'admin',
    prepare: async (env, account) => {
      const voucher = await callerFor(env.deps, account).vouchers.create({ code: 'AUDIT10', kind: 'percent', percent: 10 });
      return (c) => c.vouchers.update({ id: voucher.id, code: 'AUDIT20', kind: 'percent', percent: 20 });
    },
  },
  'vouchers.delete': {
    role: 'admin',
    prepare: async (env, account) => {
      const voucher = await callerFor(env.deps, account).vouchers.create({ code: 'AUDIT10', kind: 'percent', percent: 10 });
      return (c) => c.vouchers.delete({ id: voucher.id });
    },
  },
  'webhooks.create': {
    role: 'admin',
    prepare: async () => (c) => c.webhooks.create({ url: 'https://93.184.215.14/hooks', events: ['booking.created'] }),
  },
  'webhooks.update': {
    role: 'admin',
    prepare: async (env, account) => {
      const { endpoint } = await callerFor(env.deps, account).webhooks.create({ url: 'https://93.184.215.14/hooks', events: ['booking.created'] });
      return (c) => c.webhooks.update({ id: endpoint.id, url: endpoint.url, events: ['contact.received'], enabled: false });
    },
  },
  'webhooks.delete': {
    role: 'admin',
    prepare: async (env, account) => {
      const { endpoint } = await callerFor(env.deps, account).webhooks.create({ url: 'https://93.184.215.14/hooks', events: ['booking.created'] });
      return (c) => c.webhooks.delete({ id: endpoint.id });
    },
  },
  'webhooks.redeliver': {
    role: 'admin',
    prepare: async (env, account) => {
      const { endpoint } = await callerFor(env.deps, account).webhooks.create({ url: 'https://93.184.215.14/hooks', events: ['contact.received'] });
      const id = newId();
      await env.db.insertInto('webhookDeliveries').values({ id, endpointId: endpoint.id, eventType: 'contact.received', subject: 'contact:x', payload: '{}', status: 'failed' }).execute();
      return (c) => c.webhooks.redeliver({ deliveryId: id });
    },
  },
  'contacts.delete': {
    role: 'admin',
    prepare: async (env) => {
      const id = await contactRow(env);
      return (c) => c.contacts.delete({ id });
    },
  },
  'settings.updateProfile': {
    role: 'user',
    prepare: async (_env, account) => (c) => c.settings.updateProfile({ name: 'Renamed', email: account.user.email }),
  },
  'settings.updateSecurity': {
    role: 'user',
    prepare: async () => (c) => c.settings.updateSecurity({ sessionTimeout: 30 }),
  },
  'homePage.update': {
    role: 'admin',
    prepare: async (env, account) => {
      const { updatedAt: _updatedAt, ...content } = await callerFor(env.deps, account).homePage.get();
      return (c) => c.homePage.update(content);
    },
  },
  'settings.updateNotifications': {
    role: 'user',
    prepare: async () => (c) =>
      c.settings.updateNotifications({ emailNotifications: true, newBookings: false, newContacts: true, systemAlerts: true, weeklyReports: false, language: 'en' }),
  },
  'settings.updateSystem': {
    role: 'admin',
    prepare: async () => (c) =>
      c.settings.updateSystem({ siteName: 'Renamed', timezone: 'UTC', maintenanceMode: false, allowRegistrations: true, maxFileSize: 10 }),
  },
  'settings.updateIdentity': {
    role: 'admin',
    prepare: async () => (c) =>
      c.settings.updateIdentity({
        siteName: 'Renamed',
        addressLines: [],
        mapMode: 'none',
        social: {},
      }),
  },
  'settings.updateEmail': {
    role: 'admin',
    prepare: async () => (c) => c.settings.updateEmail({ smtpHost: 'smtp.example.com', smtpPort: 587, fromEmail: 'site@example.com' }),
  },
  'settings.updateBilling': {
    role: 'admin',
    prepare: async () => (c) =>
      c.settings.updateBilling(BILLING_SETTINGS),
  },
  'settings.updateEmbed': {
    role: 'admin',
    prepare: async () => (c) => c.settings.updateEmbed({ allowedOrigins: ['https://chamber.example'] }),
  },
  // Turning single sign-on off needs no provider; a save with one is in server/sso/sso.test.ts.
  'settings.updateSso': {
    role: 'admin',
    prepare: async () => (c) => c.settings.updateSso({ issuer: '', clientId: '', buttonLabel: '', allowedDomains: [], passwordSignIn: true }),
  },
  'settings.sendWeeklyReport': { role: 'user', prepare: async () => (c) => c.settings.sendWeeklyReport() },
  'settings.testEmail': {
    role: 'admin',
    // A port where nothing listens: the attempt is recorded though it fails.
    prepare: async () => (c) =>
      c.settings.testEmail({ smtpHost: '127.0.0.1', smtpPort: 9, fromEmail: 'site@example.com' }).catch((error: unknown) => error),
  },
  'emails.dismiss': {
    role: 'admin',
    prepare: async (env) => {
      const id = await outboxMessage(env);
      return (c) => c.emails.dismiss({ id });
    },
  },
  'emails.retryAllFailed': {
    role: 'admin',
    prepare: async (env) => {
      const id = await outboxMessage(env);
      await env.db.updateTable('emailOutbox').set({ status: 'failed' }).where('id', '=', id).execute();
      return (c) => c.emails.retryAllFailed();
    },
  },
  'emails.resumeSending': {
    role: 'admin',
    prepare: async (env) => {
      await pauseSending(env.db, 'Restored from a backup.');
      return (c) => c.emails.resumeSending();
    },
  },
  'emails.retry': {
    role: 'admin',
    prepare: async (env) => {
      const id = await outboxMessage(env);
      return (c) => c.emails.retry({ id });
    },
  },
  'consultations.types.create': { role: 'admin', prepare: async () => (c) => c.consultations.types.create(consultationType) },
  'consultations.types.update': {
    role: 'admin',
    prepare: async (env) => {
      const type = await callerFor(env.deps, await createAccount(env.db, 'admin')).consultations.types.create(consultationType);
      return (c) => c.consultations.types.update({ ...consultationType, id: type.id, durationMinutes: 45 });
    },
  },
  'consultations.types.delete': {
    role: 'admin',
    prepare: async (env) => {
      const type = await callerFor(env.deps, await createAccount(env.db, 'admin')).consultations.types.create(consultationType);
      return (c) => c.consultations.types.delete({ id: type.id });
    },
  },
  'consultations.availability.set': {
    role: 'user',
    prepare: async () => (c) => c.consultations.availability.set({ timeZone: 'UTC', weekly: [{ weekday: 1, startMinute: 540, endMinute: 1020 }], overrides: [] }),
  },
  'consultations.cancel': {
    role: 'user',
    prepare: async (env) => {
      const { id } = await bookedConsultation(env);
      return (c) => c.consultations.cancel({ id });
    },
  },
  'consultations.move': {
    role: 'user',
    prepare: async (env) => {
      const { id, startsAt } = await bookedConsultation(env);
      return (c) => c.consultations.move({ id, startsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString() });
    },
  },
};

const consultationType = { title: 'Discovery call', durationMinutes: 30, locationKind: 'phone' as const, horizonDays: 60 };

/** A consultation booked by a visitor, some days ahead, with a consultant free all day. */
async function bookedConsultation(env: TestEnv): Promise<{ id: string; startsAt: string }> {
  const consultant = await createAccount(env.db, 'user');
  const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
  await callerFor(env.deps, consultant).consultations.availability.set({ timeZone: 'UTC', weekly, overrides: [] });
  const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
  const type = await admin.consultations.types.create({ ...consultationType, staffIds: [consultant.user.id] });
  const startsAt = `${new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10)}T10:00:00.000Z`;
  const booked = await callerFor(env.deps).consultations.book({ typeId: type.id, startsAt, timeZone: 'UTC', visitorName: 'Kofi', visitorEmail: 'kofi@example.com' });
  return { id: booked.id, startsAt };
}

async function contactRow(env: TestEnv): Promise<string> {
  const id = newId();
  await env.db.insertInto('contactForms').values({ id, name: 'Efua', email: 'efua@example.com', message: 'Hello', notes: null }).execute();
  return id;
}

// At run time tRPC keeps every procedure here under its full dotted path ("events.create").
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
const mutations = Object.entries(procedures)
  .filter(([, procedure]) => procedure._def.type === 'mutation')
  .map(([path]) => path)
  .sort();

describe('audit coverage of the API', () => {
  it('has a case or a written exemption for every mutation of appRouter, and none for a procedure that is gone', () => {
    const unaccounted = mutations.filter((path) => CASES[path] === undefined && EXEMPT[path] === undefined);
    expect(unaccounted, 'mutations with neither an audit case nor an exemption').toEqual([]);
    const stale = [...Object.keys(CASES), ...Object.keys(EXEMPT)].filter((path) => !mutations.includes(path));
    expect(stale, 'cases or exemptions for procedures that no longer exist').toEqual([]);
    expect(mutations.length).toBeGreaterThanOrEqual(40);
  });

  describe.each(Object.keys(CASES).sort())('%s', (path) => {
    let env: TestEnv;
    beforeEach(async () => {
      env = await createTestEnv();
    });
    afterEach(() => env.close());

    it('writes exactly one audit row by the caller, from the caller\'s address', async () => {
      const testCase = CASES[path] as Case;
      const account = await createAccount(env.db, testCase.role);
      const call = await testCase.prepare(env, account);
      const before = await env.db.selectFrom('auditLog').select('id').execute();
      await call(callerFor(env.deps, account, { ip: '203.0.113.9' }));
      const rows = await env.db
        .selectFrom('auditLog')
        .selectAll()
        .where('id', 'not in', before.length === 0 ? [''] : before.map((row) => row.id))
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ userId: account.user.id, actorEmail: account.user.email, ip: '203.0.113.9' });
      expect(rows[0]?.summary).not.toBe('');
    });
  });
});
