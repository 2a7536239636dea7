// Rows inserted straight through Kysely, for tests that need an event, a session or a slot to
// exist without going through the routers under test.
import type { DB } from '@db/database';
import type { BookingStatus } from '@db/schema';
import { newCheckInCode } from '@server/check-in/check-in-code';
import { newId } from '@server/core/ids';
import type { BillingSettingsInput } from '@server/invoices/billing-settings.schemas';

export async function insertEventRow(db: DB, overrides: { title?: string; isActive?: boolean; displayOrder?: number } = {}) {
  return db
    .insertInto('events')
    .values({
      id: newId(),
      title: overrides.title ?? 'Fixture Event',
      description: null,
      date: '1 JANUARY, 2031',
      location: 'Accra',
      imageUrl: '/images/events/fixture.svg',
      videoUrl: null,
      registrationLink: null,
      attendees: null,
      isActive: overrides.isActive === false ? 0 : 1,
      displayOrder: overrides.displayOrder ?? 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function insertSessionRow(
  db: DB,
  eventId: string,
  overrides: { title?: string; maxParticipants?: number | null; isActive?: boolean; location?: string | null } = {},
) {
  return db
    .insertInto('eventSessions')
    .values({
      id: newId(),
      eventId,
      title: overrides.title ?? 'Fixture Session',
      description: null,
      location: overrides.location === undefined ? 'Room 1' : overrides.location,
      facilitator: null,
      maxParticipants: overrides.maxParticipants === undefined ? 20 : overrides.maxParticipants,
      isActive: overrides.isActive === false ? 0 : 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const HOUR = 3_600_000;

/** A slot starting `startsInHours` from now (negative: in the past). */
export async function insertSlotRow(db: DB, sessionId: string, startsInHours = 24, durationHours = 2) {
  const start = Date.now() + startsInHours * HOUR;
  return db
    .insertInto('timeSlots')
    .values({
      id: newId(),
      sessionId,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + durationHours * HOUR).toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An event, an active session of `capacity` and one future slot. */
export async function insertBookableSlot(db: DB, capacity: number | null = 20) {
  const event = await insertEventRow(db);
  const session = await insertSessionRow(db, event.id, { maxParticipants: capacity });
  const slot = await insertSlotRow(db, session.id);
  return { event, session, slot };
}

export async function insertBookingRow(
  db: DB,
  slot: { id: string; sessionId: string },
  eventId: string,
  overrides: { email?: string; name?: string; status?: BookingStatus; createdAt?: string } = {},
) {
  return db
    .insertInto('bookings')
    .values({
      id: newId(),
      timeSlotId: slot.id,
      sessionId: slot.sessionId,
      eventId,
      participantName: overrides.name ?? 'Fixture Participant',
      participantEmail: overrides.email ?? `p-${newId()}@example.com`,
      participantPhone: null,
      status: overrides.status ?? 'pending',
      checkInCode: newCheckInCode(),
      ...(overrides.createdAt === undefined ? {} : { createdAt: overrides.createdAt }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A firm's complete Billing settings (Settings > Billing) with a valid German IBAN. */
export const BILLING_SETTINGS: BillingSettingsInput = {
  legalName: 'Northwind Expansion GmbH',
  addressLines: ['Friedrichstraße 12'],
  postcode: '10117',
  city: 'Berlin',
  country: 'DE',
  vatNumber: '',
  accountHolder: 'Northwind Expansion GmbH',
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  invoicePrefix: 'INV',
  creditNotePrefix: 'CN',
  paymentTerms: '',
};
