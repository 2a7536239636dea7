// Calendar connections, the busy times read from them and the write-back queue: rows in and out.
// The free-times read takes every consultant of a type at once (one query for busy rows, one for
// the connections' health); the refresh and write-back claims are compare-and-set updates, so of
// several instances exactly one takes each.
import type { Insertable, Updateable } from 'kysely';
import type { DB } from '@db/database';
import type { CalendarConnectionRow, CalendarWriteRow, CalendarWriteStatus, Database } from '@db/schema';
import { newId } from '@server/core/ids';

export const WEEK_MS = 7 * 86_400_000;

export type ConnectionValues = Omit<Insertable<Database['calendarConnections']>, 'id'>;

// Times are written from the app's clock (not the database's), as every time the rules compare them with.
export async function insertConnection(db: DB, values: ConnectionValues): Promise<CalendarConnectionRow> {
  const now = new Date().toISOString();
  return db.insertInto('calendarConnections').values({ id: newId(), createdAt: now, updatedAt: now, nextRefreshAt: now, ...values }).returningAll().executeTakeFirstOrThrow();
}

export function findConnection(db: DB, id: string): Promise<CalendarConnectionRow | undefined> {
  return db.selectFrom('calendarConnections').selectAll().where('id', '=', id).executeTakeFirst();
}

export function connectionsOf(db: DB, userId: string): Promise<CalendarConnectionRow[]> {
  return db.selectFrom('calendarConnections').selectAll().where('userId', '=', userId).orderBy('createdAt').orderBy('id').execute();
}

