import { queryParseError } from './errors';
import type {
  AtPath,
  FieldRef,
  Filter,
  FtsOperator,
  JsonStep,
  LogicTree,
  Operation,
  OrderTerm,
  ParsedQuery,
  Range,
  SelectItem,
  SimpleOperator,
  TrileanValue,
} from './query-types';

/**
 * Parses PostgREST's query-string grammar (select, filters, or/and, order, limit/offset, columns,
 * on_conflict). Pure: no schema knowledge; names are checked later against the schema cache.
 */

const simpleOperators = new Set<SimpleOperator>([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj', 'isdistinct',
]);
const ftsOperators = new Set<FtsOperator>(['fts', 'plfts', 'phfts', 'wfts']);
const quantifiableOperators = new Set<SimpleOperator>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);

class ParseFailure extends Error {
  constructor(
    readonly position: number,
    readonly details: string,
  ) {
    super(details);
  }
}

/** A cursor over one parameter's text; failures carry the (1-based) column, as PostgREST reports them. */
class Cursor {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, what = `"${s}"`): void {
    if (!this.eat(s)) this.fail(`expecting ${what}`);
  }
  rest(): string {
    const r = this.text.slice(this.pos);
    this.pos = this.text.length;
    return r;
  }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    throw new ParseFailure(this.pos + 1, `unexpected ${found} ${expecting}`);
  }
  failWith(details: string): never {
    throw new ParseFailure(this.pos + 1, details);
  }
}

function runParser<T>(what: string, input: string, parse: (c: Cursor) => T): T {
  // Postgres cannot take NUL in query text or identifiers, so refuse it here with a clear error.
  const nul = input.indexOf('\u0000');
  if (nul >= 0) throw queryParseError(what, input.split('\u0000').join('\\0'), nul + 1, 'unexpected NUL character');
  const cursor = new Cursor(input);
  try {
    const result = parse(cursor);
    if (!cursor.done) cursor.fail('expecting end of input');
    return result;
  } catch (err) {
    if (err instanceof ParseFailure) throw queryParseError(what, input, err.position, err.details);
    throw err;
  }
}

const identifierChar = /[\p{L}\p{N}_$ ]/u;

/** A field name: `"quoted"` or identifier characters, dashes allowed unless they start `->`. */
function parseFieldName(c: Cursor): string {
  if (c.peek() === '"') return parseQuoted(c);
  const start = c.pos;
  for (;;) {
    const ch = c.peek();
    if (ch && identifierChar.test(ch)) c.pos++;
    else if (ch === '-' && c.peek(1) !== '>' && c.pos > start) c.pos++;
    else break;
  }
  const name = c.text.slice(start, c.pos).trim();
  if (name === '') {
    c.pos = start;
    c.fail('expecting field name (* or [a..z0..9_$])');
  }
  return name;
}

function parseQuoted(c: Cursor): string {
  c.expect('"');
  let out = '';
  for (;;) {
    if (c.done) c.fail('expecting closing quote');
    const ch = c.peek();
    c.pos++;
    if (ch === '"') return out;
    if (ch === '\\') {
      if (c.done) c.fail('expecting escaped character');
      out += c.peek();
      c.pos++;
    } else out += ch;
  }
}

function parseJsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (c.eat('->>')) arrow = '->>';
    else if (c.eat('->')) arrow = '->';
    else return steps;
    const index = /^-?\d+(?=->|::|\.|,|\)|$)/.exec(c.text.slice(c.pos));
    if (index) {
      c.pos += index[0].length;
      steps.push({ arrow, key: index[0], isIndex: true });
    } else {
      steps.push({ arrow, key: parseFieldName(c), isIndex: false });
    }
  }
}

function parseField(c: Cursor): FieldRef {
  const name = parseFieldName(c);
  return { name, jsonPath: parseJsonPath(c) };
}

/** `alias:` — a single colon (a double colon is a cast). */
function tryAlias(c: Cursor): string | undefined {
  const start = c.pos;
  if (c.peek() === '*') return undefined;
  try {
    const name = parseFieldName(c);
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++;
      return name;
    }
  } catch (err) {
    if (!(err instanceof ParseFailure)) throw err;
  }
  c.pos = start;
  return undefined;
}

