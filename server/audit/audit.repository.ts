// The audit log's rows: one insert, and the admin list (newest first, filtered, paged on the server).
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { AuditLogRow } from '@db/schema';
import { type Params, preparedQuery } from '@db/prepared';
import { newId } from '@server/core/ids';
import type { auditListInput } from './audit.schemas';
import type { Page } from '@server/shared/common.schemas';
import { matchesAny } from '@db/text-search';

export type AuditListFilter = z.output<typeof auditListInput>;

/** An audit entry as the audit log shows it: the whole row. */
export type AuditItem = AuditLogRow;

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
    db
      .selectFrom('auditLog')
      .where('auditLog.id', 'in', pageIds)
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute(),
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
