// Vouchers: admins make, change and delete them (each change audited); a visitor's code is checked
// on the server, when the form asks (check) and again in the booking's transaction (redeem), where
// its use is taken by one conditional update of the voucher's row. A cancelled booking does not give
// its use back (as pretix does by default): a voucher of 3 uses is 3 bookings made with it, and an
// admin who wants to allow another raises its number of uses.
import type { z } from 'zod';
import type { DB } from '@db/database';
import type { VoucherRow } from '@db/schema';
import { ConflictError, InvalidInputError, NotFoundError, conflictOnField, invalidField } from '@server/core/errors';
import { newId } from '@server/core/ids';
import type { AuditContext, ServiceContext } from '@server/core/service-context';
import { actorOf, recordAudit } from '@server/audit/audit.service';
import { getSystemSettings } from '@server/settings/settings.repository';
import type { Page } from '@server/shared/common.schemas';
import type { Said } from '@server/shared/i18n/message';
import { basisPointsToPercent, formatMoney, percentToBasisPoints } from '@server/shared/money';
import { utcToZonedParts } from '@server/shared/time';
import {
  countEvents,
  deleteUnusedVoucherRow,
  findVoucherByCodeKey,
  findVoucherRow,
  insertVoucherRow,
  listVoucherRows,
  setVoucherEvents,
  takeVoucherUse,
  updateVoucherRow,
  type VoucherValues,
  type VoucherWithEvents,
  voucherNamesEvent,
} from './vouchers.repository';
import {
  type checkVoucherInput,
  type createVoucherInput,
  type deleteVoucherInput,
  type updateVoucherInput,
  type VoucherCheck,
  type VoucherDiscount,
  voucherCodeKey,
  type voucherListInput,
} from './vouchers.schemas';
import { findSlotContext } from '@server/bookings/bookings.repository';

export interface VoucherDto {
  id: string;
  code: string;
  kind: 'percent' | 'amount';
  percent: number | null;
  amountMinor: number | null;
  currency: string | null;
  validFrom: string | null;
  validUntil: string | null;
  maxUses: number | null;
  usedCount: number;
  appliesTo: 'all' | 'events';
  eventIds: string[];
  createdAt: string;
  updatedAt: string;
}

function toDto(row: VoucherWithEvents): VoucherDto {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percentBasisPoints === null ? null : basisPointsToPercent(row.percentBasisPoints),
    amountMinor: row.amountMinor,
    currency: row.currency,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    maxUses: row.maxUses,
    usedCount: row.usedCount,
    appliesTo: row.appliesTo,
    eventIds: row.eventIds,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listVouchers(ctx: Pick<ServiceContext, 'db'>, input: z.output<typeof voucherListInput>): Promise<Page<VoucherDto>> {
  const page = await listVoucherRows(ctx.db, input);
  return { items: page.items.map(toDto), total: page.total };
}

type VoucherInput = z.output<typeof createVoucherInput>;

/** The row's values from the form; an amount voucher is in the site's currency as it is now. */
async function valuesOf(db: DB, input: VoucherInput): Promise<VoucherValues> {
  const eventIds = input.appliesTo === 'events' ? [...new Set(input.eventIds)] : [];
  if ((await countEvents(db, eventIds)) !== eventIds.length) throw invalidField('eventIds', 'api.vouchers.eventUnknown');
  const percent = input.kind === 'percent' ? (input.percent ?? null) : null;
  const amountMinor = input.kind === 'amount' ? (input.amountMinor ?? null) : null;
  return {
    code: input.code,
    codeKey: voucherCodeKey(input.code),
    kind: input.kind,
    percentBasisPoints: percent === null ? null : percentToBasisPoints(percent),
    amountMinor,
    currency: amountMinor === null ? null : (await getSystemSettings(db)).currency,
    validFrom: input.validFrom ?? null,
    validUntil: input.validUntil ?? null,
    maxUses: input.maxUses ?? null,
    appliesTo: input.appliesTo,
  };
}

function eventIdsOf(input: VoucherInput): string[] {
  return input.appliesTo === 'events' ? [...new Set(input.eventIds)] : [];
}

/** What the audit row says of a voucher: its code and what it takes off. */
function describe(values: VoucherValues): string {
  const off = values.percentBasisPoints !== null ? `${basisPointsToPercent(values.percentBasisPoints)}%` : formatMoney(values.amountMinor ?? 0, values.currency ?? 'EUR', 'en');
  const uses = values.maxUses === null ? 'unlimited uses' : `${values.maxUses} uses`;
  return `${values.code}: ${off} off, ${uses}`;
}

/** The unique index on code_key: what slips past the check (two admins saving the same code at once). */
function isCodeTaken(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  if (error.code === '23505') return true;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' && error.message.includes('vouchers.code_key');
}

async function refuseTakenCode(db: DB, codeKey: string, ownId?: string): Promise<void> {
  const holder = await findVoucherByCodeKey(db, codeKey);
  if (holder !== undefined && holder.id !== ownId) throw conflictOnField('code', 'api.vouchers.codeTaken');
}

async function codeUnique<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (isCodeTaken(error)) throw conflictOnField('code', 'api.vouchers.codeTaken');
    throw error;
  }
}

