// Booking a consultation and changing it: free times for visitors, the booking itself (a free
// consultant assigned inside one transaction that re-checks the time under a per-consultant lock),
// and cancel or move through the manage link or by staff. Every change writes its messages in the
// same transaction.
import { partnerOf } from '@server/embed/embed-settings.service';
import { enqueueConsultationWebhook } from '@server/webhooks/webhook-events.service';
import type { z } from 'zod';
import type { DB } from '@db/database';
import { inGroupCommit, replaySafe } from '@db/group-commit';
import type { ConsultationRow, ConsultationTypeRow } from '@db/schema';
import {
  busySpansOf,
  countBookedBetween,
  findConsultation,
  findConsultationByTokenHash,
  findConsultationType,
  findStaffMember,
  insertConsultation,
  lockConsultants,
  overridesOf,
  type StaffMember,
  staffOfType,
  updateConsultationRow,
  weeklyHoursOf,
} from './consultations.repository';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { bookConsultationInput, freeTimesInput } from './consultations.schemas';
import { utcToZonedParts, zonedDateTimeToUtc } from '@server/shared/time';
import { type ConflictError, conflictOnField, invalidField, NotFoundError, PreconditionError } from '@server/core/errors';
import type { ServiceDeps } from '@server/core/deps';
import { type AuditActor, actorOf, recordAudit } from '@server/audit/audit.service';
import type { ServiceContext } from '@server/core/service-context';
import { hashManageToken, newManageToken } from '@server/email/manage-token';
import { type ConsultantHours, consultantFreeStarts, freeTimes, type TypeRules } from './free-times.service';
import type { MinuteRange } from './consultations.repository';
import { consultationCalendar, enqueueConsultantRelease, enqueueConsultationMessages, typeTitleIn, whereText } from './consultation-messages';
import { loadOutboxSite } from '@server/email/enqueue.service';
import { wordsIn } from '@server/email/messages';
import { newMeetingUrl } from './meeting-links';
import { enqueueCalendarWrites } from '@server/calendars/calendar-write-back.service';
import { type ConsultantsBusy, freshBusyOf, keptBusyOf, withoutOwnTime } from '@server/calendars/calendar-busy.service';
import { readTitleTranslations, type TitleTexts } from '@server/core/stored-json';
import type { Translations } from '@server/shared/i18n/translations.schemas';
import { visitAttribution } from '@server/analytics/visit-source';


const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

