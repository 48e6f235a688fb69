import type { SqlClient } from '../db/database';
import type { AppDeps } from '../deps';
import { authErrors } from './errors';
import { methodForType } from './grants';
import { DEFAULT_REDIRECT_PATH } from './links';
import { consumeOneTimeToken, type OneTimeTokenType } from './one-time-tokens';
import { issueAuthCodeIfPkce } from './pkce';
import { resolveRedirect, withFragment, withQuery } from './redirects';
import { issueSession, type SessionResponse } from './sessions';
import { findUserById, isEmailTaken, updateUser, type UserRow } from './users';
import { normalizeEmail } from './validation';

/** The `type` values /verify accepts and the stored token types each may consume ('email' is GoTrue's catch-all). */
const acceptedTokenTypes: Record<string, readonly OneTimeTokenType[]> = {
  signup: ['signup'],
  email: ['signup', 'magiclink'],
  magiclink: ['magiclink'],
  recovery: ['recovery'],
  invite: ['invite'],
  email_change: ['email_change'],
};

const OTP_EXPIRED_FRAGMENT = {
  error: 'access_denied',
  error_code: 'otp_expired',
  error_description: 'Email link is invalid or has expired',
};

/**
 * What following the link proves: the user owns the address. Confirms it (or switches to the
 * pending new address for email_change). Null when the change can no longer be applied.
 */
async function applyVerification(client: SqlClient, userId: string, type: OneTimeTokenType): Promise<UserRow | null> {
  const user = await findUserById(client, userId, true);
  if (!user) return null;
  if ((type === 'magiclink' || type === 'recovery') && !user.email_confirmed_at) {
    // The address was never confirmed, so whoever set this account's password and profile may not
    // own it (a sign-up made in someone else's name). The owner proves it only now: drop both.
    return updateUser(client, user.id, { email_confirmed_now: true, encrypted_password: '', raw_user_meta_data: '{}' });
  }
  if (type !== 'email_change') return updateUser(client, user.id, { email_confirmed_now: true });
  if (!user.email_change || (await isEmailTaken(client, user.email_change, user.id))) return null;
  return updateUser(client, user.id, { email: user.email_change, email_change: null, email_confirmed_now: true });
}

type VerifiedLink =
  | { outcome: 'session'; type: OneTimeTokenType; session: SessionResponse }
  | { outcome: 'pkce'; authCode: string }
  | { outcome: 'invalid' };

/**
 * GET /verify (the email link). Always answers with a redirect: to the app with the session in
 * the fragment (implicit flow), with ?code= (PKCE flow), or with an error in the fragment.
 */
export async function verifyLink(
  deps: AppDeps,
  params: { token?: string; type?: string; redirectTo?: string },
): Promise<string> {
  const requestedType = params.type ?? '';
  const knownType = requestedType in acceptedTokenTypes;
  const redirectTo = resolveRedirect(
    deps.publicUrl,
    params.redirectTo,
    knownType && requestedType !== 'email' ? DEFAULT_REDIRECT_PATH[requestedType as OneTimeTokenType] : '/',
  );
  if (!params.token || !knownType) return withFragment(redirectTo, OTP_EXPIRED_FRAGMENT);
  const rawToken = params.token;

  const result = await deps.db.transaction(async (client): Promise<VerifiedLink> => {
    const consumed = await consumeOneTimeToken(client, rawToken, acceptedTokenTypes[requestedType]!);
    if (!consumed) return { outcome: 'invalid' };
    const user = await applyVerification(client, consumed.userId, consumed.type);
    if (!user) return { outcome: 'invalid' };
    const authCode = await issueAuthCodeIfPkce(client, user.id, consumed.type);
    if (authCode) return { outcome: 'pkce', authCode };
    return { outcome: 'session', type: consumed.type, session: await issueSession(client, deps, user, methodForType[consumed.type]) };
  });

  if (result.outcome === 'invalid') return withFragment(redirectTo, OTP_EXPIRED_FRAGMENT);
  if (result.outcome === 'pkce') return withQuery(redirectTo, { code: result.authCode });
  const s = result.session;
  return withFragment(redirectTo, {
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: s.token_type,
    type: result.type,
  });
}

/**
 * POST /verify (supabase.auth.verifyOtp). Accepts the token from the email link as `token_hash`,
 * or as `token` together with the account's `email`. Returns a session.
 */
export async function verifyOtp(deps: AppDeps, body: Record<string, unknown>): Promise<SessionResponse> {
  const type = typeof body.type === 'string' ? body.type : '';
  const accepted = acceptedTokenTypes[type];
  if (!accepted) throw authErrors.validation(`Verify requires a verification type (one of ${Object.keys(acceptedTokenTypes).join(', ')})`);
  const tokenHash = typeof body.token_hash === 'string' ? body.token_hash : '';
  const token = typeof body.token === 'string' ? body.token : '';
  const email = body.email === undefined ? null : normalizeEmail(body.email);
  if (tokenHash === '' && (token === '' || !email)) {
    throw authErrors.validation('Verify requires either a token_hash, or a token and an email');
  }

  return deps.db.transaction(async (client) => {
    const consumed = await consumeOneTimeToken(client, tokenHash || token, accepted);
    if (!consumed) throw authErrors.otpExpired();
    if (!tokenHash) {
      // The token was presented with an address: it must be the one the link was sent to.
      const owner = await findUserById(client, consumed.userId);
      const sentTo = consumed.type === 'email_change' ? owner?.email_change : owner?.email;
      if (!owner || sentTo?.toLowerCase() !== email) throw authErrors.otpExpired();
    }
    const user = await applyVerification(client, consumed.userId, consumed.type);
    if (!user) throw authErrors.otpExpired();
    return issueSession(client, deps, user, methodForType[consumed.type]);
  });
}
