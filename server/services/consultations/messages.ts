// The e-mails of a consultation: the visitor's confirmation (with the .ics and the manage link),
// the consultant's notice with the visitor's details, and the cancellation and reschedule notices
// that go to both. Written in the transaction of the change, like every outbox message.
import type { DB } from '@db/database';
import type { ConsultationRow, ConsultationTypeRow } from '@db/schema';
import { formatSlotRange } from '@server/shared/time';
import type { StaffMember } from '@server/repositories/consultations';
import { enqueueMessage, loadOutboxSite, type OutboxSite } from '../email/enqueue';
import { buildIcs } from '../email/ics';
import { type MessageContent, renderMessage } from '../email/layout';
import { CONSULTATION_MANAGE_PATH } from '../email/manage-token';
import { signedBy } from '../email/messages';

export type ConsultationChange = 'booked' | 'cancelled' | 'rescheduled';

export interface ConsultationFacts {
  consultation: ConsultationRow;
  type: ConsultationTypeRow;
  consultant: StaffMember;
  /** The consultant's zone (theirs, else the site's): their notice shows times in it. */
  consultantZone: string;
  /** The plain manage token, when this change has it (a new booking, a move that issues a new link). */
  manageToken: string | null;
  /** For a reschedule: the time it had. */
  previous?: { startsAt: string; endsAt: string } | undefined;
}

export function consultationManageLink(publicOrigin: string, token: string): string {
  return `${publicOrigin}${CONSULTATION_MANAGE_PATH}${token}`;
}

/** Where the consultation happens, as the visitor reads it. */
export function whereText(type: ConsultationTypeRow, consultant: StaffMember, visitorPhone: string | null): string {
  if (type.locationKind === 'video') return `Video call: ${type.locationDetail ?? 'the link follows by e-mail'}`;
  if (type.locationKind === 'phone') {
    return visitorPhone === null ? `Phone call: ${consultant.name} will call you` : `Phone call: ${consultant.name} will call you on ${visitorPhone}`;
  }
  return type.locationDetail ?? 'To be announced';
}

function calendarFile(site: OutboxSite, facts: ConsultationFacts, cancelled: boolean) {
  const { consultation, type, consultant } = facts;
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const content = buildIcs({
    method,
    uid: `consultation-${consultation.id}@${site.host}`,
    sequence: consultation.icsSequence,
    stamp: new Date().toISOString(),
    start: consultation.startsAt,
    end: consultation.endsAt,
    summary: `${type.title} with ${consultant.name} (${site.siteName})`,
    description: cancelled
      ? `Your ${type.title} with ${site.siteName} is cancelled.`
      : `Your ${type.title} with ${consultant.name} of ${site.siteName}. ${whereText(type, consultant, consultation.visitorPhone)}`,
    location: whereText(type, consultant, consultation.visitorPhone),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    productOwner: site.host,
    organizer: site.organizer,
    attendee: { name: consultation.visitorName, email: consultation.visitorEmail },
  });
  return { content, method } as const;
}

const VISITOR_WORDS: Record<ConsultationChange, { subject: string; paragraph: string }> = {
  booked: { subject: 'is booked', paragraph: 'Thank you for booking a consultation. It is confirmed; the details are below.' },
  rescheduled: { subject: 'has moved', paragraph: 'Your consultation has moved to the time below; the earlier time no longer holds.' },
  cancelled: { subject: 'is cancelled', paragraph: 'Your consultation below is cancelled. You are welcome to book another time on our website.' },
};

