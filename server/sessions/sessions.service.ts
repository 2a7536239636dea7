// Rules that span a session, its time slots and its delegates: the wizard's one-transaction save,
// the update that reconciles slot and delegate lists (telling participants of removed or moved slots).
import type { z } from 'zod';
import type { DB } from '@db/database';
import * as delegates from './delegates.repository';
import { EVENT_NOT_FOUND } from '@server/events/events.repository';
import * as sessions from './sessions.repository';
import * as timeSlots from './time-slots.repository';
import type { createDelegateInput, updateDelegateInput } from './delegates.schemas';
import type { createSessionInput, createTimeSlotInput, updateSessionInput, updateTimeSlotInput } from './sessions.schemas';
import { NotFoundError } from '@server/core/errors';
import { actorOf, changedFields, recordAudit } from '@server/audit/audit.service';
import { plainRead, plainReadNoInput, type ServiceContext } from '@server/core/service-context';
import type { ServiceDeps } from '@server/core/deps';
import { affectedBookingIds, enqueueRemovalNotices, enqueueTimeChangeNotices } from '@server/bookings/change-notices';
import { changePublicData } from '@server/core/public-changes';

export const SESSION_NOT_FOUND = 'Session not found.';
export const TIME_SLOT_NOT_FOUND = 'Time slot not found.';
export const DELEGATE_NOT_FOUND = 'Delegate not found.';

type CreateSession = z.output<typeof createSessionInput>;
type UpdateSession = z.output<typeof updateSessionInput>;
type CreateTimeSlot = z.output<typeof createTimeSlotInput>;
type UpdateTimeSlot = z.output<typeof updateTimeSlotInput>;
type CreateDelegate = z.output<typeof createDelegateInput>;
type UpdateDelegate = z.output<typeof updateDelegateInput>;

export interface SessionDetail extends sessions.SessionListItem {
  timeSlots: timeSlots.TimeSlotWithSeats[];
  delegates: delegates.DelegateDto[];
}

function notFound(message: string): NotFoundError {
  return new NotFoundError(message);
}

async function requireEvent(db: DB, eventId: string): Promise<void> {
  if (!(await sessions.eventExists(db, eventId))) throw notFound(EVENT_NOT_FOUND);
}

async function requireSession(db: DB, sessionId: string): Promise<sessions.SessionDto> {
  const session = await sessions.findSession(db, sessionId);
  if (session === undefined) throw notFound(SESSION_NOT_FOUND);
  return session;
}

/**
 * Removes slots with their bookings (ON DELETE rules), telling each participant of a live booking
 * in a slot not over yet that the booking is cancelled, in the caller's transaction.
 */
async function removeTimeSlots(deps: ServiceDeps, db: DB, slotIds: string[]): Promise<void> {
  for (const timeSlotId of slotIds) await enqueueRemovalNotices(db, deps.config.publicOrigin, { timeSlotId });
  await timeSlots.deleteTimeSlots(db, slotIds);
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
    isActive: input.isActive,
  };
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
  if (session === undefined) throw notFound(SESSION_NOT_FOUND);
  const [slots, people] = await Promise.all([
    timeSlots.listSlotsWithSeats(db, id),
    delegates.listDelegatesOfSession(db, id),
  ]);
  return { ...session, timeSlots: slots, delegates: people };
}

/** The wizard's save: session, slots and delegates all stored, or none of them, so a failed save never leaves half a session. */
export function createSession(deps: ServiceContext, input: CreateSession): Promise<SessionDetail> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions', 'slots'], async (trx) => {
    await requireEvent(trx, input.eventId);
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
  notFoundMessage: string,
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
      throw notFound(notFoundMessage);
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
  const plan = reconcile(await timeSlots.listSlotIdsOfSession(db, sessionId), wanted, TIME_SLOT_NOT_FOUND);
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
  const plan = reconcile(await delegates.listDelegateIdsOfSession(db, sessionId), wanted, DELEGATE_NOT_FOUND);
  await delegates.deleteDelegates(db, plan.toDelete);
  for (const delegate of plan.toUpdate) await delegates.updateDelegate(db, delegate.id, delegate);
  await delegates.insertDelegates(db, sessionId, plan.toCreate);
}

/** Saves the session's fields and, when given, its full slot and delegate lists; all or nothing. */
export function updateSession(deps: ServiceContext, input: UpdateSession): Promise<SessionDetail> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions', 'slots'], async (trx) => {
    const existing = await requireSession(trx, input.id);
    const before = await getSessionDetail({ db: trx }, { id: input.id });
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
  return changePublicData(deps, ['sessions', 'slots'], async (trx) => {
    const existing = await requireSession(trx, id);
    await enqueueRemovalNotices(trx, deps.config.publicOrigin, { sessionId: id });
    if (!(await sessions.deleteSession(trx, id))) throw notFound(SESSION_NOT_FOUND);
    await recordAudit(trx, actor, { action: 'delete', entity: 'session', entityId: id, summary: existing.title });
    return { id };
  });
}

