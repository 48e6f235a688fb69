import { normalizeEmail } from '../../auth/validation';
import { HttpError } from '../../http/errors';
import { MESSAGES } from './policy';

/**
 * Reading the bodies of the super-admin-auth calls. Anything malformed is a 400 before any work
 * is done, so bad input never reaches the database.
 */

const MAX_PASSWORD_LENGTH = 1024;
const MAX_USER_AGENT_LENGTH = 512;
const MAX_IP_LENGTH = 64;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Body = Record<string, unknown>;

/** A JSON object body; malformed JSON or another JSON value is a 400. */
export function parseBody(text: string): Body {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(400, 'Request body must be a JSON object');
  }
  return parsed as Body;
}

function optionalText(body: Body, field: string, maxLength: number): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new HttpError(400, `${field} must be a string`);
  return value.slice(0, maxLength);
}

export interface LoginInput {
  email: string;
  password: string;
  mfaCode: string | null;
  reportedIp: string | null;
  userAgent: string | null;
}

export function readLogin(body: Body): LoginInput {
  const { email: rawEmail, password } = body;
  if (typeof rawEmail !== 'string' || rawEmail.trim() === '' || typeof password !== 'string' || password === '') {
    throw new HttpError(400, MESSAGES.credentialsRequired);
  }
  // A value that cannot be an address still gets the ordinary refusal (after the same work), so the
  // answer never says which half was wrong; a too-long password is refused before hashing it.
  if (password.length > MAX_PASSWORD_LENGTH) throw new HttpError(400, `password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  const mfaCode = optionalText(body, 'mfaCode', 32)?.trim() || null;
  return {
    email: normalizeEmail(rawEmail) ?? rawEmail.trim().toLowerCase().slice(0, 255),
    password,
    mfaCode,
    reportedIp: optionalText(body, 'ipAddress', MAX_IP_LENGTH),
    userAgent: optionalText(body, 'userAgent', MAX_USER_AGENT_LENGTH),
  };
}

export interface VerifyMfaInput {
  userId: string;
  code: string;
}

/** userId and code; a userId that is not a UUID cannot have a pending verification. */
export function readVerifyMfa(body: Body): VerifyMfaInput {
  const { userId, code } = body;
  if (typeof userId !== 'string' || userId === '' || typeof code !== 'string' || code === '') {
    throw new HttpError(400, MESSAGES.verifyFieldsRequired);
  }
  if (!UUID_PATTERN.test(userId)) throw new HttpError(400, MESSAGES.noPendingMfa);
  return { userId: userId.toLowerCase(), code: code.trim() };
}

export interface SetupMfaInput {
  userId: string;
  secret: string;
  token: string;
  /** A code of the authenticator already set up: required to replace MFA that is on. */
  currentCode: string | null;
}

export function readSetupMfa(body: Body): SetupMfaInput {
  const { userId, secret, token, currentCode } = body;
  if (typeof userId !== 'string' || userId === '' || typeof secret !== 'string' || secret === '' || typeof token !== 'string' || token === '') {
    throw new HttpError(400, MESSAGES.setupFieldsRequired);
  }
  if (secret.length > 256) throw new HttpError(400, MESSAGES.badSecret);
  if (currentCode !== undefined && currentCode !== null && (typeof currentCode !== 'string' || currentCode.length > 16)) throw new HttpError(400, 'currentCode must be the 6-digit code of the current authenticator');
  return { userId: userId.toLowerCase(), secret, token: token.trim(), currentCode: typeof currentCode === 'string' ? currentCode.trim() : null };
}

export function userAgentHeader(value: string | undefined): string | null {
  return value ? value.slice(0, MAX_USER_AGENT_LENGTH) : null;
}
