import { describe, expect, it } from 'vitest';
import { EU_COUNTRY_CODES, hasVatShape, normaliseVatNumber, vatNumberExample } from './vat-numbers';

describe('EU VAT number shapes', () => {
  it('knows the 27 member states, and accepts each one\'s own example', () => {
    expect(EU_COUNTRY_CODES).toHaveLength(27);
    for (const country of EU_COUNTRY_CODES) {
      const example = vatNumberExample(country);
      expect(example, country).not.toBeNull();
      expect(hasVatShape(example ?? '', country), country).toBe(true);
    }
  });

  it('reads a number as people type it: spaces, dots, lower case, no prefix', () => {
    expect(normaliseVatNumber('de 123.456.789', 'DE')).toBe('DE123456789');
    expect(normaliseVatNumber('123456789', 'DE')).toBe('DE123456789');
    expect(normaliseVatNumber('123456789', 'GR')).toBe('EL123456789');
    expect(normaliseVatNumber('nl123456789b01', 'NL')).toBe('NL123456789B01');
    expect(hasVatShape('fr 12 345678901', 'FR')).toBe(true);
  });

  it('refuses a number of the wrong shape for its country', () => {
    expect(hasVatShape('DE12345678', 'DE')).toBe(false);
    expect(hasVatShape('DE1234567890', 'DE')).toBe(false);
    expect(hasVatShape('FR123456789', 'DE')).toBe(false);
    expect(hasVatShape('GR123456789', 'GR')).toBe(false);
    expect(hasVatShape('NL123456789001', 'NL')).toBe(false);
    expect(hasVatShape('ATU1234567', 'AT')).toBe(false);
  });

  it('does not check numbers outside the EU', () => {
    expect(vatNumberExample('CH')).toBeNull();
    expect(hasVatShape('CHE-123.456.789 MWST', 'CH')).toBe(true);
  });
});
