// Vouchers' rows: the admin list (with each voucher's events in one more query, not one per row),
// the lookup by code, the events a voucher names, and the one conditional update that uses it.
import type { DB } from '@db/database';
import type { VoucherRow } from '@db/schema';
import type { Page } from '@server/shared/common.schemas';

export type VoucherValues = Omit<VoucherRow, 'id' | 'usedCount' | 'createdAt' | 'updatedAt'>;

export interface VoucherWithEvents extends VoucherRow {
  eventIds: string[];
}

async function withEvents(db: DB, rows: VoucherRow[]): Promise<VoucherWithEvents[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('voucherEvents')
    .select(['voucherId', 'eventId'])
    .where('voucherId', 'in', rows.map((row) => row.id))
    .orderBy('eventId')
    .execute();
  return rows.map((row) => ({ ...row, eventIds: links.filter((link) => link.voucherId === row.id).map((link) => link.eventId) }));
}

export async function listVoucherRows(db: DB, page: { page: number; pageSize: number }): Promise<Page<VoucherWithEvents>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('vouchers')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    db.selectFrom('vouchers').select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: await withEvents(db, rows), total: Number(count.total) };
}

export async function findVoucherRow(db: DB, id: string): Promise<VoucherWithEvents | undefined> {
  const row = await db.selectFrom('vouchers').selectAll().where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : (await withEvents(db, [row]))[0];
}

export async function findVoucherByCodeKey(db: DB, codeKey: string): Promise<VoucherRow | undefined> {
  return db.selectFrom('vouchers').selectAll().where('codeKey', '=', codeKey).executeTakeFirst();
}

export async function voucherNamesEvent(db: DB, voucherId: string, eventId: string): Promise<boolean> {
  const row = await db.selectFrom('voucherEvents').select('eventId').where('voucherId', '=', voucherId).where('eventId', '=', eventId).executeTakeFirst();
  return row !== undefined;
}

/** How many of `ids` are events that exist. */
export async function countEvents(db: DB, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const row = await db.selectFrom('events').select((eb) => eb.fn.countAll<number>().as('total')).where('id', 'in', [...ids]).executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertVoucherRow(db: DB, id: string, values: VoucherValues): Promise<void> {
  await db.insertInto('vouchers').values({ id, ...values }).execute();
}

export async function updateVoucherRow(db: DB, id: string, values: VoucherValues, updatedAt: string): Promise<boolean> {
  const result = await db.updateTable('vouchers').set({ ...values, updatedAt }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setVoucherEvents(db: DB, voucherId: string, eventIds: readonly string[]): Promise<void> {
  await db.deleteFrom('voucherEvents').where('voucherId', '=', voucherId).execute();
  if (eventIds.length > 0) await db.insertInto('voucherEvents').values(eventIds.map((eventId) => ({ voucherId, eventId }))).execute();
}

/** Deletes a voucher nobody has used; false when it is gone or has been used meanwhile. */
export async function deleteUnusedVoucherRow(db: DB, id: string): Promise<boolean> {
  const result = await db.deleteFrom('vouchers').where('id', '=', id).where('usedCount', '=', 0).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Takes one use of a voucher, in the caller's (the booking's) transaction: one conditional update,
 * so two bookings racing for the last use cannot both read "one left" and both write. False when
 * none is left.
 */
export async function takeVoucherUse(db: DB, id: string): Promise<boolean> {
  const result = await db
    .updateTable('vouchers')
    .set((eb) => ({ usedCount: eb('usedCount', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('maxUses', 'is', null), eb('usedCount', '<', eb.ref('maxUses'))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