export function updateConnectionRow(db: DB, id: string, values: Updateable<Database['calendarConnections']>): Promise<CalendarConnectionRow | undefined> {
  return db
    .updateTable('calendarConnections')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A consultant writes to one calendar at most: the others' choices are cleared. */
export async function clearOtherWriteCalendars(db: DB, userId: string, keepId: string): Promise<void> {
  await db.updateTable('calendarConnections').set({ writeCalendar: null }).where('userId', '=', userId).where('id', '!=', keepId).where('writeCalendar', 'is not', null).execute();
}

export async function deleteConnectionRow(db: DB, id: string): Promise<void> {
  await db.deleteFrom('calendarBusy').where('connectionId', '=', id).execute();
  await db.deleteFrom('calendarConnections').where('id', '=', id).execute();
}

/** Replaces a connection's busy rows; intervals longer than a week are stored in week-long pieces. */
export async function replaceBusy(db: DB, connectionId: string, userId: string, intervals: readonly { start: number; end: number }[]): Promise<void> {
  await db.deleteFrom('calendarBusy').where('connectionId', '=', connectionId).execute();
  const rows: Insertable<Database['calendarBusy']>[] = [];
  for (const { start, end } of intervals) {
    for (let from = start; from < end; from += WEEK_MS) {
      rows.push({ connectionId, userId, startsAt: new Date(from).toISOString(), endsAt: new Date(Math.min(end, from + WEEK_MS)).toISOString() });
    }
  }
  for (let index = 0; index < rows.length; index += 500) {
    await db.insertInto('calendarBusy').values(rows.slice(index, index + 500)).execute();
  }
}

/** Busy rows of `userIds` that meet [from, to) (a row starts at most a week before it ends). */
export function busyRowsOf(db: DB, userIds: readonly string[], from: string, to: string): Promise<{ userId: string; startsAt: string; endsAt: string }[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('calendarBusy')
    .select(['userId', 'startsAt', 'endsAt'])
    .where('userId', 'in', [...userIds])
    .where('startsAt', '>=', new Date(Date.parse(from) - WEEK_MS).toISOString())
    .where('startsAt', '<', to)
    .where('endsAt', '>', from)
    .execute();
}

export interface ConnectionHealth {
  id: string;
  userId: string;
  lastOkAt: string | null;
  error: string | null;
  createdAt: string;
}

/** The health of every connection of `userIds`: whether their busy times can be trusted. */
export function healthOf(db: DB, userIds: readonly string[]): Promise<ConnectionHealth[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('calendarConnections').select(['id', 'userId', 'lastOkAt', 'error', 'createdAt']).where('userId', 'in', [...userIds]).execute();
}

/** Connections of `userIds` with busy calendars, for a fresh read before a booking. */
export function connectionsOfUsers(db: DB, userIds: readonly string[]): Promise<CalendarConnectionRow[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('calendarConnections').selectAll().where('userId', 'in', [...userIds]).execute();
}

export function dueConnectionIds(db: DB, nowIso: string, limit: number): Promise<{ id: string }[]> {
  return db.selectFrom('calendarConnections').select('id').where('nextRefreshAt', '<=', nowIso).orderBy('nextRefreshAt').limit(limit).execute();
}

/**
 * Takes the refresh of connection `id` until `leaseUntil` when nobody holds it (a lease that ran
 * out, a crashed instance's, counts as free): true for the one caller that set it. `onlyIfDue`
 * (the scheduler): only while it is still due, so an instance that saw it due just before another
 * finished refreshing it (lease released, next refresh set) does not read it a second time.
 */
export async function leaseConnection(db: DB, id: string, nowIso: string, leaseUntil: string, onlyIfDue = false): Promise<boolean> {
  let query = db
    .updateTable('calendarConnections')
    .set({ leaseUntil })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', nowIso)]));
  if (onlyIfDue) query = query.where('nextRefreshAt', '<=', nowIso);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The longest horizon among the active types `userId` takes (null: none). */
export async function longestHorizonOf(db: DB, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('consultationTypeStaff')
    .innerJoin('consultationTypes', 'consultationTypes.id', 'consultationTypeStaff.typeId')
    .select((eb) => eb.fn.max('consultationTypes.horizonDays').as('horizon'))
    .where('consultationTypeStaff.userId', '=', userId)
    .executeTakeFirst();
  return row?.horizon === null || row?.horizon === undefined ? null : Number(row.horizon);
}

/** The connection a consultant's consultations are written to, if they chose one. */
export function writeTargetOf(db: DB, userId: string): Promise<CalendarConnectionRow | undefined> {
  return db.selectFrom('calendarConnections').selectAll().where('userId', '=', userId).where('writeCalendar', 'is not', null).orderBy('createdAt').executeTakeFirst();
}

export async function insertWrite(db: DB, values: Omit<Insertable<Database['calendarWrites']>, 'id'>): Promise<void> {
  const now = new Date().toISOString();
  await db.insertInto('calendarWrites').values({ id: newId(), createdAt: now, updatedAt: now, nextAttemptAt: now, ...values }).execute();
}

/** A newer change of a consultation makes its waiting writes moot: they are dropped. */
export async function dropPendingWrites(db: DB, consultationId: string): Promise<void> {
  await db.deleteFrom('calendarWrites').where('consultationId', '=', consultationId).where('status', '=', 'pending').execute();
}

/** Where a consultation's event was put (and not deleted since): the object addresses and their connections. */
export async function writtenObjectsOf(db: DB, consultationId: string): Promise<{ objectUrl: string; connectionId: string | null }[]> {
  const rows = await db
    .selectFrom('calendarWrites')
    .select(['objectUrl', 'connectionId', 'action', 'status'])
    .where('consultationId', '=', consultationId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const live = new Map<string, string | null>();
  for (const row of rows) {
    if (row.action === 'put' && row.status !== 'failed') live.set(row.objectUrl, row.connectionId);
    if (row.action === 'delete' && row.status === 'done') live.delete(row.objectUrl);
  }
  return [...live.entries()].map(([objectUrl, connectionId]) => ({ objectUrl, connectionId }));
}

export function dueWrites(db: DB, nowIso: string, limit: number): Promise<CalendarWriteRow[]> {
  return db.selectFrom('calendarWrites').selectAll().where('status', '=', 'pending').where('nextAttemptAt', '<=', nowIso).orderBy('nextAttemptAt').orderBy('createdAt').limit(limit).execute();
}

/** Takes a due write by moving its next attempt to `leaseUntil`: true for the one caller that did. */
export async function leaseWrite(db: DB, id: string, expectedNextAttemptAt: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('calendarWrites')
    .set({ nextAttemptAt: leaseUntil })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('nextAttemptAt', '=', expectedNextAttemptAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishWrite(db: DB, id: string, values: { status: CalendarWriteStatus; attempts: number; nextAttemptAt: string; lastError: string | null }): Promise<void> {
  await db
    .updateTable('calendarWrites')
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/** The latest write of each consultation in `ids`: what its row in the back office shows. */
export async function latestWritesOf(db: DB, ids: readonly string[]): Promise<Map<string, Pick<CalendarWriteRow, 'action' | 'status' | 'attempts' | 'lastError'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('calendarWrites')
    .select(['consultationId', 'action', 'status', 'attempts', 'lastError', 'createdAt', 'id'])
    .where('consultationId', 'in', [...ids])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return new Map(rows.map((row) => [row.consultationId, { action: row.action, status: row.status, attempts: row.attempts, lastError: row.lastError }]));
}

/** The admins who receive system alerts, and the connection's owner: who hears that it fails. */
export function failureRecipients(db: DB, userId: string): Promise<{ id: string; name: string; email: string; language: string }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'language'])
    .where((eb) => eb.or([eb('id', '=', userId), eb.and([eb('role', '=', 'admin'), eb('notifySystemAlerts', '=', 1), eb('notifyEmail', '=', 1)])]))
    .orderBy('id')
    .execute();
}
