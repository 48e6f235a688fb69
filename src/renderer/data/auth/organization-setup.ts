import { slugFromName } from '../../lib/slug';
import { DEFAULT_PLAN } from '../organizations/types';

/** An account counts as new for this long after it was created (spec section 9). */
export const NEW_USER_WINDOW_MS = 10 * 60 * 1000;
/** The email must have been confirmed this recently (spec section 9). */
export const EMAIL_CONFIRMATION_WINDOW_MS = 5 * 60 * 1000;
/** Setup waits this long after sign-in, letting the session settle first (spec section 9). */
export const SIGNUP_COMPLETION_DELAY_MS = 1000;

/** The fields of a supabase-js User the decision reads. */
export interface SetupCandidate {
  id: string;
  email?: string;
  created_at: string;
  email_confirmed_at?: string | null;
  user_metadata?: Record<string, unknown> | null;
}

function isWithin(timestamp: string | null | undefined, windowMs: number, now: number): boolean {
  if (!timestamp) return false;
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return false;
  const age = now - at;
  // A small negative age is clock skew between server and browser, still "just now".
  return age <= windowMs && age >= -windowMs;
}

function metadataString(user: SetupCandidate, key: string): string | undefined {
  const value = user.user_metadata?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Whether to complete the signup (create the organization) after a sign-in: only for a user
 * whose email was confirmed in the last 5 minutes, created in the last 10 minutes, and who
 * gave an organization name at signup. Everyone else is skipped.
 */
export function shouldRunOrganizationSetup(user: SetupCandidate | null | undefined, now: number): boolean {
  if (!user) return false;
  return (
    isWithin(user.email_confirmed_at, EMAIL_CONFIRMATION_WINDOW_MS, now) &&
    isWithin(user.created_at, NEW_USER_WINDOW_MS, now) &&
    metadataString(user, 'organization_name') !== undefined
  );
}

export interface CompleteSignupArgs {
  user_id: string;
  org_name: string;
  org_slug: string;
  org_plan: string;
}

/** Arguments for rpc complete_user_signup from the signup metadata (slug and plan fall back to derived/default values). */
export function completeSignupArgs(user: SetupCandidate): CompleteSignupArgs {
  const orgName = metadataString(user, 'organization_name') ?? '';
  return {
    user_id: user.id,
    org_name: orgName,
    org_slug: metadataString(user, 'organization_slug') ?? slugFromName(orgName),
    org_plan: metadataString(user, 'organization_plan') ?? DEFAULT_PLAN,
  };
}

export type SetupOutcome = 'created' | 'existing' | 'failed';

interface RpcErrorLike {
  code?: string;
  message?: string;
}

/**
 * Reads the rpc result. A duplicate-key error or an 'already exists' status means the
 * organization was set up before (e.g. on another device) and is not a failure.
 */
export function interpretSetupResult(data: unknown, error: RpcErrorLike | null): SetupOutcome {
  if (error) {
    const message = (error.message ?? '').toLowerCase();
    if (error.code === '23505' || message.includes('duplicate key') || message.includes('already exists')) return 'existing';
    return 'failed';
  }
  const status = data && typeof data === 'object' ? (data as { status?: unknown }).status : undefined;
  if (status === 'already exists') return 'existing';
  if (status === 'created') return 'created';
  // A successful call without a recognised status still succeeded.
  return 'created';
}
