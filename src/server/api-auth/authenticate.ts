import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError } from '../http/errors';
import { pgErrorToHttp } from '../http/pg-errors';
import type { AccessTokenClaims } from '../auth/jwt';
import { authenticateRequest } from '../auth';

export type ApiEnv = { Variables: { claims: AccessTokenClaims & { sub: string } } };

/**
 * Requires a signed-in user's access token whose session is still active. Every /api handler
 * then runs its SQL under these claims (db.asCaller), so RLS checks the same user again.
 */
export function requireUser(deps: AppDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) return c.json({ error: 'Not authenticated' }, 401);
    const claims = await authenticateRequest(deps, header);
    if (!claims) return c.json({ error: 'Your session is invalid or has ended. Please sign in again.' }, 401);
    c.set('claims', claims as ApiEnv['Variables']['claims']);
    await next();
  };
}

/**
 * Runs `fn` under the signed-in user's claims (RLS decides) and turns the database's refusals into
 * HttpErrors a person can act on (pg-errors.ts). The app API's routes share it.
 */
export function callerQuery(deps: AppDeps) {
  return <T>(c: Context<ApiEnv>, fn: (client: SqlClient) => Promise<T>): Promise<T> =>
    deps.db.asCaller(c.get('claims'), fn).catch((err: unknown) => {
      const mapped = pgErrorToHttp(err);
      if (mapped) throw new HttpError(mapped.status, mapped.error);
      throw err;
    });
}
