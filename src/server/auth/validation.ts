import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AuthApiError, authErrors } from './errors';

export const MIN_PASSWORD_LENGTH = 8;
/** scrypt cost grows with input only slightly, but a cap keeps huge bodies from being hashed at all. */
export const MAX_PASSWORD_LENGTH = 1024;
const MAX_EMAIL_LENGTH = 255;

// Deliberately simple: one @, no spaces, a dot in the domain. The confirmation email is the real check.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Lower-cased, trimmed email, or null when the value is not a usable address. */
export function normalizeEmail(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const email = value.trim().toLowerCase();
  if (email.length === 0 || email.length > MAX_EMAIL_LENGTH || !emailPattern.test(email)) return null;
  return email;
}

/** The email a request must carry: a clear error when it is missing or malformed. */
export function requireEmail(value: unknown, missingMessage: string): string {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw authErrors.validation(missingMessage);
  }
  const email = normalizeEmail(value);
  if (!email) throw authErrors.invalidEmail();
  return email;
}

/** Enforces the password policy, with GoTrue's weak_password error so supabase-js raises AuthWeakPasswordError. */
export function requireAcceptablePassword(value: unknown, missingMessage: string): string {
  if (typeof value !== 'string' || value.length === 0) throw authErrors.validation(missingMessage);
  if (value.length < MIN_PASSWORD_LENGTH) {
    throw new AuthApiError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (value.length > MAX_PASSWORD_LENGTH) {
    throw authErrors.validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (!strongEnough(value)) {
    // 'pwned' is GoTrue's reason for a known-leaked password; supabase-js passes it through.
    throw new AuthApiError(422, 'weak_password', 'Password is known to be weak and easy to guess, please choose a different one.', {
      weak_password: { reasons: ['pwned'] },
    });
  }
  return value;
}

/**
 * A password equal to the account's email (or its part before the @) is the first guess of anyone
 * who knows the address: refused with GoTrue's weak_password error, like any guessable password.
 */
export function requirePasswordApartFromEmail(password: string, email: string | null | undefined): void {
  if (!email) return;
  const candidate = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  if (candidate === address || candidate === local) {
    throw new AuthApiError(422, 'weak_password', 'Password cannot be your email address, please choose a different one.', {
      weak_password: { reasons: ['characters'] },
    });
  }
}

/** zxcvbn's 0-4 score; below this a password is among the common or easily guessed ones. */
export const MIN_PASSWORD_SCORE = 2;
let estimator: ZxcvbnFactory | undefined;

/**
 * The common-password dictionary (and keyboard patterns, repeats, sequences) of zxcvbn-ts.
 * Only the first 100 characters are scored: beyond that no password is weak, and zxcvbn's
 * matching is superlinear in length.
 */
function strongEnough(password: string): boolean {
  if (password.trim() === '') return false;
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs });
  return estimator.check(password.slice(0, 100)).score >= MIN_PASSWORD_SCORE;
}

export type Metadata = Record<string, unknown>;

/**
 * User metadata rides in every access token (user_metadata claim), and tokens travel in headers
 * that /rest and proxies cap at a few KB: a bound here keeps any user's token usable.
 */
export const MAX_USER_METADATA_BYTES = 4096;

/** Refuses metadata whose JSON is larger than MAX_USER_METADATA_BYTES, with a message that says so. */
export function requireMetadataSize(metadata: Metadata, field = 'data'): Metadata {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw authErrors.validation(`${field} is too large: user metadata may be at most ${MAX_USER_METADATA_BYTES} bytes as JSON (this is ${bytes})`);
  }
  return metadata;
}

/** User-supplied metadata (`data`): absent means {}, anything but a JSON object is refused, and so is one too large. */
export function optionalMetadata(value: unknown, field = 'data'): Metadata {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw authErrors.validation(`${field} must be a JSON object`);
  return requireMetadataSize(value as Metadata, field);
}

export function optionalString(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw authErrors.validation(`${field} must be a string`);
  return value;
}

/** Parses a request body that must be a JSON object; malformed JSON is a 400 and nothing runs. */
export function parseJsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw authErrors.badJson(err instanceof Error ? err.message : 'malformed JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw authErrors.badJson('the body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}
