import { decodeJwt } from 'jose';
import type { SqlClient } from '../db/database';
import type { AppDeps } from '../deps';
import { ACCESS_TOKEN_TTL_SECONDS, ISSUER_PATH, type AccessTokenClaims } from './jwt';
import { authErrors, type AuthApiError } from './errors';
import { generateOpaqueToken, hashToken } from './tokens';
import { findUserById, toUserJson, updateUser, type UserRow } from './users';

/** GoTrue's names for how a session began; they end up in the access token's amr claim. */
export type SignInMethod = 'password' | 'otp' | 'magiclink' | 'email/signup' | 'recovery' | 'invite' | 'email_change';

export type AmrEntry = { method: string; timestamp: number };

/** The session object GoTrue returns from /token and /verify. */
export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

async function insertRefreshToken(client: SqlClient, userId: string, sessionId: string, parentHash: string | null): Promise<string> {
  const token = generateOpaqueToken();
  await client.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
    hashToken(token),
    userId,
    sessionId,
    parentHash,
  ]);
  return token;
}

async function buildSessionResponse(
  deps: Pick<AppDeps, 'jwt' | 'publicUrl'>,
  user: UserRow,
  sessionId: string,
  amr: AmrEntry[],
  refreshToken: string,
): Promise<SessionResponse> {
  const claims: Omit<AccessTokenClaims, 'iat' | 'exp'> = {
    iss: `${deps.publicUrl}${ISSUER_PATH}`,
    sub: user.id,
    aud: 'authenticated',
    email: user.email ?? '',
    phone: '',
    // The database role every signed-in user runs as; app-level roles live in app_metadata/users.role.
    role: 'authenticated',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    aal: 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: false,
  };
  const accessToken = await deps.jwt.sign(claims, ACCESS_TOKEN_TTL_SECONDS);
  const { exp } = decodeJwt(accessToken);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    expires_at: exp!,
    refresh_token: refreshToken,
    user: toUserJson(user),
  };
}

/** Starts a session for a user who just proved who they are, and records the sign-in. */
export async function issueSession(
  client: SqlClient,
  deps: Pick<AppDeps, 'jwt' | 'publicUrl'>,
  user: UserRow,
  method: SignInMethod,
): Promise<SessionResponse> {
  const amr: AmrEntry[] = [{ method, timestamp: Math.floor(Date.now() / 1000) }];
  const { rows } = await client.query<{ id: string }>('insert into auth.sessions (user_id, amr) values ($1, $2) returning id', [
    user.id,
    JSON.stringify(amr),
  ]);
  const sessionId = rows[0]!.id;
  const refreshToken = await insertRefreshToken(client, user.id, sessionId, null);
  const signedIn = await updateUser(client, user.id, { last_sign_in_now: true });
  return buildSessionResponse(deps, signedIn, sessionId, amr, refreshToken);
}

export type RefreshOutcome = { ok: true; session: SessionResponse } | { ok: false; error: AuthApiError };

/**
 * Rotates a refresh token: the presented one is revoked and a child issued. Presenting a revoked
 * token means it leaked or was replayed, so (as GoTrue does) the whole session is ended and every
 * token of its family revoked. Failures are returned, not thrown, so that revocation commits.
 */
export async function rotateRefreshToken(
  client: SqlClient,
  deps: Pick<AppDeps, 'jwt' | 'publicUrl'>,
  rawToken: string,
): Promise<RefreshOutcome> {
  const tokenHash = hashToken(rawToken);
  const { rows } = await client.query<{ id: string; revoked: boolean; session_id: string; user_id: string; expired: boolean; amr: AmrEntry[] }>(
    `select rt.id, rt.revoked, rt.session_id, rt.user_id, s.amr,
            (s.not_after is not null and s.not_after <= now()) as expired
       from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = $1
      for update of rt, s`,
    [tokenHash],
  );
  const token = rows[0];
  if (!token) return { ok: false, error: authErrors.refreshTokenNotFound() };
  if (token.revoked) {
    await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [
      token.session_id,
    ]);
    await client.query('update auth.sessions set not_after = now(), updated_at = now() where id = $1 and not_after is null', [
      token.session_id,
    ]);
    return { ok: false, error: authErrors.refreshTokenAlreadyUsed() };
  }
  if (token.expired) return { ok: false, error: authErrors.sessionExpired() };
  const user = await findUserById(client, token.user_id);
  if (!user) return { ok: false, error: authErrors.refreshTokenNotFound() };
  if (user.banned_until && user.banned_until > new Date()) return { ok: false, error: authErrors.userBanned() };

  await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [token.id]);
  const child = await insertRefreshToken(client, token.user_id, token.session_id, tokenHash);
  await client.query('update auth.sessions set updated_at = now() where id = $1', [token.session_id]);
  return { ok: true, session: await buildSessionResponse(deps, user, token.session_id, token.amr, child) };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True while the session has not been signed out, revoked or expired, and its user is not banned.
 * Ids that are not UUIDs are simply not active. Asked on every request (a primary-key lookup),
 * so a sign-out or ban holds at once in every server process.
 */
export async function isSessionActive(client: Pick<SqlClient, 'query'>, sessionId: string, userId: string): Promise<boolean> {
  if (!uuidPattern.test(sessionId) || !uuidPattern.test(userId)) return false;
  const { rows } = await client.query(
    `select 1 from auth.sessions s join auth.users u on u.id = s.user_id
      where s.id = $1 and s.user_id = $2 and (s.not_after is null or s.not_after > now())
        and (u.banned_until is null or u.banned_until <= now())`,
    [sessionId, userId],
  );
  return rows.length > 0;
}

export type SignOutScope = 'global' | 'local' | 'others';

/** Ends sessions (their refresh tokens go with them): this one, all but this one, or all of the user's. */
export async function endSessions(client: SqlClient, userId: string, sessionId: string, scope: SignOutScope): Promise<void> {
  if (scope === 'local') {
    await client.query('delete from auth.sessions where id = $1 and user_id = $2', [sessionId, userId]);
  } else if (scope === 'others') {
    await client.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await client.query('delete from auth.sessions where user_id = $1', [userId]);
    // "Everywhere" includes the operator console: a super admin's console sessions end too.
    await client.query('update public.super_admin_sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
  }
}
