import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateSessionToken, hashSessionToken, looksLikeSessionToken } from '../../../../src/server/functions/super-admin/session-tokens';

describe('session tokens', () => {
  it('are prefixed, carry 256 random bits, and differ every time', () => {
    const tokens = new Set(Array.from({ length: 50 }, generateSessionToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^sa_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token.slice(3), 'base64url')).toHaveLength(32);
      expect(looksLikeSessionToken(token)).toBe(true);
    }
  });

  it('are stored as lower-case hex SHA-256', () => {
    const token = generateSessionToken();
    expect(hashSessionToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashSessionToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('are told apart from JWTs such as the anon key', () => {
    expect(looksLikeSessionToken('eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2ln')).toBe(false);
    expect(looksLikeSessionToken('sa_short')).toBe(false);
  });
});
