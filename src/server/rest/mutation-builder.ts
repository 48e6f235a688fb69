import { columnNotFoundError, invalidBodyError, payloadColumnNotFoundError, RestError } from './errors';
import type { Range } from './query-types';
import { assertPathsEmbedded, bodyExpression, buildNode, type BodyShape, type BuildContext, type BuiltQuery } from './read-builder';
import type { JsonBody } from './request';
import type { TableInfo } from './schema-cache';
import { fieldExpr, filterCondition, ident, logicCondition, orderClause, qualified, SqlParams } from './sql-fragments';

/**
 * Builds INSERT (and upsert), UPDATE and DELETE. Request bodies go to Postgres as their original
 * JSON text in one bind parameter and are turned into rows by json_populate_record, so Postgres
 * converts every value to its column's type exactly as PostgREST does (and no precision is lost).
 */

export type JsonObject = Record<string, unknown>;

export interface Representation {
  shape: BodyShape;
  stripNulls: boolean;
}

/** Statements to run in order; the last one returns `page_total`, `inserted` and `body` (or only counts via rowCount when minimal). */
export interface MutationQuery {
  statements: BuiltQuery[];
  /** When true the statements carry no RETURNING; the affected row count is the sum of their rowCounts. */
  countsFromRowCount: boolean;
}

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The rows of an insert body: an object or an array of objects. */
export function insertRows(body: unknown): JsonObject[] {
  if (isPlainObject(body)) return [body];
  if (Array.isArray(body) && body.every(isPlainObject)) return body;
  throw invalidBodyError();
}

function checkColumns(table: TableInfo, columns: string[]): void {
  for (const col of columns) if (!table.columnsByName.has(col)) throw payloadColumnNotFoundError(table.name, col);
}

/** Which columns to write: `columns` when given, else the body's keys, which must be the same in every row. */
function payloadColumns(table: TableInfo, rows: JsonObject[], columnsParam: string[] | undefined): string[] {
  if (columnsParam) {
    checkColumns(table, columnsParam);
    return [...new Set(columnsParam)];
  }
  const first = Object.keys(rows[0] ?? {});
  for (const row of rows.slice(1)) {
    const keys = Object.keys(row);
    if (keys.length !== first.length || !keys.every((k) => first.includes(k))) throw invalidBodyError('All object keys must match');
  }
  checkColumns(table, first);
  return first;
}

/** Root filters and or/and trees as a WHERE for UPDATE/DELETE on alias t0. */
export function rootConditions(ctx: BuildContext, table: TableInfo): string[] {
  const conds: string[] = [];
  const column = (name: string) => {
    if (!table.columnsByName.has(name)) throw columnNotFoundError(table.name, name);
  };
  for (const { path, value: filter } of ctx.query.filters) {
    if (path.length > 0) continue;
    column(filter.field.name);
    conds.push(filterCondition(fieldExpr('t0', filter.field, ctx.params), filter, ctx.params));
  }
  for (const { path, value: tree } of ctx.query.logic) {
    if (path.length > 0) continue;
    conds.push(
      logicCondition(tree, (filter) => {
        column(filter.field.name);
        return filterCondition(fieldExpr('t0', filter.field, ctx.params), filter, ctx.params);
      }),
    );
  }
  return conds;
}

/** `limit`/`order` on PATCH/DELETE: pick the rows by ctid, as PostgREST does (tables only). */
function limitedConditions(ctx: BuildContext, table: TableInfo, conds: string[], range: Range | undefined): string[] {
  if (!range) return conds;
  if (table.kind !== 'table') {
    throw new RestError(400, 'PGRST127', 'Feature not implemented', 'limit/offset on views is not supported for updates or deletes');
  }
  const order: string[] = [];
  for (const { path, value: terms } of ctx.query.order) {
    if (path.length > 0) continue;
    for (const term of terms) {
      if (term.relation) throw new RestError(400, 'PGRST127', 'Feature not implemented', 'related order on updates or deletes');
      if (!table.columnsByName.has(term.field.name)) throw columnNotFoundError(table.name, term.field.name);
      order.push(orderClause(fieldExpr('t0', term.field, ctx.params), term));
    }
  }
  const parts = [
    `select ${ident('t0')}.ctid from ${qualified(table.name)} ${ident('t0')}`,
    conds.length > 0 ? `where ${conds.join(' and ')}` : '',
    order.length > 0 ? `order by ${order.join(', ')}` : '',
    range.limit !== undefined ? `limit ${ctx.params.add(range.limit)}::bigint` : '',
    range.offset > 0 ? `offset ${ctx.params.add(range.offset)}::bigint` : '',
  ];
  return [`${ident('t0')}.ctid = any(array(${parts.filter(Boolean).join(' ')}))`];
}

