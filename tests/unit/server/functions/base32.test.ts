import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from '../../../../src/server/functions/super-admin/base32';

// RFC 4648 section 10, without padding.
const vectors: Array<[string, string]> = [
  ['', ''],
  ['f', 'MY'],
  ['fo', 'MZXQ'],
  ['foo', 'MZXW6'],
  ['foob', 'MZXW6YQ'],
  ['fooba', 'MZXW6YTB'],
  ['foobar', 'MZXW6YTBOI'],
];

describe('base32', () => {
  it.each(vectors)('encodes %j as %j and back', (plain, encoded) => {
    expect(base32Encode(Buffer.from(plain))).toBe(encoded);
    expect(base32Decode(encoded)?.toString()).toBe(plain);
  });

  it('reads secrets as people type them: lower case, padding, spaces and dashes', () => {
    expect(base32Decode('mzxw6ytboi======')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW 6YTB-OI')?.toString()).toBe('foobar');
  });

  it('refuses characters outside the alphabet and impossible lengths', () => {
    expect(base32Decode('MZXW1')).toBeNull(); // 1 is not base32
    expect(base32Decode('MZXW6YT8')).toBeNull();
    expect(base32Decode('M')).toBeNull(); // 5 bits: not a whole byte
    expect(base32Decode('MZX')).toBeNull();
    expect(base32Decode('MY')).not.toBeNull();
    expect(base32Decode('MZ=A')).toBeNull();
  });

  it('refuses non-zero trailing bits, which no encoder writes', () => {
    expect(base32Decode('MY')?.toString()).toBe('f');
    expect(base32Decode('MZ')).toBeNull(); // Z leaves the unused low bits 01

  });

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        expect(base32Decode(base32Encode(bytes))).toEqual(Buffer.from(bytes));
      }),
    );
  });

  it('agrees with the renderer-style 20-byte secrets (32 characters)', () => {
    const secret = base32Encode(new Uint8Array(20).fill(0xff));
    expect(secret).toBe('7'.repeat(32));
    expect(base32Decode(secret)).toHaveLength(20);
  });
});
