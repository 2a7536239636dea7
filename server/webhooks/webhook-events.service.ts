// What a change tells the webhook endpoints: called inside the change's own transaction, it writes
// one delivery per enabled endpoint that wants the event (the webhooks' outbox), so a change and its
// deliveries commit together or not at all. The body follows the Standard Webhooks envelope
// ({ type, timestamp, data }); `data` carries ids and the fields a CRM needs, and no more personal
// data than the event is about (docs/api.md lists each event's fields).
import type { DB } from '@db/database';
import type { BookingRow, BookingStatus, ConsultationRow, ContactRow } from '@db/schema';
import { newId } from '@server/core/ids';
import { readStoredValue } from '@server/core/stored-json';
import { z } from 'zod';
import { enabledEndpoints, insertDeliveries } from './webhooks.repository';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhooks.schemas';

const eventList = z.array(z.enum(WEBHOOK_EVENTS));

/** The events an endpoint's row asks for; a damaged list reads as none. */
export function eventsOf(id: string, raw: string): WebhookEvent[] {
  return readStoredValue(`events of webhook endpoint ${id}`, raw, eventList, []);
}

/**
 * eventsOf for the change path, which reads the same few lists for every booking: each list is
 * parsed and checked once (the cache holds at most the distinct lists of enabled endpoints).
 */
const eventsByList = new Map<string, readonly WebhookEvent[]>();
function wantedEvents(id: string, raw: string): readonly WebhookEvent[] {
  let events = eventsByList.get(raw);
  if (events === undefined) {
    events = eventsOf(id, raw);
    if (eventsByList.size >= 100) eventsByList.clear();
    eventsByList.set(raw, events);
  }
  return events;
}

/** Writes the event for every enabled endpoint that wants it; answers how many deliveries. */
export async function enqueueWebhookEvent(trx: DB, type: WebhookEvent, subject: string, data: Record<string, unknown>, now = new Date()): Promise<number> {
  const endpoints = (await enabledEndpoints(trx)).filter((endpoint) => wantedEvents(endpoint.id, endpoint.events).includes(type));
  if (endpoints.length === 0) return 0;
  const at = now.toISOString();
  const payload = JSON.stringify({ type, timestamp: at, data });
  await insertDeliveries(
    trx,
    endpoints.map((endpoint) => ({ id: newId(), endpointId: endpoint.id, eventType: type, subject, payload, nextAttemptAt: at, createdAt: at })),
  );
  return endpoints.length;
}

function bookingData(booking: BookingRow, previousStatus: BookingStatus | null): Record<string, unknown> {
  return {
    id: booking.id,
    eventId: booking.eventId,
    sessionId: booking.sessionId,
    timeSlotId: booking.timeSlotId,
    status: booking.status,
    previousStatus,
    bookingDate: booking.bookingDate,
    /** The partner site whose booking widget it was made in; null: made on this site. */
    partner: booking.partner,
  };
}

/**
 * A booking's change as the webhooks see it: new (with the participant, whom the CRM records),
 * cancelled or removed (ids only), or another change of status (ids only).
 */
export async function enqueueBookingWebhooks(
  trx: DB,
  change: { booking: BookingRow; previousStatus: BookingStatus | null; removed: boolean; promoted: BookingRow | undefined },
): Promise<void> {
  const { booking, previousStatus, removed } = change;
  const subject = `booking:${booking.id}`;
  if (removed) {
    await enqueueWebhookEvent(trx, 'booking.cancelled', subject, { ...bookingData(booking, previousStatus), status: 'cancelled', removed: true });
  } else if (previousStatus === null) {
    await enqueueWebhookEvent(trx, 'booking.created', subject, {
      ...bookingData(booking, null),
      language: booking.language,
      participant: { name: booking.participantName, email: booking.participantEmail, phone: booking.participantPhone },
    });
  } else if (previousStatus !== booking.status) {
    const type = booking.status === 'cancelled' ? 'booking.cancelled' : 'booking.status_changed';
    await enqueueWebhookEvent(trx, type, subject, bookingData(booking, previousStatus));
  }
  const promoted = change.promoted;
  if (promoted !== undefined && promoted.status !== 'waitlisted') {
    await enqueueWebhookEvent(trx, 'booking.status_changed', `booking:${promoted.id}`, bookingData(promoted, 'waitlisted'));
  }
}

function consultationData(consultation: ConsultationRow): Record<string, unknown> {
  return {
    id: consultation.id,
    typeId: consultation.typeId,
    consultantId: consultation.consultantId,
    status: consultation.status,
    startsAt: consultation.startsAt,
    endsAt: consultation.endsAt,
    /** The partner site whose booking widget it was booked in; null: booked on this site. */
    partner: consultation.partner,
  };
}

export async function enqueueConsultationWebhook(
  trx: DB,
  type: 'consultation.booked' | 'consultation.rescheduled' | 'consultation.cancelled',
  consultation: ConsultationRow,
  previous?: { startsAt: string; endsAt: string },
): Promise<void> {
  const data =
    type === 'consultation.booked'
      ? {
          ...consultationData(consultation),
          language: consultation.language,
          visitor: { name: consultation.visitorName, email: consultation.visitorEmail, phone: consultation.visitorPhone, company: consultation.visitorCompany },
        }
      : type === 'consultation.rescheduled'
        ? { ...consultationData(consultation), previousStartsAt: previous?.startsAt ?? null, previousEndsAt: previous?.endsAt ?? null }
        : consultationData(consultation);
  await enqueueWebhookEvent(trx, type, `consultation:${consultation.id}`, data);
}

export async function enqueueContactWebhook(trx: DB, contact: ContactRow): Promise<void> {
  await enqueueWebhookEvent(trx, 'contact.received', `contact:${contact.id}`, {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    company: contact.company,
    message: contact.message,
    createdAt: contact.createdAt,
  });
}

/** A payment received for a paid booking (marked by hand or matched on a bank statement): amounts in minor units. */
export async function enqueuePaymentWebhook(
  trx: DB,
  payment: { id: string; bookingId: string; amountMinor: number; currency: string; paidOn: string; method: string; source: string },
  paymentReference: string | null,
  now?: Date,
): Promise<void> {
  await enqueueWebhookEvent(
    trx,
    'payment.received',
    `booking:${payment.bookingId}`,
    {
      id: payment.id,
      bookingId: payment.bookingId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      paidOn: payment.paidOn,
      method: payment.method,
      source: payment.source,
      paymentReference,
    },
    now,
  );
}

/** Money sent back to a buyer (payments.markRefunded): the refund as a payment of a negative amount. */
export async function enqueueRefundWebhook(
  trx: DB,
  refund: { id: string; bookingId: string; amountMinor: number; currency: string; paidOn: string; method: string },
  paymentReference: string | null,
  now?: Date,
): Promise<void> {
  const { id, bookingId, amountMinor, currency, paidOn, method } = refund;
  await enqueueWebhookEvent(trx, 'payment.refunded', `booking:${bookingId}`, { id, bookingId, amountMinor, currency, refundedOn: paidOn, method, paymentReference }, now);
}
