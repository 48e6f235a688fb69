import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { pgErrorToV1 } from './errors';
import type { ApiV1Env, Principal } from './principal';

/** ISO-8601 text of a timestamptz column, as every v1 response shows times. */
export const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Runs fn in a transaction under the caller's claims, so RLS decides what the key or member sees
 * and changes; database errors a person can act on become v1 errors.
 */
export async function asPrincipal<T>(deps: AppDeps, c: Context<ApiV1Env>, fn: (client: SqlClient, p: Principal) => Promise<T>): Promise<T> {
  const principal = c.get('principal');
  try {
    return await deps.db.asCaller(principal.claims, (client) => fn(client, principal));
  } catch (err) {
    throw pgErrorToV1(err) ?? err;
  }
}

/** Records a write made through the API, in the same transaction, with the key or member that made it. */
export async function recordWrite(client: SqlClient, organizationId: string, action: string, targetId: string): Promise<void> {
  await client.query('select public.record_api_write($1, $2, $3)', [organizationId, action, targetId]);
}
