// The audit log's rows: one insert, and the admin list (newest first, filtered, paged on the server).
import type { z } from 'zod';
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '@db/database';
import type { Database } from '@db/schema';
import type { AuditLogRow } from '@db/schema';
import { type Params, preparedQuery } from '@db/prepared';
import { newId } from '@server/core/ids';
import type { auditListInput } from './audit.schemas';
import type { Page } from '@server/shared/common.schemas';
import { matchesAny } from '@db/text-search';

export type AuditListFilter = z.output<typeof auditListInput>;

/**
 * An audit entry as the audit log shows it: the whole row, the actor's name (the snapshot, else the
 * account's name now) and `targetName`, the name of the record it is about as that record is named
 * now (null when the kind of record has no name, or the record is gone: its id stays).
 */
export type AuditItem = AuditLogRow & { targetName: string | null };

export type NewAuditRow = Omit<AuditLogRow, 'id' | 'createdAt'> & { createdAt?: string };

/** Every staff change writes one: prepared once (db/prepared.ts). */
const insertAuditQuery = preparedQuery((db, row: Params<AuditLogRow>) =>
  db.insertInto('auditLog').values({
    id: row.id,
    createdAt: row.createdAt,
    userId: row.userId,
    actorName: row.actorName,
    actorEmail: row.actorEmail,
    ip: row.ip,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    summary: row.summary,
  }),
);

export async function insertAuditRow(db: DB, row: NewAuditRow): Promise<void> {
  await insertAuditQuery.all(db, { ...row, id: newId(), createdAt: row.createdAt ?? new Date().toISOString() });
}

/** Totals above this are reported as this number with totalCapped true (500 pages of 20). */
export const AUDIT_COUNT_CAP = 10_000;