function parseSelectItems(c: Cursor, nested: boolean): SelectItem[] {
  const items: SelectItem[] = [];
  if (nested && c.peek() === ')') return items;
  for (;;) {
    items.push(parseSelectItem(c));
    if (!c.eat(',')) return items;
  }
}

function parseSelectItem(c: Cursor): SelectItem {
  if (c.eat('...')) {
    const name = parseFieldName(c);
    const { hint, joinType } = parseEmbedParams(c);
    const children = parseEmbedChildren(c);
    return { kind: 'embed', name, hint, joinType, spread: true, children };
  }
  if (c.eat('*')) return { kind: 'star' };
  const alias = tryAlias(c);
  const nameStart = c.pos;
  const name = parseFieldName(c);
  if (c.peek() === '!' || c.peek() === '(') {
    const { hint, joinType } = parseEmbedParams(c);
    const children = parseEmbedChildren(c);
    return { kind: 'embed', name, alias, hint, joinType, spread: false, children };
  }
  c.pos = nameStart;
  const field = parseField(c);
  let cast: string | undefined;
  if (c.eat('::')) {
    // One word (and []) only: the cast is written into SQL unquoted, so nothing else may pass.
    const m = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/.exec(c.text.slice(c.pos));
    if (!m) c.fail('expecting letter or digit');
    cast = m[0];
    c.pos += m[0].length;
  }
  if (!c.done && c.peek() !== ',' && c.peek() !== ')') c.fail('expecting "->>", "->", "::", ")", "," or end of input');
  return { kind: 'field', field, alias, cast };
}

function parseEmbedParams(c: Cursor): { hint?: string; joinType?: 'inner' | 'left' } {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  for (let i = 0; i < 2 && c.eat('!'); i++) {
    const word = parseFieldName(c);
    if (word === 'inner' || word === 'left') joinType = word;
    else hint = word;
  }
  return { hint, joinType };
}

function parseEmbedChildren(c: Cursor): SelectItem[] {
  c.expect('(');
  const children = parseSelectItems(c, true);
  c.expect(')');
  return children;
}

function parseTrilean(c: Cursor): TrileanValue {
  const word = c.rest().toLowerCase();
  if (word === 'null' || word === 'true' || word === 'false' || word === 'unknown') return word;
  c.pos -= word.length;
  return c.failWith('expecting null or trilean value (unknown, true, false)');
}

/** An `in` list: `(a,b,"c,d")`; quoted elements may contain reserved characters. */
function parseList(c: Cursor): string[] {
  c.expect('(');
  const values: string[] = [];
  for (;;) {
    if (c.peek() === '"') values.push(parseQuoted(c));
    else {
      const start = c.pos;
      while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
      values.push(c.text.slice(start, c.pos));
    }
    if (c.eat(',')) continue;
    c.expect(')');
    return values;
  }
}

type ValueReader = (c: Cursor) => string;

/** A value in a top-level filter: everything that follows the operator. */
const readRestValue: ValueReader = (c) => c.rest();

/** A value inside or=(...): up to the next `,` or `)`, unless quoted or a `{...}` array literal. */
const readLogicValue: ValueReader = (c) => {
  if (c.peek() === '"') return parseQuoted(c);
  if (c.peek() === '{') {
    const end = c.text.indexOf('}', c.pos);
    if (end < 0) c.fail('expecting "}"');
    const v = c.text.slice(c.pos, end + 1);
    c.pos = end + 1;
    return v;
  }
  const start = c.pos;
  while (!c.done && c.peek() !== ',' && c.peek() !== ')') c.pos++;
  return c.text.slice(start, c.pos);
};

