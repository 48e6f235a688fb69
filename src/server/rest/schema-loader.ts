import type pg from 'pg';
import { buildTable, type ColumnInfo, type ForeignKey, type FunctionArg, type FunctionInfo, type SchemaCache, type TableInfo } from './schema-cache';
import { viewColumnOrigins, viewForeignKeys } from './view-origins';

const RELATIONS_SQL = `
      select c.relname as name, c.relkind::text as relkind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const COLUMNS_SQL = `
      select c.relname as table_name, a.attname as name, format_type(a.atttypid, a.atttypmod) as type,
             not a.attnotnull as nullable,
             (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`;

const CONSTRAINTS_SQL = `
      select con.conname as name, con.contype::text as contype, cl.relname as table_name,
             array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, ord)
                   join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.ord) as columns,
             fcl.relname as ref_table, fns.nspname as ref_schema,
             case when con.contype = 'f' then
               array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, ord)
                     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.ord)
             end as ref_columns
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_namespace n on n.oid = cl.relnamespace
      left join pg_class fcl on fcl.oid = con.confrelid
      left join pg_namespace fns on fns.oid = fcl.relnamespace
      where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
      order by con.conname`;

const UNIQUE_INDEXES_SQL = `
      select c.relname as table_name,
             array(select a.attname::text from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
                   join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum order by k.ord) as columns
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))`;

const FUNCTIONS_SQL = `
      select p.proname as name, p.proretset as returns_set, p.provolatile::text as volatility,
             p.pronargdefaults as nargdefaults, p.proargnames as arg_names, p.proargmodes::text[] as arg_modes,
             array(select format_type(t, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(t, ord) order by ord) as arg_types,
             format_type(p.prorettype, null) as ret_type, rt.typtype::text as ret_typtype,
             case when rn.nspname = 'public' and rc.relkind in ('r', 'v', 'm', 'f', 'p') then rc.relname end as ret_table,
             case when rt.typtype = 'c' then
               (select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod)) order by a.attnum)
                from pg_attribute a where a.attrelid = rt.typrelid and a.attnum > 0 and not a.attisdropped)
             end as ret_columns
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      join pg_type rt on rt.oid = p.prorettype
      left join pg_class rc on rc.oid = rt.typrelid
      left join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = 'public' and p.prokind = 'f'`;

const VIEW_RULES_SQL = `
      select c.relname as name, r.ev_action::text as ev_action
      from pg_rewrite r
      join pg_class c on c.oid = r.ev_class
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('v', 'm') and r.rulename = '_RETURN'`;

interface RelationRow {
  name: string;
  relkind: string;
}
interface ColumnRow {
  table_name: string;
  name: string;
  type: string;
  nullable: boolean;
  has_default: boolean;
}
interface ConstraintRow {
  name: string;
  contype: string;
  table_name: string;
  columns: string[];
  ref_table: string | null;
  ref_schema: string | null;
  ref_columns: string[] | null;
}
interface UniqueIndexRow {
  table_name: string;
  columns: string[];
}
interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatility: string;
  nargdefaults: number;
  arg_names: string[] | null;
  arg_modes: string[] | null;
  arg_types: string[];
  ret_type: string;
  ret_typtype: string;
  ret_table: string | null;
  ret_columns: { name: string; type: string }[] | null;
}
interface ViewRuleRow {
  name: string;
  ev_action: string;
}

/** Reads the `public` schema's tables, views, keys and functions from pg_catalog. */
export async function loadSchemaCache(pool: pg.Pool): Promise<SchemaCache> {
  const [relations, columns, constraints, uniqueIndexes, functions, viewRules] = await Promise.all([
    pool.query<RelationRow>(RELATIONS_SQL),
    pool.query<ColumnRow>(COLUMNS_SQL),
    pool.query<ConstraintRow>(CONSTRAINTS_SQL),
    pool.query<UniqueIndexRow>(UNIQUE_INDEXES_SQL),
    pool.query<FunctionRow>(FUNCTIONS_SQL),
    pool.query<ViewRuleRow>(VIEW_RULES_SQL),
  ]);
  const keys = tableKeys(constraints.rows, uniqueIndexes.rows);
  const foreignKeys = [...keys.foreignKeys, ...(await viewRelationships(pool, viewRules.rows, keys.foreignKeys))];
  const tables = buildTables(relations.rows, columns.rows, keys);
  const functionMap = new Map<string, FunctionInfo[]>();
  for (const fn of functions.rows) functionMap.set(fn.name, [...(functionMap.get(fn.name) ?? []), describeFunction(fn, tables)]);
  return { tables, foreignKeys, functions: functionMap };
}

interface TableKeys {
  primaryKeys: Map<string, string[]>;
  uniqueKeys: Map<string, string[][]>;
  foreignKeys: ForeignKey[];
}

/** Each table's primary key, unique keys (constraints and unique indexes) and foreign keys into `public`. */
function tableKeys(constraints: readonly ConstraintRow[], uniqueIndexes: readonly UniqueIndexRow[]): TableKeys {
  const primaryKeys = new Map<string, string[]>();
  const uniqueKeys = new Map<string, string[][]>();
  const foreignKeys: ForeignKey[] = [];
  const addUnique = (table: string, cols: string[]) => uniqueKeys.set(table, [...(uniqueKeys.get(table) ?? []), cols]);
  for (const con of constraints) {
    if (con.contype === 'p') {
      primaryKeys.set(con.table_name, con.columns);
      addUnique(con.table_name, con.columns);
    } else if (con.contype === 'u') addUnique(con.table_name, con.columns);
    else if (con.contype === 'f' && con.ref_schema === 'public' && con.ref_table && con.ref_columns) {
      foreignKeys.push({ name: con.name, table: con.table_name, columns: con.columns, refTable: con.ref_table, refColumns: con.ref_columns });
    }
  }
  for (const idx of uniqueIndexes) addUnique(idx.table_name, idx.columns);
  return { primaryKeys, uniqueKeys, foreignKeys };
}

/** Every table and view with its columns and keys. */
function buildTables(relations: readonly RelationRow[], columns: readonly ColumnRow[], keys: TableKeys): Map<string, TableInfo> {
  const columnsByTable = new Map<string, ColumnInfo[]>();
  for (const row of columns) {
    const list = columnsByTable.get(row.table_name) ?? [];
    list.push({ name: row.name, type: row.type, nullable: row.nullable, hasDefault: row.has_default });
    columnsByTable.set(row.table_name, list);
  }
  const tables = new Map<string, TableInfo>();
  for (const rel of relations) {
    tables.set(
      rel.name,
      buildTable(
        rel.name,
        rel.relkind === 'r' || rel.relkind === 'p' ? 'table' : 'view',
        columnsByTable.get(rel.name) ?? [],
        keys.primaryKeys.get(rel.name) ?? [],
        keys.uniqueKeys.get(rel.name) ?? [],
      ),
    );
  }
  return tables;
}

/** Foreign keys of the tables behind each view's columns, carried over to the views. */
async function viewRelationships(pool: pg.Pool, rules: { name: string; ev_action: string }[], tableForeignKeys: ForeignKey[]): Promise<ForeignKey[]> {
  const originsByView = rules.map((rule) => ({ name: rule.name, origins: viewColumnOrigins(rule.ev_action) }));
  const oids = [...new Set(originsByView.flatMap((v) => [...v.origins.values()].map((o) => o.tableOid)))];
  if (oids.length === 0) return [];
  const attributes = await pool.query<{ oid: number; table_name: string; attnum: number; name: string }>(
    `select c.oid::int as oid, c.relname as table_name, a.attnum::int as attnum, a.attname as name
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.oid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped`,
    [oids],
  );
  const byOrigin = new Map(attributes.rows.map((a) => [`${a.oid}:${a.attnum}`, { table: a.table_name, column: a.name }]));
  const views = originsByView.map((v) => {
    const columns = new Map<string, { table: string; column: string }>();
    for (const [viewColumn, origin] of v.origins) {
      const source = byOrigin.get(`${origin.tableOid}:${origin.attnum}`);
      if (source) columns.set(viewColumn, source);
    }
    return { name: v.name, columns };
  });
  return viewForeignKeys(tableForeignKeys, views);
}

function describeFunction(
  fn: FunctionRow,
  tables: Map<string, TableInfo>,
): FunctionInfo {
  const args: FunctionArg[] = [];
  const outColumns: ColumnInfo[] = [];
  let returnsTable = false;
  fn.arg_types.forEach((type, i) => {
    const mode = fn.arg_modes?.[i] ?? 'i';
    const name = fn.arg_names?.[i] ?? '';
    if (mode === 'i' || mode === 'b' || mode === 'v') args.push({ name, type, hasDefault: false });
    if (mode === 'o' || mode === 'b' || mode === 't') outColumns.push({ name, type, nullable: true, hasDefault: false });
    if (mode === 't') returnsTable = true;
  });
  for (let i = args.length - fn.nargdefaults; i < args.length; i++) if (args[i]) args[i]!.hasDefault = true;

  let returns: FunctionInfo['returns'];
  if (fn.ret_type === 'void') returns = { kind: 'void' };
  // RETURNS TABLE(...) and several OUT parameters give rows with named columns, even with one column.
  else if (returnsTable || outColumns.length > 1 || (fn.ret_type === 'record' && outColumns.length > 0)) returns = { kind: 'composite', columns: outColumns };
  else if (fn.ret_typtype === 'c') {
    const table = fn.ret_table ? tables.get(fn.ret_table) : undefined;
    returns = {
      kind: 'composite',
      table: table?.name,
      columns: table?.columns ?? (fn.ret_columns ?? []).map((c) => ({ name: c.name, type: c.type, nullable: true, hasDefault: false })),
    };
  } else returns = { kind: 'scalar', type: fn.ret_type };

  const volatility = fn.volatility === 'i' ? 'immutable' : fn.volatility === 's' ? 'stable' : 'volatile';
  return { name: fn.name, args, returnsSet: fn.returns_set, returns, volatility };
}

/**
 * Holds the schema cache and reloads it when a request names something it does not know.
 * Reloads are rate-limited: a request that needs one waits for the next reload slot, and all
 * requests waiting at that time share it, so a flood of unknown names costs one reload per interval.
 */
export class SchemaCacheStore {
  private current: { cache: SchemaCache; startedAt: number } | undefined;
  private inflight: { promise: Promise<SchemaCache>; startedAt: number } | undefined;
  private lastStart = -Infinity;

  constructor(
    private readonly load: () => Promise<SchemaCache>,
    private readonly minIntervalMs = 500,
    private readonly now: () => number = () => performance.now(),
  ) {}

  async get(): Promise<SchemaCache> {
    if (this.current) return this.current.cache;
    return this.reload();
  }

  /** A cache loaded after `since`: reuses one already loaded or loading since then, else schedules a reload. */
  async refreshedSince(since: number): Promise<SchemaCache> {
    if (this.current && this.current.startedAt >= since) return this.current.cache;
    if (this.inflight && this.inflight.startedAt >= since) return this.inflight.promise;
    if (this.inflight) await this.inflight.promise.catch(() => undefined);
    if (this.current && this.current.startedAt >= since) return this.current.cache;
    const wait = this.lastStart + this.minIntervalMs - this.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (this.inflight && this.inflight.startedAt >= since) return this.inflight.promise;
    return this.reload();
  }

  private reload(): Promise<SchemaCache> {
    const startedAt = this.now();
    this.lastStart = startedAt;
    const promise = this.load().then(
      (cache) => {
        if (!this.current || this.current.startedAt <= startedAt) this.current = { cache, startedAt };
        if (this.inflight?.promise === promise) this.inflight = undefined;
        return cache;
      },
      (err: unknown) => {
        if (this.inflight?.promise === promise) this.inflight = undefined;
        throw err;
      },
    );
    this.inflight = { promise, startedAt };
    return promise;
  }
}
