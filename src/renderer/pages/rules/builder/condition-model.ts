import type { Condition, Scalar } from '../../../../shared/ga4/custom-rules';

/**
 * The visual builder's model of a custom rule's conditions, and its conversion to and from the
 * JSON the engine reads (src/shared/ga4/custom-rules.ts). Every condition the language accepts
 * converts to the model; converting back gives the same JSON, except that a group of one
 * condition is written as that condition (`{ "all": [x] }` → `x`), which means the same.
 */

export type LeafOp = 'exists' | 'not_exists' | 'equals' | 'not_equals' | 'in' | 'not_in' | 'matches' | 'gt' | 'gte' | 'lt' | 'lte' | 'length_between';

export interface LeafNode {
  kind: 'condition';
  key: string;
  field: string;
  op: LeafOp;
  /** equals / not_equals */
  value: Scalar;
  /** in / not_in */
  values: Scalar[];
  /** matches */
  pattern: string;
  flags: '' | 'i' | undefined;
  /** gt / gte / lt / lte */
  number: number;
  /** length_between */
  min: number | undefined;
  max: number | undefined;
}

export interface GroupNode {
  kind: 'group';
  key: string;
  combinator: 'all' | 'any';
  /** Written as `{ "not": … }`: the group must not hold. */
  negated: boolean;
  children: BuilderNode[];
}

export type BuilderNode = LeafNode | GroupNode;

export interface BuilderModel {
  /** The optional precondition: only events where it holds are checked. */
  when: GroupNode | null;
  assert: GroupNode;
  message: string | undefined;
}

export const LEAF_OPS: readonly LeafOp[] = ['exists', 'not_exists', 'equals', 'not_equals', 'in', 'not_in', 'matches', 'gt', 'gte', 'lt', 'lte', 'length_between'];

export const OP_LABELS: Record<LeafOp, string> = {
  exists: 'is present',
  not_exists: 'is missing',
  equals: 'equals',
  not_equals: 'does not equal',
  in: 'is one of',
  not_in: 'is none of',
  matches: 'matches pattern',
  gt: 'is greater than',
  gte: 'is at least',
  lt: 'is less than',
  lte: 'is at most',
  length_between: 'has length between',
};

/** Paths offered in the field box; any other path of the language can be typed. */
export const SUGGESTED_FIELDS: readonly string[] = [
  'name',
  'params.value',
  'params.currency',
  'params.transaction_id',
  'params.coupon',
  'params.payment_type',
  'params.shipping_tier',
  'params.method',
  'params.page_location',
  'items',
  'items[*].item_id',
  'items[*].item_name',
  'items[*].price',
  'items[*].quantity',
  'page.location',
  'page.title',
  'page.utm.source',
  'page.utm.medium',
  'page.utm.campaign',
  'session.id',
  'consent.signals.ad_storage.effective',
  'consent.signals.analytics_storage.effective',
  'request.clientId',
  'request.userId',
  'request.measurementId',
  'request.host',
];

let nextKey = 0;
function newKey(): string {
  nextKey += 1;
  return `n${nextKey}`;
}

export function newCondition(field = 'params.value', op: LeafOp = 'exists'): LeafNode {
  return { kind: 'condition', key: newKey(), field, op, value: '', values: [], pattern: '', flags: undefined, number: 0, min: undefined, max: undefined };
}

export function newGroup(combinator: 'all' | 'any' = 'all', children: BuilderNode[] = [newCondition()]): GroupNode {
  return { kind: 'group', key: newKey(), combinator, negated: false, children };
}

function leafFrom(c: Extract<Condition, { field: string }>): LeafNode {
  const leaf = newCondition(c.field, c.op);
  switch (c.op) {
    case 'equals':
    case 'not_equals':
      return { ...leaf, value: c.value };
    case 'in':
    case 'not_in':
      return { ...leaf, values: [...c.values] };
    case 'matches':
      return { ...leaf, pattern: c.pattern, flags: 'flags' in c ? c.flags : undefined };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { ...leaf, number: c.value };
    case 'length_between':
      return { ...leaf, min: c.min, max: c.max };
    default:
      return leaf;
  }
}

function nodeFrom(c: Condition): BuilderNode {
  if ('all' in c) return { kind: 'group', key: newKey(), combinator: 'all', negated: false, children: c.all.map(nodeFrom) };
  if ('any' in c) return { kind: 'group', key: newKey(), combinator: 'any', negated: false, children: c.any.map(nodeFrom) };
  if ('not' in c) {
    const inner = nodeFrom(c.not);
    // `not` of a group is that group negated; `not` of a condition is a negated group of one.
    if (inner.kind === 'group' && !inner.negated) return { ...inner, negated: true };
    return { kind: 'group', key: newKey(), combinator: 'all', negated: true, children: [inner] };
  }
  return leafFrom(c);
}

