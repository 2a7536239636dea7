// Rules that span a session, its time slots and its delegates: the wizard's one-transaction save,
// the update that reconciles slot and delegate lists (telling participants of removed or moved
// slots), delete and toggle. One slot or one delegate alone: time-slots.service.ts,
// delegates.service.ts.
import type { z } from 'zod';
import type { DB } from '@db/database';
import { invalidField, NotFoundError } from '@server/core/errors';
import { message } from '@server/shared/i18n/message';
import { getSystemSettings } from '@server/settings/settings.service';
import { plainRead, plainReadNoInput, type ServiceContext } from '@server/core/service-context';
import type { ServiceDeps } from '@server/core/deps';
import { changePublicData } from '@server/core/public-changes';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { refuseDeletingInvoiced } from '@server/bookings/invoiced-bookings.service';
import { affectedBookingIds, enqueueRemovalNotices, enqueueTimeChangeNotices } from '@server/bookings/change-notices';
import * as delegates from './delegates.repository';
import * as sessions from './sessions.repository';
import * as timeSlots from './time-slots.repository';
import type { createSessionInput, updateSessionInput } from './sessions.schemas';
import { requireSession } from './require-session';
import { removeTimeSlots } from './time-slots.service';
import type { PlainKey } from '@server/shared/i18n/message';

type CreateSession = z.output<typeof createSessionInput>;
type UpdateSession = z.output<typeof updateSessionInput>;

export interface SessionDetail extends sessions.SessionListItem {
  timeSlots: timeSlots.TimeSlotWithSeats[];
  delegates: delegates.DelegateDto[];
}

async function requireEvent(db: DB, eventId: string): Promise<void> {
  if (!(await sessions.eventExists(db, eventId))) throw new NotFoundError('message.eventNotFound');
}

function sessionValues(input: CreateSession | UpdateSession): sessions.SessionValues {
  return {
    eventId: input.eventId,
    title: input.title,
    description: input.description,
    location: input.location,
    facilitator: input.facilitator,
    maxParticipants: input.maxParticipants,
    offerHours: input.offerHours,
    translations: input.translations,
    price: input.price,
    isActive: input.isActive,
  };
}

/** A price is in the site's currency (Settings, System), so every paid session of a site adds up. */
async function requireSiteCurrency(db: DB, price: CreateSession['price'] | undefined): Promise<void> {
  if (price === null || price === undefined) return;
  const { currency } = await getSystemSettings({ db });
  if (price.currency !== currency) {
    throw invalidField('price.currency', message('api.sessions.priceSiteCurrency', { currency }));
  }
}

/** The session with its event title, all its slots (past too) with seats, and its delegates. */
/** A session as the booking form shows it beside the form: with its delegates' public face. */
export interface BookableSession extends sessions.SessionDto {
  delegates: delegates.PublicDelegate[];
}

/** The booking form's sessions of an active event, each with its delegates: two queries for any number. */
export async function listBookableSessions({ db }: Pick<ServiceContext, 'db'>, { eventId }: { eventId: string }): Promise<BookableSession[]> {
  const list = await sessions.listActiveSessionsOfEvent(db, eventId);
  const people = await delegates.listPublicDelegatesOfSessions(
    db,
    list.map((session) => session.id),
  );
  const bySession = new Map<string, delegates.PublicDelegate[]>();
  for (const person of people) bySession.set(person.sessionId, [...(bySession.get(person.sessionId) ?? []), person]);
  return list.map((session) => ({ ...session, delegates: bySession.get(session.id) ?? [] }));
}

export async function getSessionDetail({ db }: Pick<ServiceContext, 'db'>, { id }: { id: string }): Promise<SessionDetail> {
  const session = await sessions.findSessionWithEvent(db, id);
  if (session === undefined) throw new NotFoundError('api.sessions.notFound');
  const [slots, people] = await Promise.all([
    timeSlots.listSlotsWithSeats(db, id),
    delegates.listDelegatesOfSession(db, id),
  ]);
  return { ...session, timeSlots: slots, delegates: people };
}

/** The wizard's save: session, slots and delegates all stored, or none of them, so a failed save never leaves half a session. */
export function createSession(deps: ServiceContext, input: CreateSession): Promise<SessionDetail> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions', 'slots', 'schedule'], async (trx) => {
    await requireEvent(trx, input.eventId);
    await requireSiteCurrency(trx, input.price);
    const session = await sessions.insertSession(trx, sessionValues(input));
    await timeSlots.insertTimeSlots(trx, session.id, input.timeSlots);
    await delegates.insertDelegates(trx, session.id, input.delegates);
    const summary = `${session.title}, ${input.timeSlots.length} time slots, ${input.delegates.length} delegates`;
    await recordAudit(trx, actor, { action: 'create', entity: 'session', entityId: session.id, summary });
    return getSessionDetail({ db: trx }, { id: session.id });
  });
}

const SESSION_FIELD_LABELS = {
  eventId: 'event',
  title: 'title',
  description: 'description',
  location: 'location',
  facilitator: 'facilitator',
  maxParticipants: 'max participants',
  offerHours: 'waitlist offers',
  translations: 'translations',
  price: 'price',
  isActive: 'active',
} as const;