function rulesOf(type: ConsultationTypeRow): TypeRules {
  return type;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The hours of `staff` around [from, to): weekly ranges and the overrides of the dates concerned (two queries). */
async function hoursOf(db: DB, staff: StaffMember[], siteZone: string, from: number, to: number): Promise<ConsultantHours[]> {
  const ids = staff.map((member) => member.id);
  const fromDate = addDays(new Date(from).toISOString().slice(0, 10), -2);
  const toDate = addDays(new Date(to).toISOString().slice(0, 10), 2);
  const [weekly, overrides] = await Promise.all([weeklyHoursOf(db, ids), overridesOf(db, ids, { fromDate, toDate })]);
  return staff.map((member) => {
    const weeklyMap = new Map<number, MinuteRange[]>();
    for (const row of weekly) {
      if (row.userId !== member.id) continue;
      weeklyMap.set(row.weekday, [...(weeklyMap.get(row.weekday) ?? []), { startMinute: row.startMinute, endMinute: row.endMinute }]);
    }
    const overrideMap = new Map<string, MinuteRange[]>();
    for (const row of overrides) {
      if (row.userId !== member.id) continue;
      const ranges = overrideMap.get(row.date) ?? [];
      if (row.startMinute !== null && row.endMinute !== null) ranges.push({ startMinute: row.startMinute, endMinute: row.endMinute });
      overrideMap.set(row.date, ranges);
    }
    return { id: member.id, timeZone: member.timeZone ?? siteZone, weekly: weeklyMap, overrides: overrideMap };
  });
}

async function busyOf(db: DB, staff: StaffMember[], from: number, to: number, excludeId?: string) {
  // Two days either side: the daily maximum counts a consultant's whole local day.
  const rows = await busySpansOf(db, staff.map((member) => member.id), new Date(from - 2 * DAY_MS).toISOString(), new Date(to + 2 * DAY_MS).toISOString(), excludeId);
  return rows.map((row) => ({
    consultantId: row.consultantId,
    startsAt: Date.parse(row.startsAt),
    blockedFrom: Date.parse(row.blockedFrom),
    blockedUntil: Date.parse(row.blockedUntil),
  }));
}

async function activeType(db: DB, typeId: string): Promise<ConsultationTypeRow> {
  const type = await findConsultationType(db, typeId);
  if (type === undefined || type.isActive !== 1) throw new NotFoundError('message.consultationTypeUnavailable');
  return type;
}

export interface FreeTimeDto {
  startsAt: string;
  endsAt: string;
  /** Date and clock time in the zone asked for. */
  date: string;
  time: string;
  /** Who is free then, when the type lets the visitor pick; otherwise empty. */
  consultantIds: string[];
}

export interface FreeTimesDto {
  timeZone: string;
  durationMinutes: number;
  /** The dates (in the zone asked for) that have at least one free time. */
  days: string[];
  times: FreeTimeDto[];
}

/** The free times of a type, between two dates of the visitor's zone. */
export async function findFreeTimes({ db }: Pick<ServiceContext, 'db'>, input: z.output<typeof freeTimesInput>): Promise<FreeTimesDto> {
  const now = Date.now();
  const type = await activeType(db, input.typeId);
  const moving = input.manageToken === undefined ? undefined : await findConsultationByTokenHash(db, hashManageToken(input.manageToken));
  const from = Date.parse(zonedDateTimeToUtc(input.from, '00:00', input.timeZone));
  const to = Date.parse(zonedDateTimeToUtc(addDays(input.to, 1), '00:00', input.timeZone));
  const [staff, settings] = await Promise.all([staffOfType(db, type.id), getSystemSettings(db)]);
  const [hours, busy, kept] = await Promise.all([
    hoursOf(db, staff, settings.timezone, from, to),
    busyOf(db, staff, from, to, moving?.id),
    // Their own calendars, as last read (never asked now: the page must not wait on their servers).
    keptBusyOf(db, staff.map((member) => member.id), from - DAY_MS, to + DAY_MS, now),
  ]);
  const calendars = moving === undefined ? kept : withoutOwnTime(kept, moving.consultantId, Date.parse(moving.startsAt), Date.parse(moving.endsAt));
  const consultants = hours.filter((consultant) => !calendars.unknown.has(consultant.id));
  const found = freeTimes({ rules: rulesOf(type), consultants, busy, calendarBusy: calendars.spans, now, from, to });
  const durationMs = type.durationMinutes * MINUTE_MS;
  const times = found.map(({ startsAt, consultantIds }) => {
    const iso = new Date(startsAt).toISOString();
    const local = utcToZonedParts(iso, input.timeZone);
    return {
      startsAt: iso,
      endsAt: new Date(startsAt + durationMs).toISOString(),
      date: local.date,
      time: local.time,
      consultantIds: type.allowPickConsultant === 1 ? consultantIds : [],
    };
  });
  return { timeZone: input.timeZone, durationMinutes: type.durationMinutes, days: [...new Set(times.map((time) => time.date))], times };
}

/** Monday 00:00 UTC of the week of `instant`, and the Monday after. */
function weekAround(instant: number): { from: string; to: string } {
  const day = new Date(instant);
  const monday = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - ((day.getUTCDay() + 6) % 7) * DAY_MS;
  return { from: new Date(monday).toISOString(), to: new Date(monday + 7 * DAY_MS).toISOString() };
}

/**
 * Inside the transaction: who of `candidates` is free at `startsAt` (their rows locked first), and
 * of those the one with the fewest consultations that week (ties: the staff order, by name).
 */
async function pickFreeConsultant(
  trx: DB,
  type: ConsultationTypeRow,
  candidates: StaffMember[],
  startsAt: number,
  now: number,
  calendars: ConsultantsBusy,
  excludeId?: string,
): Promise<StaffMember | undefined> {
  await lockConsultants(trx, candidates.map((member) => member.id));
  const settings = await getSystemSettings(trx);
  const window = { from: startsAt, to: startsAt + 1 };
  const [hours, busy] = await Promise.all([hoursOf(trx, candidates, settings.timezone, startsAt, startsAt), busyOf(trx, candidates, startsAt, startsAt, excludeId)]);
  const query = { rules: rulesOf(type), consultants: hours, busy, calendarBusy: calendars.spans, now, ...window };
  const free = candidates.filter((member, index) => {
    const consultant = hours[index];
    return consultant !== undefined && !calendars.unknown.has(member.id) && consultantFreeStarts(query, consultant).includes(startsAt);
  });
  if (free.length <= 1) return free[0];
  const week = weekAround(startsAt);
  const counts = await countBookedBetween(trx, free.map((member) => member.id), week.from, week.to);
  return free.reduce((best, member) => ((counts.get(member.id) ?? 0) < (counts.get(best.id) ?? 0) ? member : best));
}

function blockOf(type: ConsultationTypeRow, startsAt: number) {
  const endsAt = startsAt + type.durationMinutes * MINUTE_MS;
  return {
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    blockedFrom: new Date(startsAt - type.bufferBeforeMinutes * MINUTE_MS).toISOString(),
    blockedUntil: new Date(endsAt + type.bufferAfterMinutes * MINUTE_MS).toISOString(),
  };
}

/** The unique index on a consultant's live starts caught what the locked re-check let through. */
function isDoubleStart(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  if (error.code === '23505') return 'constraint' in error && error.constraint === 'consultations_one_live_start_idx';
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('consultations.consultant_id');
}

function timeTaken(): ConflictError {
  return conflictOnField('startsAt', 'message.consultationTimeTaken');
}

async function inConsultationTransaction<T>(db: DB, body: (trx: DB) => Promise<T>): Promise<T> {
  try {
    // Replay-safe: the body only reads and writes through `trx` and returns what it did.
    return await inGroupCommit(db, replaySafe(body));
  } catch (error) {
    if (isDoubleStart(error)) throw timeTaken();
    throw error;
  }
}

async function consultantZone(db: DB, consultant: StaffMember): Promise<string> {
  return consultant.timeZone ?? (await getSystemSettings(db)).timezone;
}

/** A room of its own when the type makes one per consultation (and the settings say where). */
async function meetingUrlFor(db: DB, type: ConsultationTypeRow): Promise<string | null> {
  if (type.locationKind !== 'video' || type.meetingLinks !== 'per-consultation') return null;
  const settings = await getSystemSettings(db);
  return settings.meetingBaseUrl === null ? null : newMeetingUrl(settings.meetingBaseUrl, settings.siteName);
}

/**
 * The type's consultants' own calendars read again for the time asked, before the transaction (no
 * network inside it): a meeting put in since the last refresh still keeps the time from being booked.
 */
async function calendarsAround(deps: Pick<ServiceContext, 'db' | 'config'>, typeId: string, startsAt: number, now: number): Promise<ConsultantsBusy> {
  const staff = await staffOfType(deps.db, typeId);
  return freshBusyOf(deps, staff.map((member) => member.id), startsAt - DAY_MS, startsAt + DAY_MS, now);
}

export interface BookedConsultation {
  id: string;
  startsAt: string;
  endsAt: string;
  typeTitle: string;
  consultantName: string;
  /** Where it happens, in the page's language. */
  where: string;
  /** The manage link's token: the confirmation links to the page that moves or cancels it. */
  manageToken: string;
  /** The visitor's calendar file (.ics), the one their e-mail carries. */
  calendar: string;
}

/** The consultation keeps the page's language (`deps.language`) for its visitor's messages. */
export async function bookConsultation(deps: ServiceContext, input: z.output<typeof bookConsultationInput>): Promise<BookedConsultation> {
  const now = Date.now();
  const { language } = deps;
  const startsAt = Date.parse(input.startsAt);
  const calendars = await calendarsAround(deps, input.typeId, startsAt, now);
  const partner = await partnerOf(deps, input.partner);
  return inConsultationTransaction(deps.db, async (trx) => {
    const type = await activeType(trx, input.typeId);
    const staff = await staffOfType(trx, type.id);
    let candidates = staff;
    if (input.consultantId !== undefined) {
      candidates = staff.filter((member) => member.id === input.consultantId);
      if (type.allowPickConsultant !== 1 || candidates.length === 0) throw invalidField('consultantId', 'message.consultantNotOffered');
    }
    const consultant = await pickFreeConsultant(trx, type, candidates, startsAt, now, calendars);
    if (consultant === undefined) throw timeTaken();
    const manage = newManageToken();
    const consultation = await insertConsultation(trx, {
      meetingUrl: await meetingUrlFor(trx, type),
      typeId: type.id,
      consultantId: consultant.id,
      ...blockOf(type, startsAt),
      visitorName: input.visitorName,
      visitorEmail: input.visitorEmail,
      visitorPhone: input.visitorPhone,
      visitorCompany: input.visitorCompany,
      visitorTimeZone: input.timeZone,
      message: input.message,
      manageTokenHash: manage.hash,
      language,
      ...visitAttribution(input.visit, new URL(deps.config.publicOrigin).host),
      partner,
    });
    const facts = { consultation, type, consultant, consultantZone: await consultantZone(trx, consultant), manageToken: manage.token };
    const calendar = await enqueueConsultationMessages(trx, deps.config.publicOrigin, facts, 'booked');
    await enqueueCalendarWrites(trx, consultation);
    await enqueueConsultationWebhook(trx, 'consultation.booked', consultation);
    return {
      id: consultation.id,
      startsAt: consultation.startsAt,
      endsAt: consultation.endsAt,
      typeTitle: typeTitleIn(type, language),
      consultantName: consultant.name,
      where: whereText(type, consultant, consultation.visitorPhone, wordsIn(language), consultation.meetingUrl),
      manageToken: manage.token,
      calendar,
    };
  });
}

/** What the manage page shows: the type's title with its translations, the place in the caller's language. */
export interface ManagedConsultation {
  id: string;
  typeId: string;
  typeTitle: string;
  typeTranslations: Translations<TitleTexts>;
  consultantName: string;
  startsAt: string;
  endsAt: string;
  where: string;
  /** What `where` is made of, for a page that says it in its own language. */
  location: { kind: ConsultationTypeRow['locationKind']; detail: string | null; visitorPhone: string | null };
  visitorName: string;
  visitorTimeZone: string;
  status: ConsultationRow['status'];
  /** Whether it can still be moved or cancelled (booked and not yet started). */
  changeable: boolean;
  /** While booked, the visitor's calendar file (.ics), the entry their e-mails carry, for Add to calendar. */
  calendar: string | null;
}

async function byToken(db: DB, token: string): Promise<ConsultationRow> {
  const consultation = await findConsultationByTokenHash(db, hashManageToken(token));
  if (consultation === undefined) throw new NotFoundError('message.consultationNotFound');
  return consultation;
}

async function factsOf(db: DB, consultation: ConsultationRow) {
  const [type, consultant] = await Promise.all([findConsultationType(db, consultation.typeId), findStaffMember(db, consultation.consultantId)]);
  if (type === undefined || consultant === undefined) throw new NotFoundError('message.consultationNotFound');
  return { type, consultant, consultantZone: await consultantZone(db, consultant) };
}

/** Whether a manage link's token is one a consultation has now (its page answers 404 otherwise). */
export async function consultationManageLinkExists({ db }: Pick<ServiceContext, 'db'>, { token }: { token: string }): Promise<boolean> {
  return (await findConsultationByTokenHash(db, hashManageToken(token))) !== undefined;
}

/** The place is worded in the calling page's language. */
export async function viewConsultationByToken(
  { db, language, config }: Pick<ServiceContext, 'db' | 'language' | 'config'>,
  { token }: { token: string },
): Promise<ManagedConsultation> {
  const now = Date.now();
  const consultation = await byToken(db, token);
  const { type, consultant } = await factsOf(db, consultation);
  return {
    id: consultation.id,
    typeId: type.id,
    typeTitle: typeTitleIn(type, language),
    typeTranslations: readTitleTranslations(`translations of consultation type ${type.id}`, type.translations),
    consultantName: consultant.name,
    startsAt: consultation.startsAt,
    endsAt: consultation.endsAt,
    where: whereText(type, consultant, consultation.visitorPhone, wordsIn(language), consultation.meetingUrl),
    location: { kind: type.locationKind, detail: consultation.meetingUrl ?? type.locationDetail, visitorPhone: consultation.visitorPhone },
    visitorName: consultation.visitorName,
    visitorTimeZone: consultation.visitorTimeZone,
    status: consultation.status,
    changeable: consultation.status === 'booked' && Date.parse(consultation.startsAt) > now,
    // The same entry as the e-mails' (its UID and sequence), so a later e-mailed change updates it.
    calendar:
      consultation.status === 'booked'
        ? consultationCalendar(await loadOutboxSite(db, config.publicOrigin), { consultation, type, consultant }, false, new Date(now)).content
        : null,
  };
}

function requireChangeable(consultation: ConsultationRow, now: number): void {
  if (consultation.status === 'cancelled') throw new PreconditionError('message.consultationAlreadyCancelled');
  if (Date.parse(consultation.startsAt) <= now) throw new PreconditionError('message.consultationAlreadyStarted');
}

async function cancel(deps: ServiceDeps, find: (trx: DB) => Promise<ConsultationRow>, actor: AuditActor | null, now: number): Promise<ConsultationRow> {
  return inConsultationTransaction(deps.db, async (trx) => {
    const current = await find(trx);
    requireChangeable(current, now);
    const consultation = await updateConsultationRow(trx, current.id, { status: 'cancelled', icsSequence: current.icsSequence + 1 });
    if (consultation === undefined) throw new NotFoundError('message.consultationNotFound');
    const facts = await factsOf(trx, consultation);
    await enqueueConsultationMessages(trx, deps.config.publicOrigin, { consultation, ...facts, manageToken: null }, 'cancelled');
    await enqueueCalendarWrites(trx, consultation);
    await enqueueConsultationWebhook(trx, 'consultation.cancelled', consultation);
    if (actor !== null) await recordAudit(trx, actor, { action: 'status', entity: 'consultation', entityId: current.id, summary: `${current.visitorName}, cancelled` });
    return consultation;
  });
}

/**
 * Moves a consultation to another free time of its type: its own consultant when free then, else
 * another free one. The old time is freed in the same transaction, and the visitor's calendar gets
 * one update (same UID, next SEQUENCE). `manageToken` null: a new link is issued (a staff move).
 */
async function move(
  deps: ServiceDeps,
  find: (trx: DB) => Promise<ConsultationRow>,
  startsAtIso: string,
  manageToken: string | null,
  actor: AuditActor | null,
  now: number,
): Promise<ConsultationRow> {
  const startsAt = Date.parse(startsAtIso);
  const before = await find(deps.db);
  const calendars = withoutOwnTime(await calendarsAround(deps, before.typeId, startsAt, now), before.consultantId, Date.parse(before.startsAt), Date.parse(before.endsAt));
  return inConsultationTransaction(deps.db, async (trx) => {
    const current = await find(trx);
    requireChangeable(current, now);
    const type = await findConsultationType(trx, current.typeId);
    if (type === undefined) throw new NotFoundError('message.consultationNotFound');
    const staff = await staffOfType(trx, type.id);
    // Every candidate's row at once, in id order, as a booking takes them: two changes never wait for each other.
    await lockConsultants(trx, [...staff.map((member) => member.id), current.consultantId]);
    const own = staff.filter((member) => member.id === current.consultantId);
    let consultant = own.length === 0 ? undefined : await pickFreeConsultant(trx, type, own, startsAt, now, calendars, current.id);
    consultant ??= await pickFreeConsultant(trx, type, staff.filter((member) => member.id !== current.consultantId), startsAt, now, calendars, current.id);
    if (consultant === undefined) throw timeTaken();
    const issued = manageToken === null ? newManageToken() : null;
    const consultation = await updateConsultationRow(trx, current.id, {
      consultantId: consultant.id,
      ...blockOf(type, startsAt),
      icsSequence: current.icsSequence + 1,
      ...(issued === null ? {} : { manageTokenHash: issued.hash }),
    });
    if (consultation === undefined) throw new NotFoundError('message.consultationNotFound');
    const facts = {
      consultation,
      type,
      consultant,
      consultantZone: await consultantZone(trx, consultant),
      manageToken: issued?.token ?? manageToken,
      previous: { startsAt: current.startsAt, endsAt: current.endsAt },
    };
    await enqueueConsultationMessages(trx, deps.config.publicOrigin, facts, 'rescheduled');
    await enqueueCalendarWrites(trx, consultation);
    await enqueueConsultationWebhook(trx, 'consultation.rescheduled', consultation, facts.previous);
    if (consultant.id !== current.consultantId) {
      // The consultant who had it is told it is gone from their day.
      const previousConsultant = await findStaffMember(trx, current.consultantId);
      if (previousConsultant !== undefined) {
        await enqueueConsultantRelease(trx, deps.config.publicOrigin, { ...facts, consultation: current, consultant: previousConsultant, consultantZone: await consultantZone(trx, previousConsultant) });
      }
    }
    if (actor !== null) {
      await recordAudit(trx, actor, { action: 'update', entity: 'consultation', entityId: current.id, summary: `${current.visitorName}, moved from ${current.startsAt} to ${consultation.startsAt}` });
    }
    return consultation;
  });
}

export function cancelConsultationByToken(deps: ServiceContext, { token }: { token: string }): Promise<ConsultationRow> {
  return cancel(deps, (trx) => byToken(trx, token), null, Date.now());
}

export function rescheduleConsultationByToken(deps: ServiceContext, { token, startsAt }: { token: string; startsAt: string }): Promise<ConsultationRow> {
  return move(deps, (trx) => byToken(trx, token), startsAt, token, null, Date.now());
}

async function byId(db: DB, id: string): Promise<ConsultationRow> {
  const consultation = await findConsultation(db, id);
  if (consultation === undefined) throw new NotFoundError('message.consultationNotFound');
  return consultation;
}

export function cancelConsultation(deps: ServiceContext, { id }: { id: string }): Promise<ConsultationRow> {
  return cancel(deps, (trx) => byId(trx, id), actorOf(deps), Date.now());
}

export function moveConsultation(deps: ServiceContext, { id, startsAt }: { id: string; startsAt: string }): Promise<ConsultationRow> {
  return move(deps, (trx) => byId(trx, id), startsAt, null, actorOf(deps), Date.now());
}