/** SELECT over the mutated rows (CTE pgrst_source) that returns counts and the representation. */
function finalSelect(ctx: BuildContext, table: TableInfo, representation: Representation | undefined, withInserted: boolean): string {
  let body = 'null::text';
  if (representation) {
    const root = buildNode(ctx, { table, relationOrigin: table.name, from: 'pgrst_source' }, 't0', [], ctx.query.select, false);
    const where = root.joinWhere;
    const rows = [
      `select ${root.selectList.join(', ')} from pgrst_source ${ident('t0')}`,
      ...root.joins.map((j) => j.sql),
      where.length > 0 ? `where ${where.join(' and ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    body = `(select ${bodyExpression(representation.shape, representation.stripNulls, 'pgrst_r')} from (${rows}) pgrst_r)`;
  }
  assertPathsEmbedded(ctx);
  const inserted = withInserted ? '(select count(*) from pgrst_source where pgrst_inserted)' : 'null::bigint';
  return `select (select count(*) from pgrst_source) as page_total, ${inserted} as inserted, ${body} as body`;
}

export interface InsertOptions {
  columnsParam?: string[];
  missingDefault: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  onConflict?: string[];
  /** Undefined for return=minimal (no RETURNING, so no SELECT permission is needed). */
  representation?: Representation;
  /** Whether the caller needs the rows back at all (representation, or counting inserted rows). */
  returning: boolean;
}

/** The conflict target for an upsert: on_conflict, else the primary key; none means a plain insert. */
export function conflictTarget(table: TableInfo, options: Pick<InsertOptions, 'onConflict' | 'resolution'>): string[] | undefined {
  if (!options.resolution) return undefined;
  if (options.onConflict) {
    checkColumns(table, options.onConflict);
    return options.onConflict;
  }
  return table.primaryKey.length > 0 ? table.primaryKey : undefined;
}

export function buildInsert(ctx: BuildContext, table: TableInfo, body: JsonBody, options: InsertOptions): MutationQuery {
  const rows = insertRows(body.value);
  const columns = rows.length === 0 ? [] : payloadColumns(table, rows, options.columnsParam);
  const target = conflictTarget(table, options);

  // With missing=default a row that lacks a column gets the column's default, so rows are grouped by the columns they have.
  const groups = new Map<string, InsertGroup>();
  rows.forEach((row, i) => {
    const cols = options.missingDefault ? columns.filter((c) => Object.hasOwn(row, c)) : columns;
    const key = JSON.stringify(cols);
    const group = groups.get(key) ?? { columns: cols, ordinals: [] };
    group.ordinals.push(i + 1);
    groups.set(key, group);
  });
  const single = groups.size === 1;

  const returning = options.returning;
  const withInserted = returning && target !== undefined && options.resolution === 'merge-duplicates' && table.kind === 'table';
  if (!returning) {
    // Separate statements, so each gets its own parameter numbering.
    const statements = [...groups.values()].map((group) => {
      const params = new SqlParams();
      const sql = insertStatement(params, table, body.text, single ? undefined : group, group.columns, target, options.resolution, false, false);
      return { sql, params: params.values };
    });
    return { statements, countsFromRowCount: true };
  }
  const statements = [...groups.values()].map((group) =>
    insertStatement(ctx.params, table, body.text, single ? undefined : group, group.columns, target, options.resolution, true, withInserted),
  );

  const ctes = statements.map((sql, i) => `pgrst_g${i} as (${sql})`);
  const source =
    statements.length === 0
      ? `pgrst_source as (select ${withInserted ? 'false as pgrst_inserted, ' : ''}pgrst_t.* from ${qualified(table.name)} pgrst_t where false)`
      : `pgrst_source as (${statements.map((_, i) => `select * from pgrst_g${i}`).join(' union all ')})`;
  const sql = `with ${[...ctes, source].join(', ')} ${finalSelect(ctx, table, options.representation, withInserted)}`;
  return { statements: [{ sql, params: ctx.params.values }], countsFromRowCount: false };
}

interface InsertGroup {
  columns: string[];
  /** 1-based positions of the group's rows in the body. */
  ordinals: number[];
}

function insertStatement(
  params: SqlParams,
  table: TableInfo,
  bodyText: string,
  group: InsertGroup | undefined,
  columns: string[],
  target: string[] | undefined,
  resolution: InsertOptions['resolution'],
  returning: boolean,
  withInserted: boolean,
): string {
  const json = `${params.add(bodyText)}::json`;
  const elements = `json_array_elements(case when json_typeof(${json}) = 'array' then ${json} else json_build_array(${json}) end) with ordinality pgrst_el(pgrst_e, pgrst_i)`;
  const only = group ? ` where pgrst_el.pgrst_i = any(${params.add(group.ordinals)}::bigint[])` : '';
  const cols = columns.map(ident).join(', ');
  const values = columns.map((c) => `pgrst_row.${ident(c)}`).join(', ');
  let sql =
    columns.length > 0
      ? `insert into ${qualified(table.name)} as pgrst_t (${cols}) select ${values} from ${elements} cross join lateral json_populate_record(null::${qualified(table.name)}, pgrst_el.pgrst_e) pgrst_row${only} order by pgrst_el.pgrst_i`
      : `insert into ${qualified(table.name)} as pgrst_t select from ${elements}${only}`;
  if (target) {
    const conflict = `on conflict (${target.map(ident).join(', ')})`;
    sql +=
      resolution === 'merge-duplicates' && columns.length > 0
        ? ` ${conflict} do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`
        : ` ${conflict} do nothing`;
  }
  if (returning) sql += ` returning pgrst_t.*${withInserted ? ', (pgrst_t.xmax = 0) as pgrst_inserted' : ''}`;
  return sql;
}

export interface UpdateOptions {
  columnsParam?: string[];
  missingDefault: boolean;
  representation?: Representation;
  returning: boolean;
  range?: Range;
}

export function buildUpdate(ctx: BuildContext, table: TableInfo, body: JsonBody, options: UpdateOptions): MutationQuery | undefined {
  const values = body.value;
  if (!isPlainObject(values)) throw invalidBodyError();
  const columns = payloadColumns(table, [values], options.columnsParam);
  if (columns.length === 0) return undefined;
  const bodyParam = ctx.params.add(body.text);
  const sets = columns.map((c) =>
    options.missingDefault && !Object.hasOwn(values, c) ? `${ident(c)} = default` : `${ident(c)} = pgrst_body.${ident(c)}`,
  );
  const conds = limitedConditions(ctx, table, rootConditions(ctx, table), options.range);
  const dml = [
    `update ${qualified(table.name)} as ${ident('t0')} set ${sets.join(', ')}`,
    `from (select * from json_populate_record(null::${qualified(table.name)}, ${bodyParam}::json)) pgrst_body`,
    conds.length > 0 ? `where ${conds.join(' and ')}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return wrapDml(ctx, table, dml, options);
}

export function buildDelete(ctx: BuildContext, table: TableInfo, options: Omit<UpdateOptions, 'columnsParam' | 'missingDefault'>): MutationQuery {
  const conds = limitedConditions(ctx, table, rootConditions(ctx, table), options.range);
  const dml = `delete from ${qualified(table.name)} as ${ident('t0')}${conds.length > 0 ? ` where ${conds.join(' and ')}` : ''}`;
  return wrapDml(ctx, table, dml, options);
}

function wrapDml(ctx: BuildContext, table: TableInfo, dml: string, options: { representation?: Representation; returning: boolean }): MutationQuery {
  if (!options.returning) return { statements: [{ sql: dml, params: ctx.params.values }], countsFromRowCount: true };
  const sql = `with pgrst_source as (${dml} returning ${ident('t0')}.*) ${finalSelect(ctx, table, options.representation, false)}`;
  return { statements: [{ sql, params: ctx.params.values }], countsFromRowCount: false };
}
