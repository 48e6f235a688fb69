import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Condition } from '../../../src/shared/ga4/custom-rules';
import { conditionsFromModel, isCondition, modelFrom, modelFromJson, modelToJson, toCondition, groupFrom } from '../../../src/renderer/pages/rules/builder/condition-model';

const field = fc.constantFrom('name', 'params.value', 'params.coupon', 'items[*].price', 'request.clientId');
const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));
const leaf: fc.Arbitrary<Condition> = fc.oneof(
  fc.record({ field, op: fc.constantFrom('exists' as const, 'not_exists' as const) }),
  fc.record({ field, op: fc.constantFrom('equals' as const, 'not_equals' as const), value: scalar }),
  fc.record({ field, op: fc.constantFrom('in' as const, 'not_in' as const), values: fc.array(scalar, { maxLength: 4 }) }),
  fc.record({ field, op: fc.constant('matches' as const), pattern: fc.constantFrom('^G-', 'x+', 'a|b') }),
  fc.record({ field, op: fc.constant('matches' as const), pattern: fc.constantFrom('^G-', 'x+'), flags: fc.constantFrom('' as const, 'i' as const) }),
  fc.record({ field, op: fc.constantFrom('gt' as const, 'gte' as const, 'lt' as const, 'lte' as const), value: fc.integer({ min: -50, max: 500 }) }),
  fc.record({ field, op: fc.constant('length_between' as const), min: fc.integer({ min: 0, max: 5 }), max: fc.integer({ min: 5, max: 40 }) }, { requiredKeys: ['field', 'op'] }),
);
const condition: fc.Arbitrary<Condition> = fc.letrec<{ node: Condition }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ all: fc.array(tie('node'), { minLength: 2, maxLength: 3 }) }),
    fc.record({ any: fc.array(tie('node'), { minLength: 2, maxLength: 3 }) }),
    fc.record({ not: tie('node') }),
  ),
})).node;

/** The one rewrite the builder makes: a group of one condition is that condition. */
function canonical(c: Condition): Condition {
  if ('all' in c) return c.all.length === 1 ? canonical(c.all[0]!) : { all: c.all.map(canonical) };
  if ('any' in c) return c.any.length === 1 ? canonical(c.any[0]!) : { any: c.any.map(canonical) };
  if ('not' in c) return { not: canonical(c.not) };
  return c;
}

describe('condition builder model', () => {
  it('round-trips every condition of the language (JSON → builder → JSON)', () => {
    fc.assert(
      fc.property(condition, fc.option(condition, { nil: undefined }), (assert, when) => {
        const input = { ...(when ? { when } : {}), assert };
        const back = conditionsFromModel(modelFrom(input));
        expect(back).toEqual({ ...(when ? { when: canonical(when) } : {}), assert: canonical(assert) });
        expect(isCondition(back.assert)).toBe(true);
      }),
    );
  });

  it('builder → JSON → builder is stable', () => {
    fc.assert(
      fc.property(condition, (assert) => {
        const json = modelToJson(modelFrom({ assert }));
        const again = modelFromJson(json);
        expect(again.ok).toBe(true);
        if (again.ok) expect(modelToJson(again.model)).toBe(json);
      }),
    );
  });

  it('shows a single condition as a group of one, and keeps not as a negated group', () => {
    expect(groupFrom({ field: 'params.value', op: 'exists' })).toMatchObject({ combinator: 'all', negated: false, children: [{ kind: 'condition', field: 'params.value', op: 'exists' }] });
    const negated = groupFrom({ not: { any: [{ field: 'a', op: 'exists' }, { field: 'b', op: 'exists' }] } });
    expect(negated).toMatchObject({ combinator: 'any', negated: true });
    expect(toCondition(negated)).toEqual({ not: { any: [{ field: 'a', op: 'exists' }, { field: 'b', op: 'exists' }] } });
  });

  it('keeps the message and says why JSON it cannot show is refused', () => {
    expect(conditionsFromModel(modelFrom({ assert: { field: 'x', op: 'exists' }, message: 'Say it' })).message).toBe('Say it');
    expect(modelFromJson('{ "assert": ')).toEqual({ ok: false, reason: 'Fix the JSON first: it does not parse.' });
    expect(modelFromJson('{ "assert": { "field": "x", "op": "almost" } }').ok).toBe(false);
    expect(modelFromJson('{ "assert": { "field": "x", "op": "exists" }, "extra": 1 }').ok).toBe(false);
    expect(modelFromJson('{ "assert": { "all": [] } }').ok).toBe(false);
  });
});
