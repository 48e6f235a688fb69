import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Opaque secrets handed to users (refresh tokens, email-link tokens, PKCE auth codes).
 * Only their SHA-256 is stored, so reading the database does not let anyone use them.
 */
export function generateOpaqueToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time string equality for secrets of any length. */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** The PKCE S256 transform: base64url(sha256(verifier)). */
export function pkceS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'utf8').digest('base64url');
}