function parseOperation(c: Cursor, readValue: ValueReader): { negated: boolean; operation: Operation } {
  const negated = c.eat('not.');
  if (c.eat('in.')) return { negated, operation: { kind: 'in', values: parseList(c) } };
  if (c.eat('is.')) {
    if (readValue === readLogicValue) {
      const start = c.pos;
      const word = readLogicValue(c).toLowerCase();
      if (word !== 'null' && word !== 'true' && word !== 'false' && word !== 'unknown') {
        c.pos = start;
        c.failWith('expecting null or trilean value (unknown, true, false)');
      }
      return { negated, operation: { kind: 'is', value: word } };
    }
    return { negated, operation: { kind: 'is', value: parseTrilean(c) } };
  }
  const opStart = c.pos;
  const m = /^([a-z]+)(?:\(([^)]*)\))?\./.exec(c.text.slice(c.pos));
  if (!m) {
    const name = /^[^.]*/.exec(c.text.slice(c.pos))?.[0] ?? '';
    if (name === '' || c.text.indexOf('.', c.pos) < 0) c.pos += name.length;
    return c.fail('expecting operator (eq, gt, ...)');
  }
  const [whole, opName = '', modifier] = m;
  c.pos += whole.length;
  if (ftsOperators.has(opName as FtsOperator)) {
    if (modifier !== undefined && !/^[A-Za-z0-9_ $]+$/.test(modifier)) {
      c.pos = opStart;
      c.failWith(`invalid text search configuration ${modifier}`);
    }
    return { negated, operation: { kind: 'fts', op: opName as FtsOperator, config: modifier, value: readValue(c) } };
  }
  if (!simpleOperators.has(opName as SimpleOperator)) {
    c.pos = opStart;
    c.failWith(`unknown single value operator ${opName}${modifier !== undefined ? `(${modifier})` : ''}`);
  }
  const op = opName as SimpleOperator;
  if (modifier !== undefined) {
    if ((modifier !== 'any' && modifier !== 'all') || !quantifiableOperators.has(op)) {
      c.pos = opStart;
      c.failWith(`unknown single value operator ${opName}(${modifier})`);
    }
    return { negated, operation: { kind: 'op', op, quantifier: modifier, value: readValue(c) } };
  }
  return { negated, operation: { kind: 'op', op, value: readValue(c) } };
}

/** Parses a filter value such as `not.in.(1,2)` or `ilike.*abc*`. */
export function parseFilterValue(field: FieldRef, value: string): Filter {
  return runParser('filter', value, (c) => {
    const { negated, operation } = parseOperation(c, readRestValue);
    return { field, negated, operation };
  });
}

/** Parses a key such as `tasks.title` or `data->>name` into an embed path and a field. */
export function parseTreePath(key: string): { path: string[]; field: FieldRef } {
  return runParser('tree path', key, (c) => {
    const names: string[] = [parseFieldName(c)];
    while (c.eat('.')) names.push(parseFieldName(c));
    const jsonPath = parseJsonPath(c);
    const name = names.pop() as string;
    return { path: names, field: { name, jsonPath } };
  });
}

export function parseSelect(value: string): SelectItem[] {
  if (value === '') return [{ kind: 'star' }];
  return runParser('select parameter', value, (c) => parseSelectItems(c, false));
}

export function parseOrder(value: string): OrderTerm[] {
  return runParser('order', value, (c) => {
    const terms: OrderTerm[] = [];
    for (;;) {
      const start = c.pos;
      const name = parseFieldName(c);
      let term: OrderTerm;
      if (c.eat('(')) {
        const field = parseField(c);
        c.expect(')');
        term = { relation: name, field };
      } else {
        c.pos = start;
        term = { field: parseField(c) };
      }
      if (c.eat('.asc')) term.direction = 'asc';
      else if (c.eat('.desc')) term.direction = 'desc';
      if (c.eat('.nullsfirst')) term.nulls = 'first';
      else if (c.eat('.nullslast')) term.nulls = 'last';
      terms.push(term);
      if (c.done) return terms;
      if (!c.eat(',')) c.fail('expecting "asc", "desc", "nullsfirst", "nullslast", "," or end of input');
    }
  });
}

function parseLogicNode(c: Cursor): LogicTree {
  const start = c.pos;
  const negated = c.eat('not.');
  for (const op of ['and', 'or'] as const) {
    if (c.startsWith(`${op}(`)) {
      c.pos += op.length;
      return { kind: 'expr', negated, op, children: parseLogicChildren(c) };
    }
  }
  c.pos = start;
  const field = parseField(c);
  c.expect('.', 'delimiter (.)');
  const { negated: opNegated, operation } = parseOperation(c, readLogicValue);
  return { kind: 'filter', filter: { field, negated: opNegated, operation } };
}

function parseLogicChildren(c: Cursor): LogicTree[] {
  c.expect('(');
  const children: LogicTree[] = [parseLogicNode(c)];
  while (c.eat(',')) children.push(parseLogicNode(c));
  c.expect(')');
  return children;
}

