// An invoice's amounts, computed once when it is issued and stored: each line's amount is quantity
// times unit price; tax is computed per rate on the sum of that rate's lines with priceBreakdown
// (server/shared/money.ts), so one line of 3 seats rounds exactly as the booking form showed it,
// and net + tax = gross holds for every rate and the whole. Whole minor units only, never floats.
import { basisPointsToPercent, percentToBasisPoints, priceBreakdown } from '@server/shared/money';

export interface LineAmountsInput {
  quantity: number;
  /** Per unit, net or including tax (as the invoice's amountsIncludeTax says). */
  unitPriceMinor: number;
  taxRatePercent: number;
}

export interface TaxPerRate {
  ratePercent: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

export interface InvoiceAmounts {
  /** Each line's quantity * unit price, in the lines' order. */
  lineAmounts: number[];
  /** One entry per rate, highest rate first. */
  taxes: TaxPerRate[];
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
}

export function invoiceAmounts(lines: readonly LineAmountsInput[], amountsIncludeTax: boolean): InvoiceAmounts {
  const lineAmounts = lines.map((line) => line.quantity * line.unitPriceMinor);
  const byRate = new Map<number, number>();
  lines.forEach((line, index) => {
    const rate = percentToBasisPoints(line.taxRatePercent);
    byRate.set(rate, (byRate.get(rate) ?? 0) + (lineAmounts[index] ?? 0));
  });
  const taxes = [...byRate.entries()]
    .sort(([a], [b]) => b - a)
    .map(([rate, amountMinor]) => {
      const ratePercent = basisPointsToPercent(rate);
      return { ratePercent, ...priceBreakdown({ amountMinor, taxRatePercent: ratePercent }, 1, amountsIncludeTax) };
    });
  const sum = (pick: (tax: TaxPerRate) => number) => taxes.reduce((total, tax) => total + pick(tax), 0);
  return { lineAmounts, taxes, netMinor: sum((t) => t.netMinor), taxMinor: sum((t) => t.taxMinor), grossMinor: sum((t) => t.grossMinor) };
}
