import { compileSafeRegex, StepBudgetExceeded, type SafeRegex, type StepBudget } from './safe-regex';
import type { DecodedEvent, DecodedRequest, Severity } from './types';

/**
 * Custom rules: a declarative, JSON-serializable condition language evaluated against one
 * decoded event. No code is ever evaluated; regular expressions use the linear-time matcher
 * of safe-regex.ts.
 *
 * Paths address the decoded event: `name`, `params.value`, `items[0].price`, `items[*].price`,
 * `page.utm.source`, `consent.signals.ad_storage.effective`, `session.id`, … and the request
 * through `request.` (`request.clientId`, `request.userId`, `request.measurementId`, `request.host`).
 * `[*]` applies the condition to every element (all must satisfy it; with no element the
 * condition is evaluated once on a missing value).
 */

export type Scalar = string | number | boolean | null;

export type Condition =
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition }
  | { field: string; op: 'exists' | 'not_exists' }
  | { field: string; op: 'equals' | 'not_equals'; value: Scalar }
  | { field: string; op: 'in' | 'not_in'; values: Scalar[] }
  | { field: string; op: 'matches'; pattern: string; flags?: '' | 'i' }
  | { field: string; op: 'gt' | 'gte' | 'lt' | 'lte'; value: number }
  | { field: string; op: 'length_between'; min?: number; max?: number };

export interface CustomRuleDefinition {
  /** Stable id, unique per website: lower case letters, digits, `_`, `-`, `.`. Issues use `custom.<id>`. */
  id: string;
  title: string;
  severity?: Severity;
  /** Shown on each issue; defaults to the title. */
  message?: string;
  description?: string;
  /** Event names the rule applies to; absent or empty = every event. */
  events?: string[];
  /** Optional precondition: the rule only checks events where it holds. */
  when?: Condition;
  /** What must hold; an issue is raised when it does not. */
  assert: Condition;
  enabled?: boolean;
}

export const CUSTOM_RULE_LIMITS = {
  maxDepth: 8,
  maxNodes: 64,
  maxInValues: 200,
  maxPathSegments: 12,
  maxStringLength: 500,
  maxEvents: 100,
  /** Regular expressions are the costly conditions; a rule may hold a few, not dozens. */
  maxPatterns: 8,
  /** The whole definition as JSON (UTF-8 bytes), also enforced by the database at save time. */
  maxDefinitionBytes: 8192,
  /**
   * NFA and path steps that all custom rules together may spend on one hit. Since every state an
   * epsilon closure visits is charged (issue 26), a step costs 20-150 ns depending on the machine
   * and its load: 50,000 keeps one hit's custom rules to a few milliseconds of the event loop.
   * A hit that would need more has its remaining custom rules reported as not evaluated.
   */
  stepsPerHit: 50_000,
  /**
   * Steps all the hits of one request (a tracker batch of up to 50) may spend on custom rules
   * together (issue 26): each hit still gets at most stepsPerHit, taken from what the request has
   * left, so a batch of hits each just under the per-hit budget cannot multiply it by 50. Hits
   * past it have their custom rules reported as not evaluated, with a message naming this cap.
   */
  stepsPerRequest: 100_000,
  /**
   * NFA states all of a website's custom rules together may compile to. Compiling is work on the
   * event loop too (a validator is compiled when a website's rules change): rules past it are
   * reported in customRuleErrors and skipped.
   */
  statesPerRuleSet: 12_000,
} as const;

export interface DefinitionError {
  /** JSON path inside the definition, e.g. `assert.all[1].pattern`. */
  path: string;
  message: string;
}

type Segment = string | number | '*';

type Evaluator = (ev: DecodedEvent, req: DecodedRequest, budget: StepBudget) => boolean;

export interface CompiledCustomRule {
  readonly id: string;
  readonly ruleId: string;
  readonly title: string;
  readonly severity: Severity;
  readonly message: string;
  readonly events: ReadonlySet<string> | null;
  readonly when: Evaluator | null;
  readonly assert: Evaluator;
  /** The first path of `assert`, reported as the field path. */
  readonly field: string;
}

export type CompileResult = { ok: true; rule: CompiledCustomRule; states: number } | { ok: false; errors: DefinitionError[] };