/** Parses `or=(a.eq.1,and(b.gt.2,c.is.null))`; `key` is `or`, `and`, `not.or`, `tasks.or`... */
export function parseLogic(key: string, value: string): AtPath<LogicTree> {
  const parts = key.split('.');
  const op = parts[parts.length - 1] as 'and' | 'or';
  const negated = parts.slice(0, -1).includes('not');
  const path = parts.slice(0, -1).filter((p) => p !== 'not');
  const children = runParser('logic tree', value, parseLogicChildren);
  return { path, value: { kind: 'expr', negated, op, children } };
}

export function parseColumnList(what: string, value: string): string[] {
  return runParser(what, value, (c) => {
    const names = [parseFieldName(c)];
    while (c.eat(',')) names.push(parseFieldName(c));
    return names;
  });
}

/** Whether a parameter value looks like a filter (PostgREST's hasOperator heuristic). */
export function looksLikeFilter(value: string): boolean {
  const parts = value.split('.');
  const first = parts[0] ?? '';
  if (first === 'not' && parts.length > 1) return true;
  if (first === 'is' || first === 'in') return true;
  const bare = first.replace(/\((any|all)\)$/, '').replace(/\(.*$/, '');
  return simpleOperators.has(bare as SimpleOperator) || ftsOperators.has(bare as FtsOperator);
}

function parseNonNegativeInt(what: string, value: string): number {
  if (!/^\d+$/.test(value)) throw queryParseError(what, value, 1, 'expecting a non-negative integer');
  return Number(value);
}

const reserved = new Set(['select', 'columns', 'on_conflict']);
const embeddableReserved = new Set(['order', 'limit', 'offset', 'and', 'or']);

/**
 * Parses a whole query string into what the request asks for. On a table or view every key that
 * is not reserved is a filter, as in PostgREST: a value that does not parse (`?id=5`, `?id=`,
 * `?name=eqq.x`) is PGRST100, never ignored, because an ignored filter widens what a DELETE or
 * PATCH touches. Only a GET call of a function reads plain `key=value` pairs as its arguments.
 */
export function parseQuery(params: URLSearchParams, target: 'table' | 'rpc-get' | 'rpc-post' = 'table'): ParsedQuery {
  const query: ParsedQuery = {
    select: parseSelect(params.get('select') ?? '*'),
    filters: [],
    logic: [],
    order: [],
    ranges: new Map<string, Range>(),
    rpcParams: [],
  };
  const columns = params.get('columns');
  if (columns !== null) query.columns = parseColumnList('columns parameter', columns);
  const onConflict = params.get('on_conflict');
  if (onConflict !== null) query.onConflict = parseColumnList('on_conflict parameter', onConflict);

  const limits = new Map<string, number>();
  const offsets = new Map<string, number>();
  for (const [key, value] of params) {
    if (reserved.has(key)) continue;
    const parts = key.split('.');
    const last = parts[parts.length - 1] ?? '';
    if (embeddableReserved.has(last)) {
      // An empty order/limit/offset is ignored as in PostgREST; an empty `or=`/`and=` is not: it
      // parses as a logic tree and fails (PGRST100), since ignoring it would widen a read.
      if (value === '' && last !== 'and' && last !== 'or') continue;
      const pathKey = parts.slice(0, -1).join('.');
      if (last === 'order') query.order.push({ path: parts.slice(0, -1), value: parseOrder(value) });
      else if (last === 'limit') limits.set(pathKey, parseNonNegativeInt('limit', value));
      else if (last === 'offset') offsets.set(pathKey, parseNonNegativeInt('offset', value));
      else query.logic.push(parseLogic(key, value));
      continue;
    }
    if (target !== 'rpc-get' || key.includes('.') || looksLikeFilter(value)) {
      const { path, field } = parseTreePath(key);
      query.filters.push({ path, value: parseFilterValue(field, value) });
    } else {
      query.rpcParams.push([key, value]);
    }
  }
  for (const pathKey of new Set([...limits.keys(), ...offsets.keys()])) {
    query.ranges.set(pathKey, { offset: offsets.get(pathKey) ?? 0, limit: limits.get(pathKey) });
  }
  return query;
}
