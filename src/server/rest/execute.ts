import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import type { AppDeps } from '../deps';
import type { RequestClaims, SqlClient } from '../db/database';
import { RestError, toRestError } from './errors';
import type { Preferences } from './preferences';
import type { SchemaCache } from './schema-cache';
import type { SchemaCacheStore } from './schema-loader';
import { logFor } from '../http/request-log';

/** Shared plumbing for the handlers: schema lookups with reload, the caller's transaction, responses. */

/** Errors that may only mean the schema cache is stale (a new table, function, column or foreign key). */
const staleSchemaCodes = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);
/** Postgres errors that a stale cache can cause (e.g. a dropped column still listed): undefined column, table, function. */
const staleDatabaseCodes = new Set(['42703', '42P01', '42883']);

function mayBeStaleSchema(err: unknown): boolean {
  if (err instanceof RestError) return staleSchemaCodes.has(err.code);
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === 'string' && staleDatabaseCodes.has(code);
}

/**
 * Runs `attempt` (build the SQL, run it in the caller's transaction) against the schema cache.
 * When it fails in a way a newer schema could fix, reloads the cache (at most once for this
 * request, rate-limited by the store) and tries again; the failed transaction was rolled back.
 */
export async function withSchema<T>(store: SchemaCacheStore, requestStartedAt: number, attempt: (cache: SchemaCache) => Promise<T>): Promise<T> {
  const cache = await store.get();
  try {
    return await attempt(cache);
  } catch (err) {
    if (!mayBeStaleSchema(err)) throw err;
    const fresh = await store.refreshedSince(requestStartedAt);
    if (fresh === cache) throw err;
    return attempt(fresh);
  }
}

const rollbackSignal = Symbol('rollback');

/**
 * One transaction per request, under the caller's role so row-level security decides.
 * `Prefer: tx=rollback` computes the response and then rolls everything back.
 */
export async function runAsCaller<T>(
  deps: AppDeps,
  claims: RequestClaims,
  prefs: Preferences,
  readOnly: boolean,
  fn: (client: SqlClient) => Promise<T>,
): Promise<T> {
  const body = async (client: SqlClient) => {
    if (readOnly) await client.query('set transaction read only');
    return fn(client);
  };
  if (prefs.tx !== 'rollback') return deps.db.asCaller(claims, body);
  let result: { value: T } | undefined;
  try {
    await deps.db.asCaller(claims, async (client) => {
      result = { value: await body(client) };
      throw rollbackSignal;
    });
  } catch (err) {
    if (err === rollbackSignal && result) return result.value;
    throw err;
  }
  throw new Error('unreachable: the rollback transaction neither failed nor rolled back');
}

export function respond(c: Context, status: StatusCode, body: string | null, headers: Record<string, string | undefined>): Response {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) clean[k] = v;
  if (status === 204 || status === 304 || body === null) return c.body(null, status, clean);
  return c.body(body, status as ContentfulStatusCode, clean);
}

export interface RequestState {
  authenticated: boolean;
}

/** Wraps a handler so every failure becomes PostgREST's error shape, with nothing left written. */
export function handled(deps: AppDeps, handler: (c: Context, state: RequestState) => Promise<Response>) {
  return async (c: Context): Promise<Response> => {
    const state: RequestState = { authenticated: false };
    try {
      return await handler(c, state);
    } catch (err) {
      const restError = toRestError(err, state.authenticated);
      if (restError) {
        return c.body(JSON.stringify(restError.toBody()), restError.status, {
          'Content-Type': 'application/json; charset=utf-8',
          ...restError.headers,
        });
      }
      logFor(c, deps.log).error({ path: c.req.path, error: err instanceof Error ? err.stack : String(err) }, 'data API request failed');
      return c.body(JSON.stringify({ code: 'PGRSTX00', message: 'Internal server error', details: null, hint: null }), 500, {
        'Content-Type': 'application/json; charset=utf-8',
      });
    }
  };
}

/** PostgREST's status and Content-Range for a read: 206 when the page is a strict part of a known total, 416 past the end. */
export function readRangeStatus(offset: number, pageTotal: number, total: number | undefined): { status: 200 | 206 | 416; upper: number } {
  const upper = offset + pageTotal - 1;
  if (total === undefined) return { status: 200, upper };
  if (offset > total) return { status: 416, upper };
  if (1 + upper - offset < total) return { status: 206, upper };
  return { status: 200, upper };
}

/** The row estimate of the node under the top-level aggregate of an EXPLAIN (FORMAT JSON). */
export async function plannedCount(client: SqlClient, sql: string, params: unknown[]): Promise<number | undefined> {
  const res = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`explain (format json) ${sql}`, params);
  let node: PlanNode | undefined = res.rows[0]?.['QUERY PLAN'][0]?.Plan;
  while (node && node['Node Type'] === 'Aggregate' && node.Plans?.[0]) node = node.Plans[0];
  return node ? Math.round(node['Plan Rows']) : undefined;
}

interface PlanNode {
  'Node Type': string;
  'Plan Rows': number;
  Plans?: PlanNode[];
}
