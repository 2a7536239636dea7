import { describe, expect, it } from 'vitest';
import { creditorReference, isValidPaymentReference, newPaymentReference } from './payment-reference';
import { formatPaymentReference } from './payments.schemas';

const TYPED = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** Every string one typed character away from `reference`. */
function oneCharacterTypos(reference: string): string[] {
  const typos: string[] = [];
  for (let index = 0; index < reference.length; index += 1) {
    for (const char of TYPED) {
      if (char !== reference[index]) typos.push(reference.slice(0, index) + char + reference.slice(index + 1));
    }
  }
  return typos;
}

function swappedNeighbours(reference: string): string[] {
  const swaps: string[] = [];
  for (let index = 0; index + 1 < reference.length; index += 1) {
    const a = reference.charAt(index);
    const b = reference.charAt(index + 1);
    if (a !== b) swaps.push(reference.slice(0, index) + b + a + reference.slice(index + 2));
  }
  return swaps;
}

describe('payment references (ISO 11649 creditor reference)', () => {
  it('computes the check digits of the standard example', () => {
    // ISO 11649's own example: RF18 5390 0754 7034.
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidPaymentReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidPaymentReference('rf18539007547034')).toBe(true);
  });

  it('makes short, well-formed references, grouped by four for people', () => {
    const reference = newPaymentReference();
    expect(reference).toMatch(/^RF\d{2}\d{9}$/);
    expect(isValidPaymentReference(reference)).toBe(true);
    expect(formatPaymentReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
  });

  it('never validates a one-character typo or a swapped pair', () => {
    for (let round = 0; round < 40; round += 1) {
      const reference = newPaymentReference();
      for (const typo of [...oneCharacterTypos(reference), ...swappedNeighbours(reference)]) {
        expect(isValidPaymentReference(typo), `${reference} -> ${typo}`).toBe(false);
      }
    }
  });

  it('refuses what is not a reference', () => {
    for (const text of ['', 'RF', 'RF18', 'XX18539007547034', 'RF1X539007547034', 'RF18 5390 0754 703A']) {
      expect(isValidPaymentReference(text), text).toBe(false);
    }
  });
});
