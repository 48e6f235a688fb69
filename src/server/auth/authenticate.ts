import type { AppDeps } from '../deps';
import type { AccessTokenClaims } from './jwt';
import { authErrors, type AuthApiError } from './errors';
import { isSessionActive } from './sessions';

export type BearerCheck = { ok: true; claims: AccessTokenClaims & { session_id: string } } | { ok: false; error: AuthApiError };

/** Pulls the token out of an `Authorization: Bearer <token>` header. */
export function bearerToken(authorizationHeader: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorizationHeader ?? '');
  return match ? match[1]! : null;
}

/**
 * Checks a user's access token: a valid signature and expiry, a signed-in user (not an API key),
 * and a session that still exists (signing out makes its access tokens stop working at once).
 * The failure says why, in GoTrue's error shape.
 */
export async function checkBearer(deps: Pick<AppDeps, 'jwt' | 'db'>, authorizationHeader: string | null | undefined): Promise<BearerCheck> {
  const token = bearerToken(authorizationHeader);
  if (!token) return { ok: false, error: authErrors.noAuthorization() };
  const claims = await deps.jwt.verifyClaims(token);
  if (!claims) return { ok: false, error: authErrors.badJwt('unable to parse or verify signature, or the token has expired') };
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string' || claims.sub === '') {
    return { ok: false, error: authErrors.badJwt('missing sub claim; an API key is not a user access token') };
  }
  const sessionId = claims.session_id;
  if (typeof sessionId !== 'string' || !(await isSessionActive(deps.db.pool, sessionId, claims.sub))) {
    return { ok: false, error: authErrors.sessionNotFound() };
  }
  return { ok: true, claims: { ...claims, session_id: sessionId } };
}

/**
 * The claims of a signed-in user's access token whose session is still active, or null for a
 * missing, invalid, expired or signed-out token (and for API keys, which belong to no user).
 * For /api routes and the data API.
 */
export async function authenticateRequest(
  deps: Pick<AppDeps, 'jwt' | 'db'>,
  authorizationHeader: string | null | undefined,
): Promise<AccessTokenClaims | null> {
  const result = await checkBearer(deps, authorizationHeader);
  return result.ok ? result.claims : null;
}
