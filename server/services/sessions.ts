// Rules that span a session, its time slots and its delegates: the wizard's one-transaction save,
// the update that reconciles slot and delegate lists, and the guard that keeps booked slots.
import type { z } from 'zod';
import type { DB } from '@db/database';
import * as delegates from '../repositories/delegates';
import { EVENT_NOT_FOUND } from '../repositories/events';
import * as sessions from '../repositories/sessions';
import * as timeSlots from '../repositories/timeSlots';
import type { createDelegateInput, updateDelegateInput } from '../schemas/delegates';
import type { createSessionInput, createTimeSlotInput, updateSessionInput, updateTimeSlotInput } from '../schemas/sessions';
import { ConflictError, NotFoundError } from '../errors';

export const SESSION_NOT_FOUND = 'Session not found.';
export const TIME_SLOT_NOT_FOUND = 'Time slot not found.';
export const DELEGATE_NOT_FOUND = 'Delegate not found.';
export const SLOT_HAS_BOOKINGS = 'This time slot has bookings. Cancel or move them before removing it.';

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

/** Refuses to remove slots that still carry a booking that is not cancelled. */
async function requireNoLiveBookings(db: DB, slotIds: string[]): Promise<void> {
  if ((await timeSlots.countLiveBookings(db, slotIds)) > 0) {
    throw new ConflictError(SLOT_HAS_BOOKINGS);
  }
}

function sessionValues(input: CreateSession | UpdateSession): sessions.SessionValues {
  return {
    eventId: input.eventId,
    title: input.title,
    description: input.description,
    location: input.location,
    facilitator: input.facilitator,
    maxParticipants: input.maxParticipants,
    isActive: input.isActive,
  };
}

/** The session with its event title, all its slots (past too) with seats, and its delegates. */
export async function getSessionDetail(db: DB, id: string): Promise<SessionDetail> {
  const session = await sessions.findSessionWithEvent(db, id);
  if (session === undefined) throw notFound(SESSION_NOT_FOUND);
  const [slots, people] = await Promise.all([
    timeSlots.listSlotsWithSeats(db, id),
    delegates.listDelegatesOfSession(db, id),
  ]);
  return { ...session, timeSlots: slots, delegates: people };
}

/** The wizard's save: session, slots and delegates all stored, or none of them, so a failed save never leaves half a session. */
export function createSession(db: DB, input: CreateSession): Promise<SessionDetail> {
  return db.transaction().execute(async (trx) => {
    await requireEvent(trx, input.eventId);
    const session = await sessions.insertSession(trx, sessionValues(input));
    await timeSlots.insertTimeSlots(trx, session.id, input.timeSlots);
    await delegates.insertDelegates(trx, session.id, input.delegates);
    return getSessionDetail(trx, session.id);
  });
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

async function reconcileTimeSlots(db: DB, sessionId: string, wanted: NonNullable<UpdateSession['timeSlots']>) {
  const plan = reconcile(await timeSlots.listSlotIdsOfSession(db, sessionId), wanted, TIME_SLOT_NOT_FOUND);
  await requireNoLiveBookings(db, plan.toDelete);
  await timeSlots.deleteTimeSlots(db, plan.toDelete);
  for (const slot of plan.toUpdate) await timeSlots.updateTimeSlot(db, slot.id, slot);
  await timeSlots.insertTimeSlots(db, sessionId, plan.toCreate);
}

async function reconcileDelegates(db: DB, sessionId: string, wanted: NonNullable<UpdateSession['delegates']>) {
  const plan = reconcile(await delegates.listDelegateIdsOfSession(db, sessionId), wanted, DELEGATE_NOT_FOUND);
  await delegates.deleteDelegates(db, plan.toDelete);
  for (const delegate of plan.toUpdate) await delegates.updateDelegate(db, delegate.id, delegate);
  await delegates.insertDelegates(db, sessionId, plan.toCreate);
}

/** Saves the session's fields and, when given, its full slot and delegate lists; all or nothing. */
export function updateSession(db: DB, input: UpdateSession): Promise<SessionDetail> {
  return db.transaction().execute(async (trx) => {
    const existing = await requireSession(trx, input.id);
    if (input.eventId !== existing.eventId) {
      await requireEvent(trx, input.eventId);
      await sessions.moveSessionBookingsToEvent(trx, input.id, input.eventId);
    }
    await sessions.updateSession(trx, input.id, sessionValues(input));
    if (input.timeSlots !== undefined) await reconcileTimeSlots(trx, input.id, input.timeSlots);
    if (input.delegates !== undefined) await reconcileDelegates(trx, input.id, input.delegates);
    return getSessionDetail(trx, input.id);
  });
}

export function createTimeSlot(db: DB, input: CreateTimeSlot): Promise<timeSlots.TimeSlotDto> {
  return db.transaction().execute(async (trx) => {
    await requireSession(trx, input.sessionId);
    return timeSlots.insertTimeSlot(trx, input.sessionId, input);
  });
}

export async function updateTimeSlot(db: DB, input: UpdateTimeSlot): Promise<timeSlots.TimeSlotDto> {
  const slot = await timeSlots.updateTimeSlot(db, input.id, input);
  if (slot === undefined) throw notFound(TIME_SLOT_NOT_FOUND);
  return slot;
}

export function deleteTimeSlot(db: DB, id: string): Promise<{ id: string }> {
  return db.transaction().execute(async (trx) => {
    if ((await timeSlots.findTimeSlot(trx, id)) === undefined) throw notFound(TIME_SLOT_NOT_FOUND);
    await requireNoLiveBookings(trx, [id]);
    await timeSlots.deleteTimeSlots(trx, [id]);
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
export function createDelegate(db: DB, input: CreateDelegate): Promise<delegates.DelegateDto> {
  return db.transaction().execute(async (trx) => {
    const sessionId = input.sessionId ?? null;
    if (sessionId !== null) await requireSession(trx, sessionId);
    return delegates.insertDelegate(trx, sessionId, delegateValues(input));
  });
}

/** sessionId absent keeps the delegate's session (the form leaves it out when unchanged), null detaches, a value moves it. */
export function updateDelegate(db: DB, input: UpdateDelegate): Promise<delegates.DelegateDto> {
  return db.transaction().execute(async (trx) => {
    if ((await delegates.findDelegate(trx, input.id)) === undefined) throw notFound(DELEGATE_NOT_FOUND);
    if (typeof input.sessionId === 'string') await requireSession(trx, input.sessionId);
    const delegate = await delegates.updateDelegate(trx, input.id, { ...delegateValues(input), sessionId: input.sessionId });
    if (delegate === undefined) throw notFound(DELEGATE_NOT_FOUND);
    return delegate;
  });
}
