import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMoney, isCurrencyCode, majorToMinor, minorToMajor, percentToBasisPoints, priceBreakdown } from './money';

describe('priceBreakdown', () => {
  it('adds the tax once on the whole line when prices exclude it: 3 seats at 33.33 with 19% tax', () => {
    // 99.99 * 0.19 = 18.9981: rounded once on the line to 19.00, as the invoice shows it.
    expect(priceBreakdown({ amountMinor: 3333, taxRatePercent: 19 }, 3, false)).toEqual({ netMinor: 9999, taxMinor: 1900, grossMinor: 11899 });
  });

  it('takes the tax share out of the line when prices include it', () => {
    // 3 * 39.67 = 119.01 gross; net 119.01 / 1.19 = 100.0084 -> 100.01; tax the rest.
    expect(priceBreakdown({ amountMinor: 3967, taxRatePercent: 19 }, 3, true)).toEqual({ netMinor: 10001, taxMinor: 1900, grossMinor: 11901 });
  });

  it('rounds half a cent up, and keeps net + tax = gross for rates with decimals', () => {
    // 0.50 * 5% = 0.025 -> 0.03
    expect(priceBreakdown({ amountMinor: 50, taxRatePercent: 5 }, 1, false)).toEqual({ netMinor: 50, taxMinor: 3, grossMinor: 53 });
    for (const rate of [0, 2.5, 5.5, 7.7, 8.1, 19, 20, 21, 25.5, 100]) {
      for (const includeTax of [false, true]) {
        const { netMinor, taxMinor, grossMinor } = priceBreakdown({ amountMinor: 12_345, taxRatePercent: rate }, 7, includeTax);
        expect(netMinor + taxMinor).toBe(grossMinor);
        expect([netMinor, taxMinor, grossMinor].every(Number.isInteger)).toBe(true);
      }
    }
  });

  it('charges no tax at 0%', () => {
    expect(priceBreakdown({ amountMinor: 25_000, taxRatePercent: 0 }, 2, true)).toEqual({ netMinor: 50_000, taxMinor: 0, grossMinor: 50_000 });
  });
});

describe('currencies', () => {
  it('knows ISO 4217 codes and their minor units', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect([currencyDigits('EUR'), currencyDigits('JPY'), currencyDigits('KWD')]).toEqual([2, 0, 3]);
    expect(percentToBasisPoints(7.7)).toBe(770);
  });

  it('turns typed major units into minor units and back without a float error', () => {
    expect(majorToMinor(19.99, 'EUR')).toBe(1999);
    expect(majorToMinor(1.005, 'EUR')).toBe(101);
    expect(majorToMinor(5000, 'JPY')).toBe(5000);
    expect(minorToMajor(11_950, 'EUR')).toBe(119.5);
  });

  it('writes an amount as each language reads it', () => {
    expect(formatMoney(119_000, 'EUR', 'en-GB')).toBe('€1,190.00');
    expect(formatMoney(119_000, 'EUR', 'fr-FR')).toBe('1\u202f190,00\u00a0€');
    expect(formatMoney(5000, 'JPY', 'en-GB')).toBe('JP¥5,000');
  });
});