const ID_RE = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
const PATH_SEGMENT_RE = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
const OPS = new Set(['exists', 'not_exists', 'equals', 'not_equals', 'in', 'not_in', 'matches', 'gt', 'gte', 'lt', 'lte', 'length_between']);
const SEVERITIES = new Set(['error', 'warning', 'info']);
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): v is Scalar {
  return v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean';
}

/** Parses `items[*].price` / `params.value` / `items[0].item_id` into segments. */
export function parseFieldPath(path: string): { ok: true; segments: Segment[] } | { ok: false; error: string } {
  if (typeof path !== 'string' || path === '') return { ok: false, error: 'field must be a non-empty path such as "params.value"' };
  if (path.length > 200) return { ok: false, error: 'field path is longer than 200 characters' };
  const segments: Segment[] = [];
  const re = /([^.[\]]+)|\[(\d{1,4}|\*)\]|\[["']([^"'\]]+)["']\]/g;
  let consumed = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(path)) !== null) {
    const gap = path.slice(consumed, m.index);
    if (gap !== '' && gap !== '.') return { ok: false, error: `unexpected "${gap}" in field path "${path}"` };
    consumed = m.index + m[0].length;
    if (m[1] !== undefined) {
      if (!PATH_SEGMENT_RE.test(m[1]) && !/^\d+$/.test(m[1])) return { ok: false, error: `invalid segment "${m[1]}" in field path` };
      segments.push(/^\d+$/.test(m[1]) ? Number(m[1]) : m[1]);
    } else if (m[2] !== undefined) segments.push(m[2] === '*' ? '*' : Number(m[2]));
    else if (m[3] !== undefined) segments.push(m[3]);
  }
  if (consumed !== path.length) return { ok: false, error: `unexpected "${path.slice(consumed)}" in field path "${path}"` };
  if (segments.length === 0 || segments.length > CUSTOM_RULE_LIMITS.maxPathSegments)
    return { ok: false, error: `field path must have 1 to ${CUSTOM_RULE_LIMITS.maxPathSegments} segments` };
  for (const s of segments) if (typeof s === 'string' && FORBIDDEN_SEGMENTS.has(s)) return { ok: false, error: `"${s}" is not allowed in a field path` };
  if (segments.filter((s) => s === '*').length > 2) return { ok: false, error: 'at most two [*] per field path' };
  return { ok: true, segments };
}

function step(value: unknown, seg: string | number): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof seg === 'number') return Array.isArray(value) ? value[seg] : isObj(value) ? value[String(seg)] : undefined;
  if (Array.isArray(value)) return seg === 'length' ? value.length : undefined;
  if (typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, seg)) return (value as Record<string, unknown>)[seg];
  return undefined;
}

function hasDefinedValue(v: Record<string, unknown>): boolean {
  for (const k in v) if (v[k] !== undefined) return true;
  return false;
}

/** Resolves segments to one value, or to every value under a `[*]`. */
function resolve(root: unknown, segs: readonly Segment[], from: number, out: unknown[]): void {
  let v = root;
  for (let i = from; i < segs.length; i++) {
    const s = segs[i] as Segment;
    if (s === '*') {
      if (Array.isArray(v) && v.length > 0) {
        for (const el of v) resolve(el, segs, i + 1, out);
      } else if (isObj(v) && hasDefinedValue(v)) {
        // Keys holding undefined are unset fields (a decoded request keeps its optional fields as
        // own keys): a wildcard sees the record as JSON shows it.
        for (const k in v) if (v[k] !== undefined) resolve(v[k], segs, i + 1, out);
      } else out.push(undefined);
      return;
    }
    v = step(v, s);
  }
  out.push(v);
}

type Predicate = (v: unknown, budget: StepBudget) => boolean;

function numeric(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return NaN;
}

function same(a: unknown, b: Scalar): boolean {
  if (a === b) return true;
  if (typeof b === 'number' && typeof a === 'string') return numeric(a) === b;
  if (typeof b === 'string' && typeof a === 'number') return String(a) === b;
  if (typeof b === 'boolean' && typeof a === 'string') return a === String(b);
  return false;
}

function lengthOf(v: unknown): number | undefined {
  if (typeof v === 'string' || Array.isArray(v)) return v.length;
  if (typeof v === 'number') return String(v).length;
  return undefined;
}

