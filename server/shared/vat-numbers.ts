// EU VAT numbers checked for shape (not for existence: that is the VIES service, which a booking
// form must not wait on). Each member state's form as the European Commission publishes it, with an
// example the field's message shows. A number is read without spaces, dots or dashes, upper-cased,
// with its country prefix added when it was typed without one. Greece's prefix is EL. Pure: the
// booking form and the server share it.

interface VatShape {
  /** The prefix of the number: the country code, except Greece (EL). */
  prefix: string;
  /** What follows the prefix. */
  pattern: RegExp;
  example: string;
}

const SHAPES: Record<string, VatShape> = {
  AT: { prefix: 'AT', pattern: /^U\d{8}$/, example: 'ATU12345678' },
  BE: { prefix: 'BE', pattern: /^[01]\d{9}$/, example: 'BE0123456789' },
  BG: { prefix: 'BG', pattern: /^\d{9,10}$/, example: 'BG123456789' },
  CY: { prefix: 'CY', pattern: /^\d{8}[A-Z]$/, example: 'CY12345678X' },
  CZ: { prefix: 'CZ', pattern: /^\d{8,10}$/, example: 'CZ12345678' },
  DE: { prefix: 'DE', pattern: /^\d{9}$/, example: 'DE123456789' },
  DK: { prefix: 'DK', pattern: /^\d{8}$/, example: 'DK12345678' },
  EE: { prefix: 'EE', pattern: /^\d{9}$/, example: 'EE123456789' },
  ES: { prefix: 'ES', pattern: /^[0-9A-Z]\d{7}[0-9A-Z]$/, example: 'ESX1234567X' },
  FI: { prefix: 'FI', pattern: /^\d{8}$/, example: 'FI12345678' },
  FR: { prefix: 'FR', pattern: /^[0-9A-HJ-NP-Z]{2}\d{9}$/, example: 'FR12345678901' },
  GR: { prefix: 'EL', pattern: /^\d{9}$/, example: 'EL123456789' },
  HR: { prefix: 'HR', pattern: /^\d{11}$/, example: 'HR12345678901' },
  HU: { prefix: 'HU', pattern: /^\d{8}$/, example: 'HU12345678' },
  IE: { prefix: 'IE', pattern: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/, example: 'IE1234567WA' },
  IT: { prefix: 'IT', pattern: /^\d{11}$/, example: 'IT12345678901' },
  LT: { prefix: 'LT', pattern: /^(\d{9}|\d{12})$/, example: 'LT123456789' },
  LU: { prefix: 'LU', pattern: /^\d{8}$/, example: 'LU12345678' },
  LV: { prefix: 'LV', pattern: /^\d{11}$/, example: 'LV12345678901' },
  MT: { prefix: 'MT', pattern: /^\d{8}$/, example: 'MT12345678' },
  NL: { prefix: 'NL', pattern: /^\d{9}B\d{2}$/, example: 'NL123456789B01' },
  PL: { prefix: 'PL', pattern: /^\d{10}$/, example: 'PL1234567890' },
  PT: { prefix: 'PT', pattern: /^\d{9}$/, example: 'PT123456789' },
  RO: { prefix: 'RO', pattern: /^\d{2,10}$/, example: 'RO1234567890' },
  SE: { prefix: 'SE', pattern: /^\d{10}01$/, example: 'SE123456789001' },
  SI: { prefix: 'SI', pattern: /^\d{8}$/, example: 'SI12345678' },
  SK: { prefix: 'SK', pattern: /^\d{10}$/, example: 'SK1234567890' },
};

/** The EU member states' country codes (ISO 3166-1), whose VAT numbers have a known shape. */
export const EU_COUNTRY_CODES: readonly string[] = Object.keys(SHAPES);

/** The example of a country's VAT number ('DE123456789'), or null outside the EU. */
export function vatNumberExample(country: string): string | null {
  return SHAPES[country]?.example ?? null;
}

/**
 * The VAT number as stored: separators dropped, upper-cased, and for an EU country its prefix added
 * when it was typed without one ('123 456 789' in Germany is 'DE123456789').
 */
export function normaliseVatNumber(typed: string, country: string): string {
  const compact = typed.replace(/[\s.\-/]/g, '').toUpperCase();
  const shape = SHAPES[country];
  if (shape === undefined || compact.startsWith(shape.prefix)) return compact;
  // Another member state's prefix is kept (and then refused for this country), not prefixed twice.
  const typedOtherPrefix = Object.values(SHAPES).some((other) => compact.startsWith(other.prefix));
  return typedOtherPrefix ? compact : `${shape.prefix}${compact}`;
}

/** Whether `typed` has the shape of a VAT number of `country`; any number outside the EU. */
export function hasVatShape(typed: string, country: string): boolean {
  const shape = SHAPES[country];
  if (shape === undefined) return true;
  const number = normaliseVatNumber(typed, country);
  return number.startsWith(shape.prefix) && shape.pattern.test(number.slice(shape.prefix.length));
}
