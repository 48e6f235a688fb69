import type { Context } from 'hono';
import { EXACT_COUNT_LIMIT } from '../../shared/counts';
import type { SqlClient } from '../db/database';
import type { AppDeps } from '../deps';
import { RestError, singularityError, tableNotFoundError } from './errors';
import { plannedCount, readRangeStatus, respond, runAsCaller, withSchema, type RequestState } from './execute';
import { buildDelete, buildInsert, buildUpdate, type MutationQuery } from './mutation-builder';
import { contentRange, intersectRanges, parsePreferences, parseRangeHeader, preferenceAppliedHeader, type Preferences } from './preferences';
import { parseQuery } from './query-parser';
import type { ParsedQuery, Range } from './query-types';
import { buildReadQuery, createContext, type BuiltQuery, type ReadSource } from './read-builder';
import { checkProfile, negotiateMedia, readJsonBody, resolveClaims, type MediaChoice } from './request';
import { buildRpcQuery, requireFunction, type RpcArgs } from './rpc-builder';
import { suggestTable, type SchemaCache, type TableInfo } from './schema-cache';
import type { SchemaCacheStore } from './schema-loader';
import { qualified, SqlParams } from './sql-fragments';

/** HTTP handlers for /rest/v1/{table} and /rest/v1/rpc/{fn}. */

interface HandlerEnv {
  deps: AppDeps;
  store: SchemaCacheStore;
}

function findTable(cache: SchemaCache, name: string): TableInfo {
  const table = cache.tables.get(name);
  if (!table) throw tableNotFoundError(name, suggestTable(cache, name));
  return table;
}

function tableSource(table: TableInfo): ReadSource {
  return { table, relationOrigin: table.name, from: qualified(table.name) };
}

/** The parts every request starts with: caller, schema, preferences, media type and query string. */
async function begin(env: HandlerEnv, c: Context, state: RequestState, target: 'table' | 'rpc' = 'table') {
  const startedAt = performance.now();
  const claims = await resolveClaims(c, env.deps.jwt);
  state.authenticated = claims.role !== 'anon';
  checkProfile(c);
  const prefs = parsePreferences(c.req.header('prefer'));
  const media = negotiateMedia(c.req.header('accept'));
  const queryTarget = target === 'table' ? 'table' : c.req.method === 'POST' ? 'rpc-post' : 'rpc-get';
  const query = parseQuery(new URL(c.req.url).searchParams, queryTarget);
  return { startedAt, claims, prefs, media, query };
}

const shouldCount = (prefs: Preferences) => prefs.count === 'exact' || prefs.count === 'estimated';

interface ReadResult {
  body: string;
  pageTotal: number;
  total: number | undefined;
}