function visitorMessage(site: OutboxSite, facts: ConsultationFacts, change: ConsultationChange) {
  const { consultation, type, consultant } = facts;
  const words = VISITOR_WORDS[change];
  const details: [string, string][] = [
    ['Consultation', type.title],
    ['With', consultant.name],
    ['When', formatSlotRange(consultation.startsAt, consultation.endsAt, consultation.visitorTimeZone)],
    ['Where', whereText(type, consultant, consultation.visitorPhone)],
  ];
  if (facts.previous !== undefined) details.push(['Was', formatSlotRange(facts.previous.startsAt, facts.previous.endsAt, consultation.visitorTimeZone)]);
  const withLink = change !== 'cancelled' && facts.manageToken !== null;
  const content: MessageContent = {
    subject: `${site.siteName}: your ${type.title} with ${consultant.name} ${words.subject}`,
    ...signedBy(site),
    greeting: `Dear ${consultation.visitorName},`,
    paragraphs: [words.paragraph],
    details,
    link: withLink ? { label: 'Reschedule or cancel', url: consultationManageLink(site.publicOrigin, facts.manageToken ?? '') } : null,
    notes: withLink
      ? [
          'Keep this link to yourself: anyone who has it can move or cancel the consultation.',
          ...(change === 'rescheduled' ? ['Links in earlier e-mails about this consultation no longer work; use this one.'] : []),
        ]
      : [],
  };
  return renderMessage(content);
}

const CONSULTANT_WORDS: Record<ConsultationChange, string> = {
  booked: 'New consultation',
  rescheduled: 'Consultation moved',
  cancelled: 'Consultation cancelled',
};

function consultantMessage(site: OutboxSite, facts: ConsultationFacts, change: ConsultationChange) {
  const { consultation, type, consultant, consultantZone } = facts;
  const details: [string, string][] = [
    ['Consultation', type.title],
    ['When', formatSlotRange(consultation.startsAt, consultation.endsAt, consultantZone)],
    ['Visitor', consultation.visitorName],
    ['Email', consultation.visitorEmail],
    ['Phone', consultation.visitorPhone ?? 'Not given'],
    ['Company', consultation.visitorCompany ?? 'Not given'],
    ['Message', consultation.message ?? 'None'],
  ];
  if (facts.previous !== undefined) details.push(['Was', formatSlotRange(facts.previous.startsAt, facts.previous.endsAt, consultantZone)]);
  return renderMessage({
    subject: `${CONSULTANT_WORDS[change]}: ${type.title} with ${consultation.visitorName}`,
    ...signedBy(site),
    greeting: `Dear ${consultant.name},`,
    paragraphs: [
      change === 'booked'
        ? 'A visitor has booked a consultation with you.'
        : change === 'rescheduled'
          ? 'A consultation of yours has moved.'
          : 'A consultation of yours is cancelled; the time is free again.',
    ],
    details,
    link: { label: 'Open the consultations', url: `${site.publicOrigin}/admin/consultations` },
    notes: [],
  });
}

const VISITOR_KIND = { booked: 'consultation-booked', rescheduled: 'consultation-rescheduled', cancelled: 'consultation-cancelled' } as const;

/** Both messages of a change: the visitor's (with its calendar file) and the consultant's. */
export async function enqueueConsultationMessages(trx: DB, publicOrigin: string, facts: ConsultationFacts, change: ConsultationChange): Promise<void> {
  const site = await loadOutboxSite(trx, publicOrigin);
  await enqueueMessage(trx, site, {
    kind: VISITOR_KIND[change],
    to: facts.consultation.visitorEmail,
    rendered: visitorMessage(site, facts, change),
    ics: calendarFile(site, facts, change === 'cancelled'),
    bookingId: null,
  });
  await enqueueMessage(trx, site, {
    kind: change === 'booked' ? 'consultation-notice' : VISITOR_KIND[change],
    to: facts.consultant.email,
    rendered: consultantMessage(site, facts, change),
    ics: null,
    bookingId: null,
  });
}

/** A move gave the consultation to a colleague: the consultant who had it is told the time is free. */
export async function enqueueConsultantRelease(trx: DB, publicOrigin: string, facts: ConsultationFacts): Promise<void> {
  const site = await loadOutboxSite(trx, publicOrigin);
  await enqueueMessage(trx, site, {
    kind: 'consultation-rescheduled',
    to: facts.consultant.email,
    rendered: consultantMessage(site, { ...facts, previous: undefined }, 'cancelled'),
    ics: null,
    bookingId: null,
  });
}