/** What an update changed: the session's fields, and whether its slot or delegate lists differ. */
function describeSessionChange(before: SessionDetail, after: SessionDetail): string {
  const slotsOf = (detail: SessionDetail) => detail.timeSlots.map(({ id, startTime, endTime }) => [id, startTime, endTime]);
  const delegatesOf = (detail: SessionDetail) => detail.delegates.map(({ createdAt: _c, updatedAt: _u, ...rest }) => rest);
  const compared = {
    before: { ...before, slots: slotsOf(before), people: delegatesOf(before) },
    after: { ...after, slots: slotsOf(after), people: delegatesOf(after) },
  };
  return changedFields(compared.before, compared.after, { ...SESSION_FIELD_LABELS, slots: 'time slots', people: 'delegates' });
}

/**
 * Ids of `wanted` items must belong to the session (`existing`); returns what to update, create
 * and delete. An unknown id throws NOT_FOUND with `notFoundMessage`.
 */
function reconcile<T extends { id?: string | undefined }>(
  existing: string[],
  wanted: T[],
  notFoundMessage: PlainKey,
): { toUpdate: (T & { id: string })[]; toCreate: T[]; toDelete: string[] } {
  const owned = new Set(existing);
  const toUpdate: (T & { id: string })[] = [];
  const toCreate: T[] = [];
  for (const item of wanted) {
    if (item.id === undefined) {
      toCreate.push(item);
    } else if (owned.has(item.id)) {
      toUpdate.push({ ...item, id: item.id });
    } else {
      throw new NotFoundError(notFoundMessage);
    }
  }
  const kept = new Set(toUpdate.map((item) => item.id));
  return { toUpdate, toCreate, toDelete: existing.filter((id) => !kept.has(id)) };
}

/**
 * The session form's slot list: removed slots tell their participants 'booking cancelled', and
 * slots whose start or end moved tell theirs 'booking updated', as timeSlots.delete and
 * timeSlots.update do.
 */
async function reconcileTimeSlots(deps: ServiceDeps, db: DB, sessionId: string, wanted: NonNullable<UpdateSession['timeSlots']>) {
  const plan = reconcile(await timeSlots.listSlotIdsOfSession(db, sessionId), wanted, 'message.slotNotFound');
  await removeTimeSlots(deps, db, plan.toDelete);
  const moved: string[] = [];
  for (const slot of plan.toUpdate) {
    const before = await timeSlots.findTimeSlot(db, slot.id);
    const after = await timeSlots.updateTimeSlot(db, slot.id, slot);
    if (before !== undefined && after !== undefined && (before.startTime !== after.startTime || before.endTime !== after.endTime)) {
      moved.push(...(await affectedBookingIds(db, { timeSlotId: slot.id })));
    }
  }
  await enqueueTimeChangeNotices(db, deps.config.publicOrigin, moved);
  await timeSlots.insertTimeSlots(db, sessionId, plan.toCreate);
}

async function reconcileDelegates(db: DB, sessionId: string, wanted: NonNullable<UpdateSession['delegates']>) {
  const plan = reconcile(await delegates.listDelegateIdsOfSession(db, sessionId), wanted, 'api.sessions.delegateNotFound');
  await delegates.deleteDelegates(db, plan.toDelete);
  for (const delegate of plan.toUpdate) await delegates.updateDelegate(db, delegate.id, delegate);
  await delegates.insertDelegates(db, sessionId, plan.toCreate);
}

/** Saves the session's fields and, when given, its full slot and delegate lists; all or nothing. */
export function updateSession(deps: ServiceContext, input: UpdateSession): Promise<SessionDetail> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions', 'slots', 'schedule'], async (trx) => {
    const existing = await requireSession(trx, input.id);
    const before = await getSessionDetail({ db: trx }, { id: input.id });
    // A price kept as it was stays valid after the site's currency changes; a new one must be in it.
    if (JSON.stringify(input.price) !== JSON.stringify(before.price)) await requireSiteCurrency(trx, input.price);
    if (input.eventId !== existing.eventId) {
      await requireEvent(trx, input.eventId);
      await sessions.moveSessionBookingsToEvent(trx, input.id, input.eventId);
    }
    await sessions.updateSession(trx, input.id, sessionValues(input));
    if (input.timeSlots !== undefined) await reconcileTimeSlots(deps, trx, input.id, input.timeSlots);
    if (input.delegates !== undefined) await reconcileDelegates(trx, input.id, input.delegates);
    const after = await getSessionDetail({ db: trx }, { id: input.id });
    await recordAudit(trx, actor, { action: 'update', entity: 'session', entityId: input.id, summary: describeSessionChange(before, after) });
    return after;
  });
}

/** Deletes the session (its slots and bookings cascade), telling each participant first. */
export function deleteSession(deps: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions', 'slots', 'schedule'], async (trx) => {
    const existing = await requireSession(trx, id);
    await refuseDeletingInvoiced(trx, { sessionId: id });
    await enqueueRemovalNotices(trx, deps.config.publicOrigin, { sessionId: id });
    if (!(await sessions.deleteSession(trx, id))) throw new NotFoundError('api.sessions.notFound');
    await recordAudit(trx, actor, { action: 'delete', entity: 'session', entityId: id, summary: existing.title });
    return { id };
  });
}

export function toggleSessionActive(deps: ServiceContext, { id }: { id: string }): Promise<sessions.SessionDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions', 'schedule'], async (trx) => {
    const session = await sessions.toggleSessionActive(trx, id);
    if (session === undefined) throw new NotFoundError('api.sessions.notFound');
    const summary = session.isActive ? 'activated' : 'deactivated';
    await recordAudit(trx, actor, { action: 'status', entity: 'session', entityId: id, summary });
    return session;
  });
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const listSessionsForAdmin = plainRead(sessions.listSessionsForAdmin);
export const sessionStats = plainReadNoInput(sessions.sessionStats);
