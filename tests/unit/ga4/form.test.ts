import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KnownKeys, parsePairs, type FormPairs } from '../../../src/shared/ga4/form';

/**
 * Form decoding part by part, as application/x-www-form-urlencoded defines it: `+` is a space,
 * then percent-decoding; a key with a malformed escape is kept verbatim, a value is kept with its
 * `+` turned into spaces and its key listed as malformed.
 */
function reference(input: string): FormPairs {
  const keys: string[] = [];
  const values: string[] = [];
  let malformed: string[] | undefined;
  const decode = (raw: string): string | undefined => {
    try {
      return decodeURIComponent(raw.replaceAll('+', ' '));
    } catch {
      return undefined;
    }
  };
  for (const part of input.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    const key = decode(rawKey) ?? rawKey;
    if (key === '') continue;
    let value = '';
    if (eq !== -1) {
      const rawValue = part.slice(eq + 1);
      const decoded = decode(rawValue);
      if (decoded === undefined) (malformed ??= []).push(key);
      value = decoded ?? rawValue.replaceAll('+', ' ');
    }
    keys.push(key);
    values.push(value);
  }
  return { keys, values, malformed };
}

describe('parsePairs', () => {
  it('decodes each key and value on its own, whichever parts hold % and +', () => {
    const input = 'a=1+2&b%20c=%zz&plain=x&d=%E2%82%AC+x&e+f=%41&=skipped&g&h=&i=%&j=a+b+c';
    expect(parsePairs(input)).toEqual({
      keys: ['a', 'b c', 'plain', 'd', 'e f', 'g', 'h', 'i', 'j'],
      values: ['1 2', '%zz', 'x', '€ x', 'A', '', '', '%', 'a b c'],
      malformed: ['b c', 'i'],
    });
  });

  it('agrees with part-by-part decoding on arbitrary input', () => {
    const char = fc.constantFrom('a', 'b', '=', '&', '%', '+', '2', '4', '1', 'E', 'z', '%41', '%E2%82%AC', '%C3', '%2B', '%26', ' ', 'é');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }).map((a) => a.join('')), (input) => {
        expect(parsePairs(input)).toEqual(reference(input));
      }),
      { numRuns: 5000, seed: 14 },
    );
  });

  // Percent-decoded values are kept by their encoded form (page URLs, titles, browsers repeat
  // across hits): a repeat must decode exactly as the first time, malformed ones included.
  it('decodes a value seen before as the first time, and reports a malformed one every time', () => {
    const char = fc.constantFrom('a', '=', '&', '%', '+', '2', '4', 'E', '%41', '%E2%82%AC', '%C3', '%26', 'é');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 30 }).map((a) => a.join('')), (input) => {
        const first = parsePairs(input);
        expect(parsePairs(input)).toEqual(first);
        expect(parsePairs(`x=1&${input}&y=%zz`)).toEqual(reference(`x=1&${input}&y=%zz`));
      }),
      { numRuns: 3000, seed: 28 },
    );
  });

  it('gives the same pairs with known keys as without (a known key is found in place, not sliced)', () => {
    const known = new KnownKeys(['a', 'b', 'ab', 'aa', 'a2', 'E', 'é', 'a b', '2a', 'b2b', 'abababababababababab'].map((k) => [k, k.length] as const));
    expect(known.find('x&ab=1', 2, 4)).toBe('ab');
    expect(known.find('x&ab=1', 2, 3)).toBe('a');
    expect(known.find('abc', 0, 3)).toBeUndefined();
    expect(known.find('abc', 1, 1)).toBeUndefined();
    expect(known.get('b2b')).toBe(3);
    expect(known.get('b2')).toBeUndefined();
    expect(known.get('')).toBeUndefined();
    const char = fc.constantFrom('a', 'b', '=', '&', '%', '+', '2', 'E', '%41', '%E2%82%AC', 'é', ' ');
    fc.assert(
      fc.property(fc.array(char, { maxLength: 40 }).map((a) => a.join('')), (input) => {
        expect(parsePairs(input, known)).toEqual(reference(input));
      }),
      { numRuns: 5000, seed: 29 },
    );
  });

  it('decodes more distinct values than it keeps, and values longer than it keeps', () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 1500; i++) {
        const input = `dl=https%3A%2F%2Fshop.example%2Fp%2F${i}&dt=%E2%82%AC${i}`;
        expect(parsePairs(input).values).toEqual([`https://shop.example/p/${i}`, `€${i}`]);
      }
    const long = 'x%20'.repeat(3000);
    expect(parsePairs(`a=${long}&b=${long}`).values).toEqual(['x '.repeat(3000), 'x '.repeat(3000)]);
  });
});
