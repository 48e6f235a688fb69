import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import type { AccessTokenClaims } from '../auth/jwt';
import { isSessionActive } from '../auth/sessions';

export type ApiEnv = { Variables: { claims: AccessTokenClaims & { sub: string; role: 'authenticated' } } };

/**
 * Requires a signed-in user's access token whose session is still active. Every /api handler
 * then runs its SQL under these claims (db.asCaller), so RLS checks the same user again.
 */
export function requireUser(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = /^bearer\s+(.+)$/i.exec(header)?.[1];
    if (!token) return c.json({ error: 'Not authenticated' }, 401);
    const claims = await deps.jwt.verify(token);
    if (!claims || claims.role !== 'authenticated' || !claims.sub || typeof claims.session_id !== 'string') {
      return c.json({ error: 'Invalid or expired session. Please sign in again.' }, 401);
    }
    const active = await isSessionActive(deps.db.pool, claims.session_id, claims.sub);
    if (!active) return c.json({ error: 'Your session has ended. Please sign in again.' }, 401);
    c.set('claims', claims as ApiEnv['Variables']['claims']);
    await next();
  };
}