function leaf(path: Segment[], pred: Predicate): Evaluator {
  const request = path[0] === 'request';
  const segs = request ? path.slice(1) : path;
  const hasWildcard = segs.includes('*');
  if (!hasWildcard)
    return (ev, req, budget) => {
      charge(budget, 1 + segs.length);
      let v: unknown = request ? req : ev;
      for (const s of segs) v = step(v, s as string | number);
      return pred(v, budget);
    };
  return (ev, req, budget) => {
    const values: unknown[] = [];
    resolve(request ? req : ev, segs, 0, values);
    charge(budget, 1 + values.length * segs.length);
    for (const v of values) if (!pred(v, budget)) return false;
    return true;
  };
}

function charge(budget: StepBudget, steps: number): void {
  budget.remaining -= steps;
  if (budget.remaining < 0) throw new StepBudgetExceeded();
}

interface Walk {
  errors: DefinitionError[];
  nodes: number;
  patterns: number;
  /** NFA states compiled so far, and how many the rule may still compile (the rule set's allowance). */
  states: number;
  maxStates: number;
  firstField?: string;
}

/** The keys each comparison may have besides field and op. */
const OP_KEYS: Record<string, string[]> = {
  exists: [],
  not_exists: [],
  equals: ['value'],
  not_equals: ['value'],
  in: ['values'],
  not_in: ['values'],
  matches: ['pattern', 'flags'],
  gt: ['value'],
  gte: ['value'],
  lt: ['value'],
  lte: ['value'],
  length_between: ['min', 'max'],
};

/** A condition as written, before it is checked. */
type RawCondition = Record<string, unknown>;

function compileCondition(c: unknown, at: string, depth: number, w: Walk): Evaluator | null {
  w.nodes++;
  if (w.nodes > CUSTOM_RULE_LIMITS.maxNodes) {
    if (w.nodes === CUSTOM_RULE_LIMITS.maxNodes + 1) w.errors.push({ path: at, message: `a rule may have at most ${CUSTOM_RULE_LIMITS.maxNodes} conditions` });
    return null;
  }
  if (depth > CUSTOM_RULE_LIMITS.maxDepth) {
    w.errors.push({ path: at, message: `conditions may be nested at most ${CUSTOM_RULE_LIMITS.maxDepth} levels deep` });
    return null;
  }
  if (!isObj(c)) {
    w.errors.push({ path: at, message: 'a condition must be an object' });
    return null;
  }
  if ('all' in c || 'any' in c) return compileAllAny(c, at, depth, w);
  if ('not' in c) {
    if (Object.keys(c).length !== 1) w.errors.push({ path: at, message: '"not" must be the only key of its condition' });
    const inner = compileCondition(c.not, `${at}.not`, depth + 1, w);
    return inner ? (ev, req, budget) => !inner(ev, req, budget) : null;
  }
  return compileComparison(c, at, w);
}

/** `{ all: [...] }` or `{ any: [...] }`: every condition, or one of them. */
function compileAllAny(c: RawCondition, at: string, depth: number, w: Walk): Evaluator | null {
  const kind = 'all' in c ? 'all' : 'any';
  const list = c[kind];
  if (Object.keys(c).length !== 1) w.errors.push({ path: at, message: `"${kind}" must be the only key of its condition` });
  if (!Array.isArray(list) || list.length === 0) {
    w.errors.push({ path: `${at}.${kind}`, message: `"${kind}" must be a non-empty array of conditions` });
    return null;
  }
  const parts = list.map((x, i) => compileCondition(x, `${at}.${kind}[${i}]`, depth + 1, w));
  if (parts.some((p) => p === null)) return null;
  const evs = parts as Evaluator[];
  return kind === 'all'
    ? (ev, req, budget) => {
        for (const p of evs) if (!p(ev, req, budget)) return false;
        return true;
      }
    : (ev, req, budget) => {
        for (const p of evs) if (p(ev, req, budget)) return true;
        return false;
      };
}

