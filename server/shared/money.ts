// Money: amounts are whole numbers of the currency's minor unit (cents), never floats, from the
// form to the invoice. A tax rate is kept in hundredths of a percent (19% is 1900, 5.5% is 550), so
// every sum here is integer arithmetic and a total rounds once, the way the invoice shows it.
// Pure: the booking form, the back office and the server share it.

/** A session's price as the API gives and takes it; null is a free session. */
export interface Price {
  /** Per seat, in minor units of `currency`. */
  amountMinor: number;
  /** ISO 4217 ('EUR'). */
  currency: string;
  /** 0 to 100, at most two decimals (19, 5.5, 7.7). */
  taxRatePercent: number;
}

/** What a number of seats costs: net + tax = gross, each in minor units. */
export interface PriceBreakdown {
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

const BASIS_POINTS_PER_PERCENT = 100;
const WHOLE = 10_000;

/** 19 -> 1900, 5.5 -> 550: rounded, so 7.7 (7.7000000000000002 * 100) is 770. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * BASIS_POINTS_PER_PERCENT);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / BASIS_POINTS_PER_PERCENT;
}

/** Whether the runtime knows `code` as an ISO 4217 currency. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/** The currency's minor-unit digits: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Half away from zero on a quotient of whole numbers, without a float's error (amounts are >= 0). */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `percent` (at most two decimals) of an amount, rounded half up once: 10% of 1999 is 200. */
export function percentOf(amountMinor: number, percent: number): number {
  return divideRounded(amountMinor * percentToBasisPoints(percent), WHOLE);
}

/**
 * What `seats` seats cost at `amountMinor` each. Prices entered excluding tax: the net is the line's
 * amount and the tax is rounded once on it. Including tax: the gross is the line's amount and the
 * net is what is left after the rounded tax share. Either way net + tax = gross exactly.
 */
export function priceBreakdown(price: Pick<Price, 'amountMinor' | 'taxRatePercent'>, seats: number, pricesIncludeTax: boolean): PriceBreakdown {
  const line = price.amountMinor * seats;
  const rate = percentToBasisPoints(price.taxRatePercent);
  if (pricesIncludeTax) {
    const netMinor = divideRounded(line * WHOLE, WHOLE + rate);
    return { netMinor, taxMinor: line - netMinor, grossMinor: line };
  }
  const taxMinor = divideRounded(line * rate, WHOLE);
  return { netMinor: line, taxMinor, grossMinor: line + taxMinor };
}

const formats = new Map<string, Intl.NumberFormat>();

/** An amount as a person reads it in a language: '€1,190.00' ('1 190,00 €'), made once per locale and currency. */
export function formatMoney(amountMinor: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(amountMinor / 10 ** currencyDigits(currency));
}

/** An amount in minor units as the form's number field shows it in major units: 11900 -> 119. */
export function minorToMajor(amountMinor: number, currency: string): number {
  return amountMinor / 10 ** currencyDigits(currency);
}

/**
 * A number typed in major units to minor units, rounded half up to the currency's digits:
 * 119.5 -> 11950. Read from its decimal digits, as 1.005 * 100 is 100.49999999999999 in floats.
 */
export function majorToMinor(amount: number, currency: string): number {
  const digits = currencyDigits(currency);
  const written = String(amount);
  const decimal = /^(\d+)(?:\.(\d+))?$/.exec(written);
  if (decimal === null) return Math.round(amount * 10 ** digits);
  const fraction = (decimal[2] ?? '').padEnd(digits + 1, '0');
  const truncated = Number(`${decimal[1] ?? '0'}${fraction.slice(0, digits)}`);
  return Number(fraction.charAt(digits)) >= 5 ? truncated + 1 : truncated;
}