function readResponse(c: Context, media: MediaChoice, prefs: Preferences, range: Range | undefined, result: ReadResult, isHead: boolean): Response {
  const offset = range?.offset ?? 0;
  const { status, upper } = readRangeStatus(offset, result.pageTotal, result.total);
  const headers = {
    'Content-Range': contentRange(offset, upper, result.total),
    'Preference-Applied': preferenceAppliedHeader(prefs, { count: true }),
  };
  if (status === 416) {
    const error = new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${result.total ?? 0} rows.`);
    return respond(c, 416, JSON.stringify(error.toBody()), { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  }
  return respond(c, status, isHead ? null : result.body, { ...headers, 'Content-Type': media.contentType });
}

/**
 * The total a read answers with: exact, planned, or for `count=estimated` exact up to
 * EXACT_COUNT_LIMIT and the planner's estimate beyond it (at least EXACT_COUNT_LIMIT + 1, so a
 * poor estimate never claims fewer rows than were counted), as PostgREST does with db-max-rows.
 */
async function readTotal(client: SqlClient, prefs: Preferences, counted: number | undefined, planned: BuiltQuery | undefined): Promise<number | undefined> {
  if (prefs.count === 'planned' && planned) return plannedCount(client, planned.sql, planned.params);
  if (prefs.count !== 'estimated' || counted === undefined || counted <= EXACT_COUNT_LIMIT || !planned) return counted;
  return Math.max(EXACT_COUNT_LIMIT + 1, (await plannedCount(client, planned.sql, planned.params)) ?? 0);
}

export function readTable(env: HandlerEnv) {
  return async (c: Context, state: RequestState): Promise<Response> => {
    const { startedAt, claims, prefs, media, query } = await begin(env, c, state);
    const name = c.req.param('table') ?? '';
    const range = intersectRanges(parseRangeHeader(c.req.header('range')), query.ranges.get(''));
    const build = (cache: SchemaCache) => {
      const source = tableSource(findTable(cache, name));
      const main = buildReadQuery(createContext(cache, query, new SqlParams()), source, {
        shape: media.shape,
        stripNulls: media.stripNulls,
        exactCount: shouldCount(prefs),
        ...(prefs.count === 'estimated' ? { countLimit: EXACT_COUNT_LIMIT } : {}),
        rootRange: range,
      });
      const planned =
        prefs.count === 'planned' || prefs.count === 'estimated'
          ? buildReadQuery(createContext(cache, query, new SqlParams()), source, { shape: 'array', stripNulls: false, exactCount: false, rootRange: { offset: 0 } })
          : undefined;
      return { main, planned };
    };
    const { result } = await withSchema(env.store, startedAt, async (cache) => {
      const built = build(cache);
      const result = await runAsCaller(env.deps, claims, prefs, true, async (client) => {
        const row = (await client.query<{ total: string | null; page_total: string; body: string }>(built.main.sql, built.main.params)).rows[0]!;
        const pageTotal = Number(row.page_total);
        if (media.shape === 'object' && pageTotal !== 1) throw singularityError(pageTotal);
        const total = await readTotal(client, prefs, row.total === null ? undefined : Number(row.total), built.planned);
        return { body: row.body, pageTotal, total };
      });
      return { built, result };
    });
    return readResponse(c, media, prefs, range, result, c.req.method === 'HEAD');
  };
}

type MutationKind = 'insert' | 'update' | 'delete';

/** `return=headers-only` needs the new row's primary key for Location, so it selects just that. */
function headersOnlyQuery(query: ParsedQuery, table: TableInfo): ParsedQuery {
  return { ...query, select: table.primaryKey.map((name) => ({ kind: 'field' as const, field: { name, jsonPath: [] } })) };
}

function locationHeader(table: TableInfo, body: string | null): string | undefined {
  if (!body || table.primaryKey.length === 0) return undefined;
  const rows = JSON.parse(body) as Record<string, unknown>[];
  const first = rows[0];
  if (!first) return undefined;
  const search = new URLSearchParams(table.primaryKey.map((k) => [k, `eq.${String(first[k])}`]));
  return `/${table.name}?${search.toString()}`;
}

/**
 * A DELETE or PATCH must name the rows it touches with at least one filter on the table itself,
 * as hosted Supabase enforces (pg-safeupdate): for every role, the service role included.
 * Filters on embedded resources do not narrow the rows of the table.
 */
function refuseUnfilteredWrite(query: ParsedQuery, kind: Exclude<MutationKind, 'insert'>): void {
  const rootFilters = query.filters.filter((f) => f.path.length === 0).length + query.logic.filter((l) => l.path.length === 0).length;
  if (rootFilters === 0) throw new RestError(400, '21000', kind === 'delete' ? 'DELETE requires a WHERE clause' : 'UPDATE requires a WHERE clause');
}

/**
 * PostgREST ignores Prefer values it does not know unless `handling=strict`; on a request that can
 * change existing rows an ignored value may be the bound the client meant (`max-affected=1`
 * without `handling=strict`, `max-affected=one`, a typo), and a Range header does not limit a
 * PATCH or DELETE. Each is refused by name instead of running the wider write.
 */
function refuseIgnoredWriteBounds(c: Context, prefs: Preferences, what: 'update' | 'delete' | 'rpc'): void {
  if (prefs.invalid.length > 0) {
    throw new RestError(400, 'PGRST122', 'Invalid preferences given', `Invalid preferences: ${prefs.invalid.join(', ')}`, 'Remove them or fix their spelling; they would be ignored');
  }
  if (prefs.maxAffected !== undefined && prefs.handling !== 'strict') {
    throw new RestError(
      400,
      'PGRST122',
      'Invalid preferences given',
      `Invalid preferences: max-affected=${prefs.maxAffected} is only applied with handling=strict`,
      'Send Prefer: handling=strict, max-affected=N',
    );
  }
  if (what !== 'rpc' && c.req.header('range') !== undefined) {
    throw new RestError(400, 'PGRST127', 'Feature not implemented', `The Range header does not limit ${what === 'delete' ? 'DELETE' : 'PATCH'}`, 'Use the limit and order query parameters');
  }
}

export function mutateTable(env: HandlerEnv, kind: MutationKind) {
  return async (c: Context, state: RequestState): Promise<Response> => {
    const { startedAt, claims, prefs, media, query } = await begin(env, c, state);
    const name = c.req.param('table') ?? '';
    if (kind !== 'insert') {
      refuseUnfilteredWrite(query, kind);
      refuseIgnoredWriteBounds(c, prefs, kind);
    }
    const body = kind === 'delete' ? undefined : await readJsonBody(c);
    const headersOnly = kind === 'insert' && prefs.return === 'headers-only';
    const wantsBody = prefs.return === 'representation';
    const missingDefault = prefs.missing === 'default';

    const build = (cache: SchemaCache) => {
      const table = findTable(cache, name);
      const effectiveQuery = headersOnly ? headersOnlyQuery(query, table) : query;
      const ctx = createContext(cache, effectiveQuery, new SqlParams());
      const representation = wantsBody || headersOnly ? { shape: headersOnly ? ('array' as const) : media.shape, stripNulls: media.stripNulls } : undefined;
      const returning = representation !== undefined;
      let mutation: MutationQuery | undefined;
      if (kind === 'insert') {
        mutation = buildInsert(ctx, table, body!, {
          columnsParam: query.columns,
          missingDefault,
          resolution: prefs.resolution,
          onConflict: query.onConflict,
          representation,
          returning,
        });
      } else if (kind === 'update') {
        mutation = buildUpdate(ctx, table, body!, { columnsParam: query.columns, missingDefault, representation, returning, range: query.ranges.get('') });
      } else {
        mutation = buildDelete(ctx, table, { representation, returning, range: query.ranges.get('') });
      }
      return { table, mutation };
    };

    const { built, result } = await withSchema(env.store, startedAt, async (cache) => {
      const built = build(cache);
      const result = await runAsCaller(env.deps, claims, prefs, false, async (client) => {
        let pageTotal = 0;
        let inserted: number | undefined;
        let resultBody: string | null = wantsBody ? (media.shape === 'object' ? 'null' : '[]') : null;
        for (const statement of built.mutation?.statements ?? []) {
          const res = await client.query<{ page_total: string; inserted: string | null; body: string | null }>(statement.sql, statement.params);
          if (built.mutation?.countsFromRowCount) pageTotal += res.rowCount ?? 0;
          else {
            const row = res.rows[0]!;
            pageTotal = Number(row.page_total);
            inserted = row.inserted === null ? undefined : Number(row.inserted);
            resultBody = row.body;
          }
        }
        if (media.shape === 'object' && pageTotal !== 1) throw singularityError(pageTotal);
        if (kind !== 'insert' && prefs.handling === 'strict' && prefs.maxAffected !== undefined && pageTotal > prefs.maxAffected) {
          throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${pageTotal} rows`);
        }
        return { pageTotal, inserted, body: resultBody };
      });
      return { built, result };
    });

    const total = shouldCount(prefs) ? result.pageTotal : undefined;
    const bodyOut = wantsBody ? result.body : null;
    const contentType = wantsBody ? media.contentType : undefined;
    if (kind === 'insert') {
      const { table } = built;
      const resolutionApplies = table.primaryKey.length > 0 || query.onConflict !== undefined;
      const status = prefs.resolution === 'merge-duplicates' && result.inserted === 0 ? 200 : 201;
      return respond(c, status, bodyOut, {
        'Content-Type': contentType,
        'Content-Range': contentRange(1, 0, total),
        Location: headersOnly ? locationHeader(table, result.body) : undefined,
        'Preference-Applied': preferenceAppliedHeader(prefs, { resolution: resolutionApplies, missing: true, return: true, count: true }),
      });
    }
    const applied = preferenceAppliedHeader(prefs, { missing: kind === 'update', return: true, count: true });
    const range = kind === 'update' ? contentRange(0, result.pageTotal - 1, total) : contentRange(1, 0, total);
    return respond(c, wantsBody ? 200 : 204, bodyOut, { 'Content-Type': contentType, 'Content-Range': range, 'Preference-Applied': applied });
  };
}