/** `{ field, op, ... }`: one field compared by one operator. */
function compileComparison(c: RawCondition, at: string, w: Walk): Evaluator | null {
  const op = c.op;
  if (typeof op !== 'string' || !OPS.has(op)) {
    w.errors.push({ path: `${at}.op`, message: `op must be one of ${[...OPS].join(', ')} (or use all / any / not)` });
    return null;
  }
  const parsed = parseFieldPath(c.field as string);
  if (!parsed.ok) {
    w.errors.push({ path: `${at}.field`, message: parsed.error });
    return null;
  }
  w.firstField ??= c.field as string;
  for (const k of Object.keys(c))
    if (k !== 'field' && k !== 'op' && !(OP_KEYS[op] ?? []).includes(k)) w.errors.push({ path: `${at}.${k}`, message: `"${k}" is not used by op "${op}"` });
  const path = parsed.segments;
  switch (op) {
    case 'exists':
      return leaf(path, (v) => v !== undefined && v !== null);
    case 'not_exists':
      return leaf(path, (v) => v === undefined || v === null);
    case 'equals':
    case 'not_equals':
      return compileEquals(c, op, path, at, w);
    case 'in':
    case 'not_in':
      return compileIn(c, op, path, at, w);
    case 'matches':
      return compileMatches(c, path, at, w);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compileRange(c, op, path, at, w);
    case 'length_between':
      return compileLengthBetween(c, path, at, w);
  }
  return null;
}

function compileEquals(c: RawCondition, op: 'equals' | 'not_equals', path: Segment[], at: string, w: Walk): Evaluator | null {
  const value = c.value;
  if (!isScalar(value) || (typeof value === 'string' && value.length > CUSTOM_RULE_LIMITS.maxStringLength)) {
    w.errors.push({ path: `${at}.value`, message: `value must be a string (≤ ${CUSTOM_RULE_LIMITS.maxStringLength} chars), number, boolean or null` });
    return null;
  }
  return op === 'equals' ? leaf(path, (v) => same(v, value)) : leaf(path, (v) => !same(v, value));
}

function compileIn(c: RawCondition, op: 'in' | 'not_in', path: Segment[], at: string, w: Walk): Evaluator | null {
  const values = c.values;
  if (!Array.isArray(values) || values.length === 0 || values.length > CUSTOM_RULE_LIMITS.maxInValues || !values.every(isScalar)) {
    w.errors.push({ path: `${at}.values`, message: `values must be a non-empty array of at most ${CUSTOM_RULE_LIMITS.maxInValues} strings, numbers or booleans` });
    return null;
  }
  const list = values as Scalar[];
  const set = new Set(list);
  const member = (v: unknown): boolean => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? set.has(v) : false) || list.some((x) => same(v, x));
  return op === 'in' ? leaf(path, member) : leaf(path, (v) => !member(v));
}

function compileMatches(c: RawCondition, path: Segment[], at: string, w: Walk): Evaluator | null {
  const flags = c.flags ?? '';
  w.patterns++;
  if (w.patterns > CUSTOM_RULE_LIMITS.maxPatterns) {
    w.errors.push({ path: `${at}.pattern`, message: `a rule may have at most ${CUSTOM_RULE_LIMITS.maxPatterns} "matches" conditions` });
    return null;
  }
  if (typeof c.pattern !== 'string') {
    w.errors.push({ path: `${at}.pattern`, message: 'pattern must be a string' });
    return null;
  }
  if (flags !== '' && flags !== 'i') {
    w.errors.push({ path: `${at}.flags`, message: 'flags may only be "" or "i"' });
    return null;
  }
  const compiled = compileSafeRegex(c.pattern, flags, w.maxStates - w.states);
  if (!compiled.ok) {
    w.errors.push({ path: `${at}.pattern`, message: `invalid pattern: ${compiled.error}` });
    return null;
  }
  const re: SafeRegex = compiled.regex;
  w.states += re.size;
  return leaf(path, (v, budget) => (typeof v === 'string' ? re.test(v, budget) : typeof v === 'number' ? re.test(String(v), budget) : false));
}

function compileRange(c: RawCondition, op: 'gt' | 'gte' | 'lt' | 'lte', path: Segment[], at: string, w: Walk): Evaluator | null {
  const n = c.value;
  if (typeof n !== 'number' || !Number.isFinite(n)) {
    w.errors.push({ path: `${at}.value`, message: `op "${op}" needs a finite number as value` });
    return null;
  }
  const cmp =
    op === 'gt' ? (x: number) => x > n : op === 'gte' ? (x: number) => x >= n : op === 'lt' ? (x: number) => x < n : (x: number) => x <= n;
  return leaf(path, (v) => {
    const x = numeric(v);
    return Number.isFinite(x) && cmp(x);
  });
}

