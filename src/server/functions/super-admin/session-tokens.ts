import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque super-admin session tokens: 256 random bits with a recognisable prefix (so they are never
 * mistaken for a JWT in an Authorization header). Only their SHA-256 is stored, so a database
 * dump cannot be replayed as a session.
 */

export const SESSION_TOKEN_PREFIX = 'sa_';
const TOKEN_PATTERN = /^sa_[A-Za-z0-9_-]{43}$/;

export function generateSessionToken(): string {
  return SESSION_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Lower-case hex SHA-256, the form super_admin_sessions.token_hash holds. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function looksLikeSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}