/** A condition as the top-level group the builder edits. */
export function groupFrom(c: Condition): GroupNode {
  const node = nodeFrom(c);
  return node.kind === 'group' ? node : newGroup('all', [node]);
}

export function modelFrom(conditions: { when?: Condition; assert: Condition; message?: string }): BuilderModel {
  return { when: conditions.when ? groupFrom(conditions.when) : null, assert: groupFrom(conditions.assert), message: conditions.message };
}

function leafToCondition(n: LeafNode): Condition {
  switch (n.op) {
    case 'exists':
    case 'not_exists':
      return { field: n.field, op: n.op };
    case 'equals':
    case 'not_equals':
      return { field: n.field, op: n.op, value: n.value };
    case 'in':
    case 'not_in':
      return { field: n.field, op: n.op, values: [...n.values] };
    case 'matches':
      return n.flags === undefined ? { field: n.field, op: 'matches', pattern: n.pattern } : { field: n.field, op: 'matches', pattern: n.pattern, flags: n.flags };
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return { field: n.field, op: n.op, value: n.number };
    case 'length_between':
      return { field: n.field, op: 'length_between', ...(n.min !== undefined ? { min: n.min } : {}), ...(n.max !== undefined ? { max: n.max } : {}) };
  }
}

export function toCondition(n: BuilderNode): Condition {
  if (n.kind === 'condition') return leafToCondition(n);
  const children = n.children.map(toCondition);
  const body: Condition = children.length === 1 ? children[0]! : n.combinator === 'all' ? { all: children } : { any: children };
  return n.negated ? { not: body } : body;
}

export function conditionsFromModel(model: BuilderModel): { when?: Condition; assert: Condition; message?: string } {
  return {
    ...(model.when ? { when: toCondition(model.when) } : {}),
    assert: toCondition(model.assert),
    ...(model.message !== undefined ? { message: model.message } : {}),
  };
}

/** The JSON text the JSON view shows for the model. */
export function modelToJson(model: BuilderModel): string {
  return JSON.stringify(conditionsFromModel(model), null, 2);
}

/**
 * The model for the JSON view's text, or why the builder cannot show it (invalid JSON, or a
 * shape the language does not accept: the JSON view's own errors say more).
 */
export function modelFromJson(text: string): { ok: true; model: BuilderModel } | { ok: false; reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'Fix the JSON first: it does not parse.' };
  }
  if (!isConditions(parsed)) return { ok: false, reason: 'Fix the JSON first: the builder shows conditions the rule language accepts.' };
  return { ok: true, model: modelFrom(parsed) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isScalar(v: unknown): v is Scalar {
  return v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function hasOnly(o: Record<string, unknown>, keys: string[]): boolean {
  return Object.keys(o).every((k) => keys.includes(k));
}

/** Structural check of one condition (the engine's validator checks paths, limits and patterns). */
export function isCondition(v: unknown, depth = 0): v is Condition {
  if (!isObject(v) || depth > 16) return false;
  if ('all' in v) return hasOnly(v, ['all']) && Array.isArray(v.all) && v.all.length > 0 && v.all.every((c) => isCondition(c, depth + 1));
  if ('any' in v) return hasOnly(v, ['any']) && Array.isArray(v.any) && v.any.length > 0 && v.any.every((c) => isCondition(c, depth + 1));
  if ('not' in v) return hasOnly(v, ['not']) && isCondition(v.not, depth + 1);
  if (typeof v.field !== 'string') return false;
  switch (v.op) {
    case 'exists':
    case 'not_exists':
      return hasOnly(v, ['field', 'op']);
    case 'equals':
    case 'not_equals':
      return hasOnly(v, ['field', 'op', 'value']) && 'value' in v && isScalar(v.value);
    case 'in':
    case 'not_in':
      return hasOnly(v, ['field', 'op', 'values']) && Array.isArray(v.values) && v.values.every(isScalar);
    case 'matches':
      return hasOnly(v, ['field', 'op', 'pattern', 'flags']) && typeof v.pattern === 'string' && (v.flags === undefined || v.flags === '' || v.flags === 'i');
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return hasOnly(v, ['field', 'op', 'value']) && isNum(v.value);
    case 'length_between':
      return hasOnly(v, ['field', 'op', 'min', 'max']) && (v.min === undefined || isNum(v.min)) && (v.max === undefined || isNum(v.max));
    default:
      return false;
  }
}

function isConditions(v: unknown): v is { when?: Condition; assert: Condition; message?: string } {
  if (!isObject(v) || !hasOnly(v, ['when', 'assert', 'message'])) return false;
  return isCondition(v.assert) && (v.when === undefined || isCondition(v.when)) && (v.message === undefined || typeof v.message === 'string');
}
