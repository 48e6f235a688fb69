import type { FieldRef, Filter, FtsOperator, LogicTree, OrderTerm, SimpleOperator } from './query-types';

/** Collects bind parameters; every value from a request goes through here, never into SQL text. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Quotes an identifier. Callers only pass names already checked against the schema cache (or our own aliases). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: string): string {
  return `${ident('public')}.${ident(table)}`;
}

/** `"t0"."col"` followed by its JSON path, keys and indexes as typed bind parameters. */
export function fieldExpr(alias: string, field: FieldRef, params: SqlParams): string {
  let expr = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.jsonPath) {
    const operand = step.isIndex ? `${params.add(Number(step.key))}::int` : `${params.add(step.key)}::text`;
    expr = `${expr}${step.arrow}${operand}`;
  }
  return expr;
}

/** The key a field gets in the JSON output: its alias, else the last JSON key, else the column name. */
export function fieldOutputName(field: FieldRef, alias?: string): string {
  if (alias) return alias;
  for (let i = field.jsonPath.length - 1; i >= 0; i--) {
    const step = field.jsonPath[i]!;
    if (!step.isIndex) return step.key;
  }
  return field.name;
}

const sqlOperators: Record<SimpleOperator, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};

const ftsFunctions: Record<FtsOperator, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

/** `like`/`ilike` take `*` as the wildcard, because `%` is awkward in URLs. */
function likePattern(op: SimpleOperator, value: string): string {
  return op === 'like' || op === 'ilike' ? value.replace(/\*/g, '%') : value;
}

/** A filter as a SQL condition over `expr`. Values are bind parameters of unknown type, so Postgres types them by the column. */
export function filterCondition(expr: string, filter: Filter, params: SqlParams): string {
  const { operation } = filter;
  let cond: string;
  switch (operation.kind) {
    case 'op': {
      const op = sqlOperators[operation.op];
      if (operation.quantifier) {
        const values = parseArrayLiteral(operation.value).map((v) => likePattern(operation.op, v));
        cond = `${expr} ${op} ${operation.quantifier}(${params.add(values)})`;
      } else {
        cond = `${expr} ${op} ${params.add(likePattern(operation.op, operation.value))}`;
      }
      break;
    }
    case 'in':
      // One array parameter, typed by the column, however long the list is.
      cond = operation.values.length === 0 ? 'false' : `${expr} = any(${params.add(operation.values)})`;
      break;
    case 'is':
      cond = `${expr} is ${operation.value}`;
      break;
    case 'fts': {
      const fn = ftsFunctions[operation.op];
      const config = operation.config !== undefined ? `${params.add(operation.config)}::regconfig, ` : '';
      cond = `${expr} @@ ${fn}(${config}${params.add(operation.value)})`;
      break;
    }
  }
  return filter.negated ? `not (${cond})` : cond;
}

/** `{a,b,"c d"}` → ['a','b','c d'] for the any/all quantifiers. */
export function parseArrayLiteral(value: string): string[] {
  const inner = value.startsWith('{') && value.endsWith('}') ? value.slice(1, -1) : value;
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && i + 1 < inner.length) current += inner[++i];
    else if (ch === ',' && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  if (inner !== '') out.push(current);
  return out;
}

export function logicCondition(tree: LogicTree, conditionFor: (filter: Filter) => string): string {
  if (tree.kind === 'filter') return conditionFor(tree.filter);
  const joined = tree.children.map((child) => logicCondition(child, conditionFor)).join(tree.op === 'and' ? ' and ' : ' or ');
  return `${tree.negated ? 'not ' : ''}(${joined})`;
}

export function orderClause(expr: string, term: OrderTerm): string {
  return `${expr} ${term.direction ?? 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`;
}
