import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError } from '../http/errors';
import type { ApiEnv } from './authenticate';
import { pgErrorToHttp } from './pg-errors';

/** Runs `fn` in a transaction under the signed-in caller's role; Postgres errors a person can act on become HTTP errors. */
export function asCaller<T>(deps: AppDeps, c: Context<ApiEnv>, fn: (client: SqlClient) => Promise<T>): Promise<T> {
  return deps.db.asCaller(c.get('claims'), fn).catch((err: unknown) => {
    const mapped = pgErrorToHttp(err);
    if (mapped) throw new HttpError(mapped.status, mapped.error);
    throw err;
  });
}
