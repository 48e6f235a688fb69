import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateOpaqueToken, hashToken, pkceS256, secretsEqual } from '../../../../src/server/auth/tokens';

describe('opaque tokens', () => {
  it('generates URL-safe random tokens that do not repeat', () => {
    const tokens = new Set(Array.from({ length: 200 }, () => generateOpaqueToken()));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('stores a SHA-256 hex digest, never the token itself', () => {
    const token = generateOpaqueToken();
    const hashed = hashToken(token);
    expect(hashed).toMatch(/^[0-9a-f]{64}$/);
    expect(hashed).not.toContain(token);
    expect(hashed).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('hashes deterministically and distinguishes different tokens', () => {
    expect(hashToken('abc')).toBe(hashToken('abc'));
    expect(hashToken('abc')).not.toBe(hashToken('abd'));
  });

  it('compares secrets of any length', () => {
    expect(secretsEqual('same', 'same')).toBe(true);
    expect(secretsEqual('same', 'samf')).toBe(false);
    expect(secretsEqual('short', 'a much longer value')).toBe(false);
  });

  it('computes the PKCE S256 challenge as a browser does (WebCrypto SHA-256, base64url, no padding)', async () => {
    const verifier = generateOpaqueToken(48);
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const browserChallenge = btoa(String.fromCharCode(...digest)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(pkceS256(verifier)).toBe(browserChallenge);
    expect(pkceS256(verifier)).not.toContain('=');
  });
});
