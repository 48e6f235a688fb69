/** What the data API knows about the exposed `public` schema; built by schema-loader.ts. */

export interface ColumnInfo {
  name: string;
  /** format_type(): the full type, e.g. `timestamp with time zone`, `integer[]`. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface TableInfo {
  name: string;
  kind: 'table' | 'view';
  columns: ColumnInfo[];
  columnsByName: Map<string, ColumnInfo>;
  primaryKey: string[];
  /** Column sets that are unique (primary key and unique constraints/indexes). */
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** `void`, a scalar type, or a composite row: the columns of a table type or of RETURNS TABLE/OUT params. */
  returns: { kind: 'void' } | { kind: 'scalar'; type: string } | { kind: 'composite'; table?: string; columns: ColumnInfo[] };
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  foreignKeys: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

/** The table between origin and target in a many-to-many relationship, and its two foreign keys. */
export interface Junction {
  table: string;
  /** junction.toOriginColumns[i] references origin.originColumns[i] (constraint originConstraint). */
  originConstraint: string;
  toOriginColumns: string[];
  /** junction.toTargetColumns[i] references target.targetColumns[i] (constraint targetConstraint). */
  targetConstraint: string;
  toTargetColumns: string[];
}

/**
 * A way to embed `target` from `origin`. Directly related tables join on
 * origin.originColumns[i] = target.targetColumns[i]; many-to-many ones go through `junction`.
 */
export interface Relationship {
  origin: string;
  target: string;
  cardinality: Cardinality;
  constraint: string;
  originColumns: string[];
  targetColumns: string[];
  junction?: Junction;
}

export function buildTable(name: string, kind: TableInfo['kind'], columns: ColumnInfo[], primaryKey: string[], uniqueKeys: string[][]): TableInfo {
  return { name, kind, columns, columnsByName: new Map(columns.map((c) => [c.name, c])), primaryKey, uniqueKeys };
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Every relationship from `origin`, in both directions, derived from foreign keys. */
export function relationshipsFrom(cache: SchemaCache, origin: string): Relationship[] {
  const rels: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === origin) {
      rels.push({ origin, target: fk.refTable, cardinality: 'many-to-one', constraint: fk.name, originColumns: fk.columns, targetColumns: fk.refColumns });
    }
    if (fk.refTable === origin) {
      const child = cache.tables.get(fk.table);
      const oneToOne = child?.uniqueKeys.some((key) => sameSet(key, fk.columns)) ?? false;
      rels.push({
        origin,
        target: fk.table,
        cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
        constraint: fk.name,
        originColumns: fk.refColumns,
        targetColumns: fk.columns,
      });
    }
  }
  rels.push(...junctionRelationships(cache, origin));
  return rels;
}

/**
 * Many-to-many relationships, as PostgREST detects them: a third table with a foreign key to
 * `origin` and another to the target, both made of columns of its primary key.
 */
function junctionRelationships(cache: SchemaCache, origin: string): Relationship[] {
  const rels: Relationship[] = [];
  for (const toOrigin of cache.foreignKeys) {
    if (toOrigin.refTable !== origin || toOrigin.table === origin) continue;
    const junction = cache.tables.get(toOrigin.table);
    if (!junction || junction.primaryKey.length === 0) continue;
    const inKey = (cols: string[]) => cols.every((c) => junction.primaryKey.includes(c));
    if (!inKey(toOrigin.columns)) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget === toOrigin || toTarget.table !== junction.name || toTarget.refTable === junction.name || !inKey(toTarget.columns)) continue;
      rels.push({
        origin,
        target: toTarget.refTable,
        cardinality: 'many-to-many',
        constraint: junction.name,
        originColumns: toOrigin.refColumns,
        targetColumns: toTarget.refColumns,
        junction: {
          table: junction.name,
          originConstraint: toOrigin.name,
          toOriginColumns: toOrigin.columns,
          targetConstraint: toTarget.name,
          toTargetColumns: toTarget.columns,
        },
      });
    }
  }
  return rels;
}

/**
 * The relationships an embed `name!hint` can mean, as PostgREST resolves them: `name` is the target
 * table, a foreign-key constraint name, or a foreign-key column of the origin; `hint` narrows by
 * constraint name or by a column on either side.
 */
export function findRelationships(cache: SchemaCache, origin: string, name: string, hint?: string): Relationship[] {
  const all = relationshipsFrom(cache, origin);
  let matches = all.filter((r) => r.target === name);
  if (matches.length === 0) {
    matches = all.filter(
      (r) => (r.cardinality === 'many-to-one' && (r.constraint === name || (r.originColumns.length === 1 && r.originColumns[0] === name))),
    );
    if (matches.length > 0 && hint) {
      // `fk_col!hint` is not a form PostgREST accepts; the hint must name the target table then.
      matches = matches.filter((r) => r.target === hint);
    }
    // A foreign key also carries over to views of its table; a constraint or column name means the table.
    const toTables = matches.filter((r) => cache.tables.get(r.target)?.kind === 'table');
    return toTables.length === 1 ? toTables : matches;
  }
  if (hint) {
    matches = matches.filter(
      (r) =>
        r.constraint === hint ||
        r.junction?.originConstraint === hint ||
        r.junction?.targetConstraint === hint ||
        (r.originColumns.length === 1 && r.originColumns[0] === hint) ||
        (r.targetColumns.length === 1 && r.targetColumns[0] === hint),
    );
  }
  return matches;
}

/** Relationship details as PostgREST lists them in PGRST201 (ambiguous embedding). */
export function describeRelationship(rel: Relationship): { cardinality: string; embedding: string; relationship: string } {
  if (rel.junction) {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding: `${rel.origin} with ${rel.target}`,
      relationship: `${j.table} using ${j.originConstraint}(${j.toOriginColumns.join(', ')}) and ${j.targetConstraint}(${j.toTargetColumns.join(', ')})`,
    };
  }
  const child = rel.cardinality === 'many-to-one' ? rel.origin : rel.target;
  const parent = rel.cardinality === 'many-to-one' ? rel.target : rel.origin;
  const childCols = rel.cardinality === 'many-to-one' ? rel.originColumns : rel.targetColumns;
  const parentCols = rel.cardinality === 'many-to-one' ? rel.targetColumns : rel.originColumns;
  return {
    cardinality: rel.cardinality,
    embedding: `${rel.origin} with ${rel.target}`,
    relationship: `${rel.constraint} using ${child}(${childCols.join(', ')}) and ${parent}(${parentCols.join(', ')})`,
  };
}

/** The closest table name, for PGRST205's hint; null unless it is clearly a typo. */
export function suggestTable(cache: SchemaCache, name: string): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of cache.tables.keys()) {
    const d = editDistance(candidate, name);
    if (!best || d < best.distance) best = { name: candidate, distance: d };
  }
  if (!best) return undefined;
  return best.distance <= Math.max(1, Math.floor(name.length / 4)) ? best.name : undefined;
}

function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j] as number;
      prev[j] = Math.min(up + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length] as number;
}