export function toggleSessionActive(deps: ServiceContext, { id }: { id: string }): Promise<sessions.SessionDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const session = await sessions.toggleSessionActive(trx, id);
    if (session === undefined) throw notFound(SESSION_NOT_FOUND);
    const summary = session.isActive ? 'activated' : 'deactivated';
    await recordAudit(trx, actor, { action: 'status', entity: 'session', entityId: id, summary });
    return session;
  });
}

export function createTimeSlot(deps: ServiceContext, input: CreateTimeSlot): Promise<timeSlots.TimeSlotDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['slots'], async (trx) => {
    const session = await requireSession(trx, input.sessionId);
    const slot = await timeSlots.insertTimeSlot(trx, input.sessionId, input);
    await recordAudit(trx, actor, { action: 'create', entity: 'time-slot', entityId: slot.id, summary: `${session.title}: ${slot.startTime}` });
    return slot;
  });
}

/** Changes a slot's times; when start or end moved, each live booking hears the new time. */
export function updateTimeSlot(deps: ServiceContext, input: UpdateTimeSlot): Promise<timeSlots.TimeSlotDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['slots'], async (trx) => {
    const before = await timeSlots.findTimeSlot(trx, input.id);
    const slot = await timeSlots.updateTimeSlot(trx, input.id, input);
    if (before === undefined || slot === undefined) throw notFound(TIME_SLOT_NOT_FOUND);
    if (before.startTime !== slot.startTime || before.endTime !== slot.endTime) {
      const affected = await affectedBookingIds(trx, { timeSlotId: slot.id });
      await enqueueTimeChangeNotices(trx, deps.config.publicOrigin, affected);
    }
    const summary = changedFields(before, slot, { startTime: 'start time', endTime: 'end time' });
    await recordAudit(trx, actor, { action: 'update', entity: 'time-slot', entityId: slot.id, summary });
    return slot;
  });
}

/** Deletes the slot with its bookings, telling each participant first. */
export function deleteTimeSlot(deps: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['slots'], async (trx) => {
    const slot = await timeSlots.findTimeSlot(trx, id);
    if (slot === undefined) throw notFound(TIME_SLOT_NOT_FOUND);
    await removeTimeSlots(deps, trx, [id]);
    await recordAudit(trx, actor, { action: 'delete', entity: 'time-slot', entityId: id, summary: slot.startTime });
    return { id };
  });
}

function delegateValues(input: CreateDelegate | UpdateDelegate): delegates.DelegateValues {
  return {
    name: input.name,
    email: input.email,
    phone: input.phone,
    organization: input.organization,
    position: input.position,
    bio: input.bio,
    photoUrl: input.photoUrl,
  };
}

/** The delegates screen passes no session (a free-standing delegate); the wizard passes one. */
export function createDelegate(deps: ServiceContext, input: CreateDelegate): Promise<delegates.DelegateDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const sessionId = input.sessionId ?? null;
    if (sessionId !== null) await requireSession(trx, sessionId);
    const delegate = await delegates.insertDelegate(trx, sessionId, delegateValues(input));
    await recordAudit(trx, actor, { action: 'create', entity: 'delegate', entityId: delegate.id, summary: delegate.name });
    return delegate;
  });
}

export function deleteDelegate(deps: ServiceContext, { id }: { id: string }): Promise<{ id: string }> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const existing = await delegates.findDelegate(trx, id);
    if (existing === undefined || (await delegates.deleteDelegates(trx, [id])) === 0) throw notFound(DELEGATE_NOT_FOUND);
    await recordAudit(trx, actor, { action: 'delete', entity: 'delegate', entityId: id, summary: existing.name });
    return { id };
  });
}

const DELEGATE_FIELD_LABELS = {
  sessionId: 'session',
  name: 'name',
  email: 'email',
  phone: 'phone',
  organization: 'organization',
  position: 'position',
  bio: 'bio',
  photoUrl: 'photo',
} as const;

/** sessionId absent keeps the delegate's session (the form leaves it out when unchanged), null detaches, a value moves it. */
export function updateDelegate(deps: ServiceContext, input: UpdateDelegate): Promise<delegates.DelegateDto> {
  const actor = actorOf(deps);
  return changePublicData(deps, ['sessions'], async (trx) => {
    const before = await delegates.findDelegate(trx, input.id);
    if (before === undefined) throw notFound(DELEGATE_NOT_FOUND);
    if (typeof input.sessionId === 'string') await requireSession(trx, input.sessionId);
    const delegate = await delegates.updateDelegate(trx, input.id, { ...delegateValues(input), sessionId: input.sessionId });
    if (delegate === undefined) throw notFound(DELEGATE_NOT_FOUND);
    const summary = changedFields(before, delegate, DELEGATE_FIELD_LABELS);
    await recordAudit(trx, actor, { action: 'update', entity: 'delegate', entityId: delegate.id, summary });
    return delegate;
  });
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const listDelegates = plainRead(delegates.listDelegates);
export const listSessionsForAdmin = plainRead(sessions.listSessionsForAdmin);
export const sessionStats = plainReadNoInput(sessions.sessionStats);

/** A session's future slots with seats left, for the booking form. */
export function listBookableSlots({ db }: Pick<ServiceContext, 'db'>, { sessionId }: { sessionId: string }): Promise<timeSlots.TimeSlotWithSeats[]> {
  return timeSlots.listBookableSlots(db, sessionId, new Date().toISOString());
}