function compileLengthBetween(c: RawCondition, path: Segment[], at: string, w: Walk): Evaluator | null {
  const min = c.min ?? 0;
  const max = c.max ?? Infinity;
  if (typeof min !== 'number' || typeof max !== 'number' || !(min >= 0) || !(max >= min) || ('min' in c === false && 'max' in c === false)) {
    w.errors.push({ path: at, message: 'length_between needs min and/or max, numbers with 0 ≤ min ≤ max' });
    return null;
  }
  return leaf(path, (v) => {
    const len = lengthOf(v);
    return len !== undefined && len >= min && len <= max;
  });
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Checks a definition without compiling it for use: the errors to show when a user saves it. */
export function validateCustomRuleDefinition(def: unknown): DefinitionError[] {
  const r = compileCustomRule(def);
  return r.ok ? [] : r.errors;
}

/** Validates and compiles a custom rule once; the result is reused for every hit. */
/** `statesLeft`: what is left of the rule set's allowance of NFA states (CUSTOM_RULE_LIMITS.statesPerRuleSet). */
export function compileCustomRule(def: unknown, statesLeft: number = CUSTOM_RULE_LIMITS.statesPerRuleSet): CompileResult {
  const errors: DefinitionError[] = [];
  if (!isObj(def)) return { ok: false, errors: [{ path: '', message: 'a custom rule must be an object' }] };
  if (utf8Length(JSON.stringify(def)) > CUSTOM_RULE_LIMITS.maxDefinitionBytes)
    return { ok: false, errors: [{ path: '', message: `a custom rule may be at most ${CUSTOM_RULE_LIMITS.maxDefinitionBytes} bytes as JSON` }] };
  const known = new Set(['id', 'title', 'severity', 'message', 'description', 'events', 'when', 'assert', 'enabled']);
  for (const k of Object.keys(def)) if (!known.has(k)) errors.push({ path: k, message: `unknown key "${k}"` });
  if (typeof def.id !== 'string' || !ID_RE.test(def.id))
    errors.push({ path: 'id', message: 'id must be 1-64 characters: lower case letters, digits, "_", "-" or ".", starting with a letter or digit' });
  if (typeof def.title !== 'string' || def.title.trim() === '' || def.title.length > 120) errors.push({ path: 'title', message: 'title must be 1-120 characters' });
  if (def.severity !== undefined && !SEVERITIES.has(def.severity as string)) errors.push({ path: 'severity', message: 'severity must be error, warning or info' });
  if (def.message !== undefined && (typeof def.message !== 'string' || def.message.length > CUSTOM_RULE_LIMITS.maxStringLength))
    errors.push({ path: 'message', message: `message must be a string of at most ${CUSTOM_RULE_LIMITS.maxStringLength} characters` });
  if (def.description !== undefined && (typeof def.description !== 'string' || def.description.length > 2000))
    errors.push({ path: 'description', message: 'description must be a string of at most 2000 characters' });
  if (def.enabled !== undefined && typeof def.enabled !== 'boolean') errors.push({ path: 'enabled', message: 'enabled must be true or false' });
  let events: Set<string> | null = null;
  if (def.events !== undefined) {
    if (!Array.isArray(def.events) || def.events.length > CUSTOM_RULE_LIMITS.maxEvents || !def.events.every((e) => typeof e === 'string' && e !== '' && e.length <= 40))
      errors.push({ path: 'events', message: `events must be a list of at most ${CUSTOM_RULE_LIMITS.maxEvents} event names (1-40 characters)` });
    else if (def.events.length > 0) events = new Set(def.events as string[]);
  }
  const w: Walk = { errors, nodes: 0, patterns: 0, states: 0, maxStates: statesLeft };
  const when = def.when === undefined ? null : compileCondition(def.when, 'when', 0, w);
  const assertWalk: Walk = { errors, nodes: w.nodes, patterns: w.patterns, states: w.states, maxStates: statesLeft };
  if (def.assert === undefined) errors.push({ path: 'assert', message: 'assert (the condition that must hold) is required' });
  const assert = def.assert === undefined ? null : compileCondition(def.assert, 'assert', 0, assertWalk);
  if (errors.length > 0 || !assert) return { ok: false, errors: errors.length > 0 ? errors : [{ path: 'assert', message: 'invalid condition' }] };
  const id = def.id as string;
  const title = (def.title as string).trim();
  return {
    ok: true,
    rule: {
      id,
      ruleId: `custom.${id}`,
      title,
      severity: (def.severity as Severity | undefined) ?? 'warning',
      message: (def.message as string | undefined) ?? title,
      events,
      when,
      assert,
      field: assertWalk.firstField ?? '',
    },
    states: assertWalk.states,
  };
}
