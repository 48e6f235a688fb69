import type { AppDeps } from '../deps';
import { AuthApiError, authErrors } from './errors';
import { verifyAgainstDummy, verifyPassword } from './password';
import { redeemAuthCode } from './pkce';
import { issueSession, rotateRefreshToken, type SessionResponse, type SignInMethod } from './sessions';
import { findUserByEmail, findUserById } from './users';
import { normalizeEmail } from './validation';
import type { OneTimeTokenType } from './one-time-tokens';

/** POST /token?grant_type=password. Wrong email and wrong password look the same to the caller. */
export async function passwordGrant(deps: AppDeps, body: Record<string, unknown>): Promise<SessionResponse> {
  const email = normalizeEmail(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (body.email === undefined && body.phone !== undefined) throw authErrors.validation('Phone logins are not supported');
  if (!email || password === '') throw authErrors.invalidCredentials();

  const user = await findUserByEmail(deps.db.pool, email);
  const matches = user ? await verifyPassword(password, user.encrypted_password) : await verifyAgainstDummy(password);
  if (!user || !matches) throw authErrors.invalidCredentials();
  if (user.banned_until && user.banned_until > new Date()) throw authErrors.userBanned();
  if (!user.email_confirmed_at) throw authErrors.emailNotConfirmed();
  return deps.db.transaction((client) => issueSession(client, deps, user, 'password'));
}

/** POST /token?grant_type=refresh_token: one use per refresh token. */
export async function refreshTokenGrant(deps: AppDeps, body: Record<string, unknown>): Promise<SessionResponse> {
  const token = body.refresh_token;
  if (typeof token !== 'string' || token === '') throw authErrors.refreshTokenNotFound();
  const outcome = await deps.db.transaction((client) => rotateRefreshToken(client, deps, token));
  if (!outcome.ok) throw outcome.error;
  return outcome.session;
}

export const methodForType: Record<OneTimeTokenType, SignInMethod> = {
  signup: 'otp',
  magiclink: 'otp',
  recovery: 'recovery',
  invite: 'invite',
  email_change: 'email_change',
};

/** POST /token?grant_type=pkce: exchanges the auth code from an email link for a session. */
export async function pkceGrant(deps: AppDeps, body: Record<string, unknown>): Promise<SessionResponse> {
  return deps.db.transaction(async (client) => {
    const flow = await redeemAuthCode(client, body.auth_code, body.code_verifier);
    const user = await findUserById(client, flow.userId);
    if (!user) throw new AuthApiError(404, 'user_not_found', 'User not found');
    return issueSession(client, deps, user, methodForType[flow.type]);
  });
}
