import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError } from '../http/errors';
import { ApiV1Error, pgErrorToV1, type ErrorCode } from './errors';
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
    throw pgErrorToV1(err) ?? httpErrorToV1(err) ?? err;
  }
}

/** The app's domain steps (e.g. src/server/db/tracking-plan-store.ts) throw HttpError; v1 answers them in its own shape. */
function httpErrorToV1(err: unknown): ApiV1Error | null {
  if (!(err instanceof HttpError)) return null;
  const code: ErrorCode = err.status === 403 ? 'forbidden' : err.status === 404 ? 'not_found' : err.status === 409 ? 'conflict' : 'invalid_request';
  return new ApiV1Error(err.status, code, err.message);
}

/** Records a write made through the API, in the same transaction, with the key or member that made it. */
export async function recordWrite(client: SqlClient, organizationId: string, action: string, targetId: string): Promise<void> {
  await client.query('select public.record_api_write($1, $2, $3)', [organizationId, action, targetId]);
}

/**
 * The organization a create or an organization-wide read is for: a key's own (naming another is
 * refused), or the one a member names. RLS checks the member's role in it again.
 */
export function targetOrganization(p: Principal, requested: string | undefined, field: string): string {
  if (p.kind === 'key') {
    if (requested && requested !== p.organizationId) throw new ApiV1Error(403, 'forbidden', 'An API key acts in its own organization only.', { field });
    return p.organizationId;
  }
  if (!requested) throw new ApiV1Error(400, 'invalid_request', `${field} is required with a session token.`, { field });
  return requested;
}

/**
 * After an update or delete that RLS filtered out: 403 when the caller can see the row but may not
 * change it, 404 when it cannot see it at all. `table` is one of our fixed table names.
 */
export async function refuseChange(client: SqlClient, table: 'websites' | 'custom_rules' | 'alert_rules', id: string, label: string): Promise<never> {
  const visible = await client.query(`select 1 from public.${table} where id = $1`, [id]);
  if (visible.rowCount) throw new ApiV1Error(403, 'forbidden', `You may not change this ${label}.`);
  throw new ApiV1Error(404, 'not_found', `${label[0]!.toUpperCase()}${label.slice(1)} not found.`);
}
