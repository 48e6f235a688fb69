import { functionNotFoundError, RestError } from './errors';
import type { Range } from './query-types';
import { buildReadQuery, rangeClause, type BodyShape, type BuildContext, type BuiltQuery } from './read-builder';
import { buildTable, type FunctionArg, type FunctionInfo, type SchemaCache } from './schema-cache';
import { ident, qualified, type SqlParams } from './sql-fragments';

/** Picks the function overload a call means and builds `select ... from public.fn(args)`. */

export type RpcArgs = Record<string, unknown>;

/** The arguments, and their JSON text as sent (so numbers keep their full precision). */
export interface RpcArgsBody {
  values: RpcArgs;
  text: string;
}

export interface ResolvedCall {
  fn: FunctionInfo;
  /** 'single' passes the whole body as the function's one json/jsonb argument. */
  mode: 'named' | 'single';
}

const jsonTypes = new Set(['json', 'jsonb']);

function singleJsonArg(fn: FunctionInfo): FunctionArg | undefined {
  return fn.args.length === 1 && jsonTypes.has(fn.args[0]!.type) ? fn.args[0] : undefined;
}

/**
 * As PostgREST: a call matches an overload whose named arguments include every given key and
 * whose required arguments are all given; a function with one unnamed json/jsonb argument takes
 * the whole body; `Prefer: params=single-object` passes the body to a one-json-argument function.
 */
export function resolveFunction(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  options: { singleObject: boolean; isPost: boolean },
): ResolvedCall | undefined {
  const candidates = cache.functions.get(name) ?? [];
  if (options.singleObject) {
    const fn = candidates.find((f) => singleJsonArg(f));
    return fn ? { fn, mode: 'single' } : undefined;
  }
  const named = candidates.filter(
    (f) =>
      argNames.every((k) => f.args.some((a) => a.name === k)) &&
      f.args.every((a) => a.hasDefault || argNames.includes(a.name)) &&
      f.args.every((a) => a.name !== ''),
  );
  if (named.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${named.map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  if (named[0]) return { fn: named[0], mode: 'named' };
  if (options.isPost) {
    const fn = candidates.find((f) => singleJsonArg(f)?.name === '');
    if (fn) return { fn, mode: 'single' };
  }
  return undefined;
}

export function requireFunction(cache: SchemaCache, name: string, argNames: string[], options: { singleObject: boolean; isPost: boolean }): ResolvedCall {
  const call = resolveFunction(cache, name, argNames, options);
  if (!call) throw functionNotFoundError(name, argNames, options.isPost);
  return call;
}

/**
 * `"public"."fn"("a" := ..., ...)`. All arguments arrive in one JSON bind parameter and
 * json_to_record converts each to its declared type, the way PostgREST passes them.
 */
export function callExpression(call: ResolvedCall, args: RpcArgsBody, params: SqlParams): string {
  const { fn } = call;
  const given = fn.args.filter((a) => Object.hasOwn(args.values, a.name));
  // No bind parameter for a call without arguments: Postgres refuses unused parameters.
  if (call.mode !== 'single' && given.length === 0) return `${qualified(fn.name)}()`;
  const json = params.add(args.text);
  if (call.mode === 'single') return `${qualified(fn.name)}(${json}::${fn.args[0]!.type})`;
  const list = given.map(
    (a) => `${ident(a.name)} := (select pgrst_a.${ident(a.name)} from json_to_record(${json}::json) as pgrst_a(${ident(a.name)} ${a.type}))`,
  );
  return `${qualified(fn.name)}(${list.join(', ')})`;
}

export interface RpcQueryOptions {
  shape: BodyShape;
  stripNulls: boolean;
  exactCount: boolean;
  rootRange?: Range;
}

export type RpcQuery = BuiltQuery & {
  kind: 'void' | 'scalar' | 'rows';
  /** PostgREST runs STABLE and IMMUTABLE functions in a read-only transaction, whatever the method. */
  readOnly: boolean;
};

export function buildRpcQuery(ctx: BuildContext, call: ResolvedCall, args: RpcArgsBody, options: RpcQueryOptions): RpcQuery {
  const { fn } = call;
  const expr = callExpression(call, args, ctx.params);
  const { returns } = fn;
  const readOnly = fn.volatility !== 'volatile';
  if (returns.kind === 'void') return { kind: 'void', readOnly, sql: `select ${expr}`, params: ctx.params.values };

  if (returns.kind === 'scalar' && !fn.returnsSet) {
    return { kind: 'scalar', readOnly, sql: `select null::bigint as total, 1 as page_total, to_json(${expr})::text as body`, params: ctx.params.values };
  }

  if (returns.kind === 'scalar') {
    const range = rangeClause(ctx, options.rootRange ?? ctx.query.ranges.get(''));
    const total = options.exactCount ? '(select count(*) from pgrst_call)' : 'null::bigint';
    let json = 'json_agg(pgrst_r.pgrst_scalar)';
    if (options.stripNulls) json = `json_strip_nulls(${json})`;
    const body =
      options.shape === 'object'
        ? `coalesce(${json}->0, 'null'::json)::text`
        : options.shape === 'csv'
          ? `coalesce(string_agg(pgrst_r.pgrst_scalar::text, chr(10)), '')`
          : `coalesce(${json}, '[]'::json)::text`;
    const sql =
      `with pgrst_call as materialized (select pgrst_s.pgrst_scalar from ${expr} as pgrst_s(pgrst_scalar)) ` +
      `select ${total} as total, count(*) as page_total, ${body} as body from (select pgrst_scalar from pgrst_call ${range}) pgrst_r`;
    return { kind: 'rows', readOnly, sql, params: ctx.params.values };
  }

  // Composite rows: the function's result is read like a table, with select, filters and order.
  const table = buildTable(returns.table ?? fn.name, 'view', returns.columns, [], []);
  const built = buildReadQuery(
    ctx,
    { table, relationOrigin: returns.table, from: 'pgrst_call' },
    {
      shape: fn.returnsSet ? options.shape : 'object',
      stripNulls: options.stripNulls,
      exactCount: options.exactCount,
      rootRange: options.rootRange,
      withClause: `with pgrst_call as materialized (select * from ${expr})`,
    },
  );
  return { kind: fn.returnsSet ? 'rows' : 'scalar', readOnly, sql: built.sql, params: built.params };
}