export async function createVoucher(ctx: AuditContext, input: VoucherInput): Promise<VoucherDto> {
  const id = newId();
  await codeUnique(() =>
    ctx.db.transaction().execute(async (trx) => {
      const values = await valuesOf(trx, input);
      await refuseTakenCode(trx, values.codeKey);
      await insertVoucherRow(trx, id, values);
      await setVoucherEvents(trx, id, eventIdsOf(input));
      await recordAudit(trx, actorOf(ctx), { action: 'create', entity: 'voucher', entityId: id, summary: describe(values) });
    }),
  );
  return requireDto(ctx.db, id);
}

async function requireDto(db: DB, id: string): Promise<VoucherDto> {
  const row = await findVoucherRow(db, id);
  if (row === undefined) throw new NotFoundError('api.vouchers.notFound');
  return toDto(row);
}

export async function updateVoucher(ctx: AuditContext, { id, ...input }: z.output<typeof updateVoucherInput>): Promise<VoucherDto> {
  await codeUnique(() =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await findVoucherRow(trx, id);
      if (current === undefined) throw new NotFoundError('api.vouchers.notFound');
      const values = await valuesOf(trx, input);
      if (values.maxUses !== null && values.maxUses < current.usedCount) throw invalidField('maxUses', 'api.vouchers.usesBelowUsed');
      await refuseTakenCode(trx, values.codeKey, id);
      if (!(await updateVoucherRow(trx, id, values, new Date().toISOString()))) throw new NotFoundError('api.vouchers.notFound');
      await setVoucherEvents(trx, id, eventIdsOf(input));
      await recordAudit(trx, actorOf(ctx), { action: 'update', entity: 'voucher', entityId: id, summary: describe(values) });
    }),
  );
  return requireDto(ctx.db, id);
}

/** A used voucher stays (its bookings and invoices name it): set its last day to end it instead. */
export async function deleteVoucher(ctx: AuditContext, { id }: z.output<typeof deleteVoucherInput>): Promise<{ id: string }> {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findVoucherRow(trx, id);
    if (current === undefined) throw new NotFoundError('api.vouchers.notFound');
    if (!(await deleteUnusedVoucherRow(trx, id))) throw new ConflictError('api.vouchers.used');
    await recordAudit(trx, actorOf(ctx), { action: 'delete', entity: 'voucher', entityId: id, summary: current.code });
  });
  return { id };
}

/** Why a code cannot be used, as the booking form's voucher field says it. */
function refused(key: Said): InvalidInputError {
  return new InvalidInputError('message.voucherRefused', { fields: { voucherCode: key } });
}

/** A slot's paid session, as a voucher is checked against it. */
export interface VoucherSlot {
  eventId: string;
  priceCurrency: string | null;
}

/**
 * The voucher `code` names, if a booking of `slot` may use it at `now`: known, within its days (the
 * site's time zone), with a use left, valid for the event and, for an amount, in the session's
 * currency. Otherwise the field's message says which.
 */
async function usableVoucher(db: DB, code: string, slot: VoucherSlot, now: Date): Promise<VoucherRow> {
  const voucher = await findVoucherByCodeKey(db, voucherCodeKey(code));
  if (voucher === undefined) throw refused('message.voucherUnknown');
  const { timezone } = await getSystemSettings(db);
  const today = utcToZonedParts(now.toISOString(), timezone).date;
  if (voucher.validFrom !== null && today < voucher.validFrom) throw refused('message.voucherNotYetValid');
  if (voucher.validUntil !== null && today > voucher.validUntil) throw refused('message.voucherExpired');
  if (voucher.maxUses !== null && voucher.usedCount >= voucher.maxUses) throw refused('message.voucherUsedUp');
  const forEvent = voucher.appliesTo === 'all' || (await voucherNamesEvent(db, voucher.id, slot.eventId));
  const sameCurrency = voucher.kind === 'percent' || voucher.currency === slot.priceCurrency;
  if (slot.priceCurrency === null || !forEvent || !sameCurrency) throw refused('message.voucherNotForEvent');
  return voucher;
}

function discountOf(voucher: VoucherRow): VoucherDiscount {
  if (voucher.kind === 'percent') return { kind: 'percent', percent: basisPointsToPercent(voucher.percentBasisPoints ?? 0) };
  return { kind: 'amount', amountMinor: voucher.amountMinor ?? 0 };
}

/** The public booking form asks what a code takes off before the visitor books (nothing is used). */
export async function checkVoucher(ctx: Pick<ServiceContext, 'db'>, input: z.output<typeof checkVoucherInput>): Promise<VoucherCheck> {
  const slot = await findSlotContext(ctx.db, input.timeSlotId);
  if (slot === undefined) throw new NotFoundError('message.slotUnavailable');
  const voucher = await usableVoucher(ctx.db, input.code, slot, new Date());
  return { code: voucher.code, discount: discountOf(voucher) };
}

export interface RedeemedVoucher {
  voucherId: string;
  /** The code as the admin wrote it (the invoice's discount line names it). */
  code: string;
  discount: VoucherDiscount;
}

/**
 * Uses the voucher `code` for a booking of `slot`, inside the booking's transaction `trx`: checked
 * as above, then one use taken by a conditional update. When racing bookings took the last use
 * between the check and the update, the update changes nothing and this booking is refused.
 */
export async function redeemVoucher(trx: DB, code: string, slot: VoucherSlot, now: Date): Promise<RedeemedVoucher> {
  const voucher = await usableVoucher(trx, code, slot, now);
  if (!(await takeVoucherUse(trx, voucher.id))) throw refused('message.voucherUsedUp');
  return { voucherId: voucher.id, code: voucher.code, discount: discountOf(voucher) };
}
