/** The parsed form of a PostgREST query string: what the caller asked for, before any schema checks. */

export type JsonArrow = '->' | '->>';

export interface JsonStep {
  arrow: JsonArrow;
  /** An object key, or an array index when `isIndex` (e.g. "0", "-1"). */
  key: string;
  isIndex: boolean;
}

/** A column reference with an optional JSON path, e.g. `data->meta->>name`. */
export interface FieldRef {
  name: string;
  jsonPath: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldRef; alias?: string; cast?: string }
  | {
      kind: 'embed';
      /** Table, foreign-key or column name that names the related resource. */
      name: string;
      alias?: string;
      hint?: string;
      joinType?: 'inner' | 'left';
      spread: boolean;
      children: SelectItem[];
    };

export type SimpleOperator =
  | 'eq'
  | 'neq'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'like'
  | 'ilike'
  | 'match'
  | 'imatch'
  | 'cs'
  | 'cd'
  | 'ov'
  | 'sl'
  | 'sr'
  | 'nxr'
  | 'nxl'
  | 'adj'
  | 'isdistinct';

export type FtsOperator = 'fts' | 'plfts' | 'phfts' | 'wfts';

export type TrileanValue = 'null' | 'true' | 'false' | 'unknown';

export type Operation =
  | { kind: 'op'; op: SimpleOperator; value: string; quantifier?: 'any' | 'all' }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: TrileanValue }
  | { kind: 'fts'; op: FtsOperator; config?: string; value: string };

export interface Filter {
  field: FieldRef;
  negated: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negated: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  field: FieldRef;
  /** Set for `rel(col)` terms, which order by a column of an embedded to-one resource. */
  relation?: string;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** `path` names the embedded resource a parameter applies to: [] for the root, ['tasks'] for `tasks.x`. */
export interface AtPath<T> {
  path: string[];
  value: T;
}

export interface Range {
  offset: number;
  /** Undefined means "no upper bound". */
  limit?: number;
}

export interface ParsedQuery {
  select: SelectItem[];
  filters: AtPath<Filter>[];
  logic: AtPath<LogicTree>[];
  order: AtPath<OrderTerm[]>[];
  /** Keyed by the embed path joined with '.', '' for the root. */
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** Parameters that are not filters: function arguments for GET /rpc/fn. */
  rpcParams: [string, string][];
}