/**
 * Rows inserted, updated or deleted so far by this transaction in any table, from Postgres's
 * per-transaction statistics: what a function changed, whatever it returns.
 */
async function rowsChangedInTransaction(client: { query: <R extends Record<string, unknown>>(sql: string) => Promise<{ rows: R[] }> }): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as n from pg_catalog.pg_stat_xact_all_tables');
  return Number(rows[0]?.n ?? 0);
}

export function callFunction(env: HandlerEnv) {
  return async (c: Context, state: RequestState): Promise<Response> => {
    const { startedAt, claims, prefs, media, query } = await begin(env, c, state, 'rpc');
    const name = c.req.param('fn') ?? '';
    const isPost = c.req.method === 'POST';
    const singleObject = prefs.params === 'single-object';
    if (isPost) refuseIgnoredWriteBounds(c, prefs, 'rpc');
    let args: RpcArgs;
    let argsText: string;
    if (isPost) {
      const body = await readJsonBody(c, { emptyAs: {} });
      if (!singleObject && (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value))) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      }
      args = body.value as RpcArgs;
      argsText = body.text;
    } else {
      args = Object.fromEntries(query.rpcParams);
      argsText = JSON.stringify(args);
    }
    const range = intersectRanges(isPost ? undefined : parseRangeHeader(c.req.header('range')), query.ranges.get(''));
    const build = (cache: SchemaCache) => {
      const call = requireFunction(cache, name, singleObject ? [] : Object.keys(args), { singleObject, isPost });
      return buildRpcQuery(createContext(cache, query, new SqlParams()), call, { values: args, text: argsText }, {
        shape: media.shape,
        stripNulls: media.stripNulls,
        exactCount: prefs.count !== undefined,
        rootRange: range,
      });
    };

    const { built, result } = await withSchema(env.store, startedAt, async (cache) => {
      const built = build(cache);
      const result = await runAsCaller(env.deps, claims, prefs, !isPost || built.readOnly, async (client) => {
        const bounded = prefs.handling === 'strict' && prefs.maxAffected !== undefined;
        const changedBefore = bounded ? await rowsChangedInTransaction(client) : 0;
        const res = await client.query<{ total: string | null; page_total: string; body: string }>(built.sql, built.params);
        if (bounded) {
          const changed = (await rowsChangedInTransaction(client)) - changedBefore;
          // Thrown inside the transaction: everything the function did is rolled back.
          if (changed > prefs.maxAffected!) throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${changed} rows`);
        }
        if (built.kind === 'void') return undefined;
        const row = res.rows[0]!;
        const pageTotal = Number(row.page_total);
        if (built.kind === 'rows' && media.shape === 'object' && pageTotal !== 1) throw singularityError(pageTotal);
        return { body: row.body, pageTotal, total: row.total === null ? undefined : Number(row.total) };
      });
      return { built, result };
    });
    const applied = preferenceAppliedHeader(prefs, { count: true, params: true });
    if (!result) return respond(c, 204, null, { 'Preference-Applied': applied });
    if (built.kind === 'scalar') {
      return respond(c, 200, c.req.method === 'HEAD' ? null : result.body, {
        'Content-Type': media.shape === 'object' ? media.contentType : 'application/json; charset=utf-8',
        'Content-Range': contentRange(0, 0, prefs.count ? 1 : undefined),
        'Preference-Applied': applied,
      });
    }
    return readResponse(c, media, prefs, range, result, c.req.method === 'HEAD');
  };
}