export async function listAudit(db: DB, filter: AuditListFilter): Promise<Page<AuditItem> & { totalCapped: boolean }> {
  let filtered = db.selectFrom('auditLog');
  if (filter.userId !== undefined) filtered = filtered.where('auditLog.userId', '=', filter.userId);
  if (filter.entity !== undefined) filtered = filtered.where('auditLog.entity', '=', filter.entity);
  if (filter.from !== undefined) filtered = filtered.where('auditLog.createdAt', '>=', filter.from);
  if (filter.to !== undefined) filtered = filtered.where('auditLog.createdAt', '<', filter.to);
  if (filter.search !== undefined) {
    filtered = filtered.where(
      matchesAny(
        db,
        ['auditLog.summary', 'auditLog.actorName', 'auditLog.actorEmail', 'auditLog.ip', 'auditLog.entityId'],
        filter.search,
      ),
    );
  }
  // Deferred join: the page's ids come from an index ending in (created_at, id) alone, so a deep
  // page skips index entries, not table rows; only the page's rows are then read.
  const pageIds = filtered
    .select('auditLog.id')
    .orderBy('auditLog.createdAt', 'desc')
    .orderBy('auditLog.id', 'desc')
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [items, count] = await Promise.all([
    pageRowsWithNames(db, pageIds),
    // The total counts at most AUDIT_COUNT_CAP + 1 index entries: COUNT(*) over a million rows
    // costs far more than the page itself. Past the cap the answer says so (totalCapped).
    db
      .selectFrom(filtered.select('auditLog.id').limit(AUDIT_COUNT_CAP + 1).as('capped'))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Math.min(Number(count.total), AUDIT_COUNT_CAP);
  return { items, total, totalCapped: Number(count.total) > AUDIT_COUNT_CAP };
}

/**
 * The page's rows with the names of their actors and records, in one query: each kind of record is
 * a left join on its primary key, taken only when the row is about that kind (at most a page of
 * rows, so a few index look-ups each, never one query per row).
 */
function pageRowsWithNames(db: DB, pageIds: SelectQueryBuilder<Database, 'auditLog', { id: string }>): Promise<AuditItem[]> {
  return db
    .selectFrom('auditLog')
    .leftJoin('users as actor', 'actor.id', 'auditLog.userId')
    .leftJoin('users as targetUser', (join) =>
      join.onRef('targetUser.id', '=', 'auditLog.entityId').on('auditLog.entity', 'in', ['user', 'account', 'availability']),
    )
    .leftJoin('events as targetEvent', (join) => join.onRef('targetEvent.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'event'))
    .leftJoin('eventSessions as targetSession', (join) =>
      join.onRef('targetSession.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'session'),
    )
    .leftJoin('timeSlots as targetSlot', (join) => join.onRef('targetSlot.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'time-slot'))
    .leftJoin('eventSessions as slotSession', 'slotSession.id', 'targetSlot.sessionId')
    .leftJoin('delegates as targetDelegate', (join) =>
      join.onRef('targetDelegate.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'delegate'),
    )
    .leftJoin('bookings as targetBooking', (join) => join.onRef('targetBooking.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'booking'))
    .leftJoin('contactForms as targetContact', (join) =>
      join.onRef('targetContact.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'contact'),
    )
    .leftJoin('consultationTypes as targetType', (join) =>
      join.onRef('targetType.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'consultation-type'),
    )
    .leftJoin('consultations as targetConsultation', (join) =>
      join.onRef('targetConsultation.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'consultation'),
    )
    .leftJoin('calendarConnections as targetCalendar', (join) =>
      join.onRef('targetCalendar.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'calendar-connection'),
    )
    .leftJoin('apiTokens as targetToken', (join) => join.onRef('targetToken.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'api-token'))
    .leftJoin('emailOutbox as targetEmail', (join) => join.onRef('targetEmail.id', '=', 'auditLog.entityId').on('auditLog.entity', '=', 'email'))
    .where('auditLog.id', 'in', pageIds)
    .selectAll('auditLog')
    .select((eb) => [
      eb.fn.coalesce('auditLog.actorName', 'actor.name').as('actorName'),
      // Kysely's coalesce takes at most five arguments: nested, it is still one COALESCE chain.
      eb.fn
        .coalesce(
          'targetUser.name',
          'targetEvent.title',
          'targetSession.title',
          'slotSession.title',
          eb.fn.coalesce(
            'targetDelegate.name',
            'targetBooking.participantName',
            'targetContact.name',
            'targetType.title',
            eb.fn.coalesce('targetConsultation.visitorName', 'targetCalendar.name', 'targetToken.name', 'targetEmail.subject'),
          ),
        )
        .as('targetName'),
    ])
    .orderBy('auditLog.createdAt', 'desc')
    .orderBy('auditLog.id', 'desc')
    .execute();
}

/**
 * The client addresses that failed to sign in as `email` since `since`, most recent first (at most
 * `limit`): read through the (entity, created_at) index, so only the last hour's account rows.
 */
export async function failedSignInAddresses(db: DB, email: string, since: string, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select('ip')
    .where('entity', '=', 'account')
    .where('createdAt', '>=', since)
    .where('action', '=', 'sign-in-failed')
    .where((eb) => eb(eb.fn('lower', ['actorEmail']), '=', email.toLowerCase()))
    .groupBy('ip')
    .orderBy((eb) => eb.fn.max('createdAt'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.ip).filter((ip): ip is string => ip !== null);
}

/**
 * The client addresses `userId` signed in from since `since`, most recent first (at most `limit`):
 * read through the (user_id, entity, created_at) index.
 */
export async function signInAddresses(db: DB, userId: string, since: string, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom('auditLog')
    .select('ip')
    .where('userId', '=', userId)
    .where('entity', '=', 'account')
    .where('createdAt', '>=', since)
    .where('action', '=', 'sign-in')
    .groupBy('ip')
    .orderBy((eb) => eb.fn.max('createdAt'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.ip).filter((ip): ip is string => ip !== null);
}
