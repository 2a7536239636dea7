// The e-mails of a consultation: the visitor's confirmation (with the .ics and the manage link),
// the consultant's notice with the visitor's details, and the cancellation and reschedule notices
// that go to both. The visitor's are in the language the consultation was booked in (with the
// type's title in that language when it has one), the consultant's in the language of their
// notices. Written in the transaction of the change, like every outbox message.
import type { DB } from '@db/database';
import type { ConsultationRow, ConsultationTypeRow } from '@db/schema';
import { formatSlotRange } from '@server/shared/time';
import { firmText, type Language } from '@server/shared/i18n/languages';
import type { StaffMember } from './consultations.repository';
import { readTitleTranslations } from '@server/core/stored-json';
import { enqueueMessage, loadOutboxSite, type OutboxSite } from '@server/email/enqueue.service';
import { buildIcs } from '@server/shared/ics';
import { type MessageContent, renderMessage } from '@server/shared/email-layout';
import { CONSULTATION_MANAGE_PATH, siteLink } from '@server/email/manage-token';
import { signedBy, type Words, wordsIn } from '@server/email/messages';

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

/** The manage page's address, under the language's prefix for a consultation booked in another one. */
export function consultationManageLink(publicOrigin: string, token: string, language?: string): string {
  return siteLink(publicOrigin, `${CONSULTATION_MANAGE_PATH}${token}`, language);
}

/** A type's title in `language`, else its English one. */
export function typeTitleIn(type: Pick<ConsultationTypeRow, 'id' | 'title' | 'translations'>, language: Language): string {
  return firmText(type.title, readTitleTranslations(`translations of consultation type ${type.id}`, type.translations), 'title', language);
}

/** Where the consultation happens, as the visitor reads it, in `words`' language. */
export function whereText(type: ConsultationTypeRow, consultant: StaffMember, visitorPhone: string | null, { t }: Words = wordsIn(undefined)): string {
  if (type.locationKind === 'video') {
    return type.locationDetail === null ? t('email.consultation.where.videoLater') : t('email.consultation.where.video', { link: type.locationDetail });
  }
  if (type.locationKind === 'phone') {
    return visitorPhone === null
      ? t('email.consultation.where.phone', { consultant: consultant.name })
      : t('email.consultation.where.phoneOn', { consultant: consultant.name, phone: visitorPhone });
  }
  return type.locationDetail ?? t('email.toBeAnnounced');
}

/** The visitor's calendar entry, in the consultation's language. */
export function consultationCalendar(site: OutboxSite, facts: Pick<ConsultationFacts, 'consultation' | 'type' | 'consultant'>, cancelled: boolean, stamp: Date) {
  const { consultation, type, consultant } = facts;
  const words = wordsIn(consultation.language);
  const names = { type: typeTitleIn(type, words.language), consultant: consultant.name, siteName: site.siteName };
  const where = whereText(type, consultant, consultation.visitorPhone, words);
  const method = cancelled ? 'CANCEL' : 'REQUEST';
  const content = buildIcs({
    method,
    uid: `consultation-${consultation.id}@${site.host}`,
    sequence: consultation.icsSequence,
    stamp: stamp.toISOString(),
    start: consultation.startsAt,
    end: consultation.endsAt,
    summary: words.t('email.consultation.ics.summary', names),
    description: cancelled ? words.t('email.consultation.ics.cancelled', names) : words.t('email.consultation.ics.description', { ...names, where }),
    location: where,
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
    productOwner: site.host,
    organizer: site.organizer,
    attendee: { name: consultation.visitorName, email: consultation.visitorEmail },
  });
  return { content, method } as const;
}

/** Type, consultant, time (in the visitor's zone) and place, as every visitor message lists them. */
export function visitorDetails(facts: Pick<ConsultationFacts, 'consultation' | 'type' | 'consultant'>, words: Words): [string, string][] {
  const { consultation, type, consultant } = facts;
  const { t, locale } = words;
  return [
    [t('email.consultation.detail.type'), typeTitleIn(type, words.language)],
    [t('email.consultation.detail.with'), consultant.name],
    [t('email.detail.when'), formatSlotRange(consultation.startsAt, consultation.endsAt, consultation.visitorTimeZone, locale)],
    [t('email.detail.where'), whereText(type, consultant, consultation.visitorPhone, words)],
  ];
}

/** The manage link and its notes; `replacesEarlier` when older e-mails carried another link. */
export function visitorLink(site: OutboxSite, consultation: ConsultationRow, token: string, replacesEarlier: boolean, { t }: Words): Pick<MessageContent, 'link' | 'notes'> {
  return {
    link: { label: t('email.consultation.manageLink'), url: consultationManageLink(site.publicOrigin, token, consultation.language) },
    notes: [t('email.consultation.keepLink'), ...(replacesEarlier ? [t('email.consultation.linkReplaced')] : [])],
  };
}

function visitorMessage(site: OutboxSite, facts: ConsultationFacts, change: ConsultationChange) {
  const { consultation, type, consultant } = facts;
  const words = wordsIn(consultation.language);
  const { t, locale } = words;
  const details = visitorDetails(facts, words);
  if (facts.previous !== undefined) {
    details.push([t('email.consultation.detail.was'), formatSlotRange(facts.previous.startsAt, facts.previous.endsAt, consultation.visitorTimeZone, locale)]);
  }
  const withLink = change !== 'cancelled' && facts.manageToken !== null;
  const names = { siteName: site.siteName, type: typeTitleIn(type, words.language), consultant: consultant.name };
  return renderMessage({
    subject: t(`email.consultation.${change}.subject`, names),
    ...signedBy(site),
    greeting: t('email.greeting', { name: consultation.visitorName }),
    paragraphs: [t(`email.consultation.${change}.text`)],
    details,
    ...(withLink ? visitorLink(site, consultation, facts.manageToken ?? '', change === 'rescheduled', words) : { link: null, notes: [] }),
    language: words.language,
  });
}

function consultantMessage(site: OutboxSite, facts: ConsultationFacts, change: ConsultationChange) {
  const { consultation, type, consultant, consultantZone } = facts;
  const words = wordsIn(consultant.language);
  const { t, locale } = words;
  const typeTitle = typeTitleIn(type, words.language);
  const details: [string, string][] = [
    [t('email.consultation.detail.type'), typeTitle],
    [t('email.detail.when'), formatSlotRange(consultation.startsAt, consultation.endsAt, consultantZone, locale)],
    [t('email.consultation.notice.visitor'), consultation.visitorName],
    [t('email.admin.email'), consultation.visitorEmail],
    [t('email.admin.phone'), consultation.visitorPhone ?? t('email.admin.notGiven')],
    [t('email.admin.company'), consultation.visitorCompany ?? t('email.admin.notGiven')],
    [t('email.consultation.notice.message'), consultation.message ?? t('email.consultation.notice.none')],
  ];
  if (facts.previous !== undefined) {
    details.push([t('email.consultation.detail.was'), formatSlotRange(facts.previous.startsAt, facts.previous.endsAt, consultantZone, locale)]);
  }
  return renderMessage({
    subject: t(`email.consultation.notice.${change}.subject`, { type: typeTitle, visitor: consultation.visitorName }),
    ...signedBy(site),
    greeting: t('email.greeting', { name: consultant.name }),
    paragraphs: [t(`email.consultation.notice.${change}.text`)],
    details,
    link: { label: t('email.consultation.notice.link'), url: `${site.publicOrigin}/admin/consultations` },
    notes: [],
    language: words.language,
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
    ics: consultationCalendar(site, facts, change === 'cancelled', new Date()),
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
