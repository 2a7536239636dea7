// Vouchers: the admin procedures' inputs, the visitor's check, and the discount rule itself, shared
// with the client (the booking form shows the discounted total the server will charge; the
// Vouchers section validates with the same schemas). Zod and pure functions only.
import { z } from 'zod';
import { idInput } from '@server/shared/common.schemas';
import { keyed } from '@server/shared/i18n/schema-messages';
import { percentOf, type PriceBreakdown, priceBreakdown } from '@server/shared/money';
import type { VoucherKind } from '@db/schema';

/** A code as people type it: letters, digits, '-' and '_', compared without regard to case. */
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const VOUCHER_CODE_MAX = 32;

const CODE_REQUIRED = keyed('api.vouchers.codeRequired', 'Code is required');
const CODE_SHAPE = keyed('api.vouchers.codeShape', 'Use 3 to 32 letters, digits, - or _');
const PERCENT_RANGE = keyed('api.vouchers.percentRange', 'Enter a percentage between 0.01 and 100');
const AMOUNT_RANGE = keyed('api.vouchers.amountRange', 'Enter an amount above zero');
const DAY_INVALID = keyed('message.dateInvalid', 'Please enter a date as YYYY-MM-DD');
const USES_RANGE = keyed('api.vouchers.usesRange', 'Enter a whole number of uses, at least 1');
const EVENTS_REQUIRED = keyed('api.vouchers.eventsRequired', 'Choose at least one event for this voucher');
const UNTIL_BEFORE_FROM = keyed('api.vouchers.untilBeforeFrom', 'The last day must be on or after the first day');

/** The key a code is stored and looked up by: case does not matter. */
export function voucherCodeKey(code: string): string {
  return code.trim().toUpperCase();
}

const code = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, CODE_REQUIRED)
  .refine((value) => value.length >= 3 && value.length <= VOUCHER_CODE_MAX && CODE_PATTERN.test(value), CODE_SHAPE);

const day = z
  .string({ error: DAY_INVALID })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_INVALID)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), DAY_INVALID);

const voucherFields = z.object({
  code,
  kind: z.enum(['percent', 'amount'] satisfies VoucherKind[]),
  /** Percent vouchers: 0.01 to 100. */
  percent: z.number({ error: PERCENT_RANGE }).min(0.01, PERCENT_RANGE).max(100, PERCENT_RANGE).nullish(),
  /** Amount vouchers: minor units of the site's currency. */
  amountMinor: z.number({ error: AMOUNT_RANGE }).int(AMOUNT_RANGE).min(1, AMOUNT_RANGE).max(1_000_000_000, AMOUNT_RANGE).nullish(),
  /** The first and last day it may be used (the site's time zone); null: open on that side. */
  validFrom: day.nullish(),
  validUntil: day.nullish(),
  /** Null: any number of uses. */
  maxUses: z.number({ error: USES_RANGE }).int(USES_RANGE).min(1, USES_RANGE).max(1_000_000, USES_RANGE).nullish(),
  /** 'all': every paid session; 'events': those of `eventIds`. */
  appliesTo: z.enum(['all', 'events']).default('all'),
  eventIds: z.array(idInput).max(200).default([]),
});

type VoucherFields = z.output<typeof voucherFields>;

/** The field rules across fields: the value its kind needs, the events it names, days in order. */
function checkAcross(input: VoucherFields, context: z.RefinementCtx): void {
  if (input.kind === 'percent' && (input.percent ?? null) === null) context.addIssue({ code: 'custom', path: ['percent'], message: PERCENT_RANGE });
  if (input.kind === 'amount' && (input.amountMinor ?? null) === null) context.addIssue({ code: 'custom', path: ['amountMinor'], message: AMOUNT_RANGE });
  if (input.appliesTo === 'events' && input.eventIds.length === 0) context.addIssue({ code: 'custom', path: ['eventIds'], message: EVENTS_REQUIRED });
  if (input.validFrom !== null && input.validFrom !== undefined && input.validUntil !== null && input.validUntil !== undefined && input.validUntil < input.validFrom) {
    context.addIssue({ code: 'custom', path: ['validUntil'], message: UNTIL_BEFORE_FROM });
  }
}

export const createVoucherInput = voucherFields.superRefine(checkAcross);
export const updateVoucherInput = voucherFields.extend({ id: idInput }).superRefine(checkAcross);
export const deleteVoucherInput = z.object({ id: idInput });
export const voucherListInput = z.object({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

/** The visitor asks what a code takes off a seat of this slot, before booking. */
export const checkVoucherInput = z.object({
  timeSlotId: z.string().trim().min(1).max(64),
  code: z.string({ error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(64),
});

/** What a voucher takes off: a percentage (of the seats' line) or an amount (once per booking). */
export type VoucherDiscount = { kind: 'percent'; percent: number } | { kind: 'amount'; amountMinor: number };

/** A booking's charge with a voucher: the discount in minor units, then net + tax = gross as ever. */
export interface DiscountedBreakdown extends PriceBreakdown {
  /** The line before the discount, in the way prices are entered (net, or including tax). */
  lineMinor: number;
  discountMinor: number;
}

/**
 * What `seats` seats cost with `discount` off: the discount is taken from the line in the way
 * prices are entered (the gross when they include tax, else the net), never below zero, and tax is
 * then computed once on what is left, so the invoice (the line, then a negative discount line at the
 * same rate) rounds to exactly the same amounts.
 */
export function discountedBreakdown(
  price: { amountMinor: number; taxRatePercent: number },
  seats: number,
  pricesIncludeTax: boolean,
  discount: VoucherDiscount | null,
): DiscountedBreakdown {
  const lineMinor = price.amountMinor * seats;
  const off = discount === null ? 0 : discount.kind === 'percent' ? percentOf(lineMinor, discount.percent) : discount.amountMinor;
  const discountMinor = Math.min(off, lineMinor);
  const charged = priceBreakdown({ amountMinor: lineMinor - discountMinor, taxRatePercent: price.taxRatePercent }, 1, pricesIncludeTax);
  return { ...charged, lineMinor, discountMinor };
}

/** The voucher as the booking form shows it after a check. */
export interface VoucherCheck {
  code: string;
  discount: VoucherDiscount;
}
