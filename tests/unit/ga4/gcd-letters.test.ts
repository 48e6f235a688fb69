/**
 * Class 2 of issue 22: gcd letters are case-sensitive and current tags send upper-case ones. One
 * table (GCD_LETTERS) holds the accepted alphabet; every base64url character is tested against it.
 */
import { describe, expect, it } from 'vitest';
import { createValidator, decodeGcd, decodeGcdLetter, GCD_LETTERS, GCD_LETTERS_CHECKED } from '../../../src/shared/ga4';
import { FACTS, gtag } from './helpers';

const BASE64URL = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

// The documented letters and their states (default, update).
const DOCUMENTED: Record<string, [string, string]> = {
  l: ['not_set', 'not_set'],
  m: ['not_set', 'denied'],
  n: ['not_set', 'granted'],
  p: ['denied', 'not_set'],
  q: ['denied', 'denied'],
  r: ['denied', 'granted'],
  t: ['granted', 'not_set'],
  u: ['granted', 'denied'],
  v: ['granted', 'granted'],
};
// Current gtag.js: the same nine states with bit 5 set.
const FLAGGED: Record<string, string> = { R: 'l', S: 'm', T: 'n', V: 'p', W: 'q', X: 'r', Z: 't', '-': 'u', _: 'v' };

const validator = createValidator({ facts: FACTS });
const gcdFindings = (gcd: string): string[] => validator.validate(gtag({ gcd })).issues.filter((i) => i.ruleId === 'gdpr.gcd_format').map((i) => i.message);

describe('gcd letters (one table)', () => {
  it('the table is exactly the documented nine lower-case letters and their nine upper-case twins', () => {
    expect(GCD_LETTERS_CHECKED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(GCD_LETTERS.map((l) => l.letter).sort()).toEqual([...Object.keys(DOCUMENTED), ...Object.keys(FLAGGED)].sort());
    for (const row of GCD_LETTERS) expect(row.source.length).toBeGreaterThan(10);
  });

  it.each([...BASE64URL])('letter %s: decoded from the table, or malformed (case-sensitive)', (letter) => {
    const documented = DOCUMENTED[letter] ?? (FLAGGED[letter] ? DOCUMENTED[FLAGGED[letter] as string] : undefined);
    const state = decodeGcdLetter(letter);
    const gcd = `13${letter}3l3l2l5l1`;
    if (documented) {
      expect(state).toMatchObject({ letter, default: documented[0], update: documented[1] });
      expect(state?.effective).toBe(documented[1] !== 'not_set' ? documented[1] : documented[0]);
      expect(decodeGcd(gcd).valid).toBe(true);
      expect(gcdFindings(gcd)).toEqual([]);
    } else {
      expect(state).toBeUndefined();
      expect(decodeGcd(gcd).valid).toBe(false);
      expect(gcdFindings(gcd)).toHaveLength(1);
    }
  });

  it('reads real upper-case gcd strings: 13l3l3R3l5l1 (Google tag, 2025) and the flagged twins of granted/denied', () => {
    const real = decodeGcd('13l3l3R3l5l1');
    expect(real.valid).toBe(true);
    expect(real.signals?.ad_user_data).toMatchObject({ letter: 'R', default: 'not_set', update: 'not_set' });
    const twins = decodeGcd('13_3V3-3Z5l1');
    expect(twins.valid).toBe(true);
    expect(Object.values(twins.signals ?? {}).map((s) => s.effective)).toEqual(['granted', 'denied', 'denied', 'granted']);
  });
});
