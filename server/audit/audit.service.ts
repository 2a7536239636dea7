// The one way to write the audit log. Every staff change calls `recordAudit(trx, actor, entry)`
// inside the transaction of the change, so a change and its row are stored together or not at all;
// sign-in, failed sign-in and sign-out are recorded by services/auth.
//
//   await db.transaction().execute(async (trx) => {
//     const event = await insertEvent(trx, values);
//     await recordAudit(trx, actor, { action: 'create', entity: 'event', entityId: event.id, summary: event.title });
//   });
//
// Summaries name what changed in a few words ("title, location", "status pending -> confirmed");
// they never carry a password, token or secret: pass field names, not values, for those.
import type { DB } from '@db/database';
import type { AuthUser } from '@server/identity/session.service';
import { insertAuditRow, listAudit as listAuditRows } from './audit.repository';
import { plainRead } from '@server/core/service-context';
import type { AuditAction, AuditEntity } from './audit.schemas';

export type { AuditAction, AuditEntity };

/** Who acted and from where; names are snapshots so a later rename does not rewrite history. */
export interface AuditActor {
  userId: string | null;
  name: string | null;
  email: string | null;
  ip: string;
}

export interface AuditEntry {
  action: AuditAction;
  entity: AuditEntity;
  entityId?: string | null;
  summary: string;
}

/** The longest summary kept; a summary is a few words, never a record's content. */
export const SUMMARY_MAX = 500;

/**
 * The caller of a request (the tRPC context and every service context have both): the signed-in
 * account and its address; a script names itself with `actorName` (server/core/service-context.ts).
 */
export function actorOf(caller: { user: Pick<AuthUser, 'id' | 'name' | 'email'> | null; ip: string; actorName?: string }): AuditActor {
  return {
    userId: caller.user?.id ?? null,
    name: caller.user?.name ?? caller.actorName ?? null,
    email: caller.user?.email ?? null,
    ip: caller.ip,
  };
}

/** Writes one audit row. Pass the transaction of the change (`trx`), never the outer db. */
export async function recordAudit(trx: DB, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const summary = entry.summary.length > SUMMARY_MAX ? `${entry.summary.slice(0, SUMMARY_MAX - 3)}...` : entry.summary;
  await insertAuditRow(trx, {
    userId: actor.userId,
    actorName: actor.name,
    actorEmail: actor.email,
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    summary,
  });
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The labels of the fields that differ between `before` and `after`, e.g. "title, location", or
 * "no changes". Only the labelled fields are compared, and only their names are written: safe for
 * secrets (label a password field and the summary says it changed, never what it is).
 */
export function changedFields<T extends object>(before: T, after: T, labels: Partial<Record<keyof T, string>>): string {
  const changed = (Object.keys(labels) as (keyof T)[])
    .filter((key) => !same(before[key], after[key]))
    .map((key) => labels[key] as string);
  return changed.length === 0 ? 'no changes' : changed.join(', ');
}

/** "status pending -> confirmed". */
export function statusChange(from: string, to: string, field = 'status'): string {
  return `${field} ${from} -> ${to}`;
}

// Reads with no rule of their own: the router reaches them through this service, as it does every
// change, so routers never touch the database layer themselves.
export const listAudit = plainRead(listAuditRows);
