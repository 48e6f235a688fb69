import { describe, expect, it } from 'vitest';
import { BUDGET_MESSAGE, compileCustomRule, compileSafeRegex, createValidator, CUSTOM_RULE_LIMITS, REQUEST_BUDGET_MESSAGE, type CustomRuleDefinition } from '../../../src/shared/ga4';
import { StepBudgetExceeded } from '../../../src/shared/ga4/safe-regex';
import { FACTS, NOW, gtag } from './helpers';

// Every position of a 2 000-character value keeps ~200 NFA states alive: the costliest shape the
// pattern limits allow, the one that stalled /debug/mp/collect for seconds.
const COSTLY = '.{0,100}.{0,100}#';

function costlyRule(n: number): CustomRuleDefinition {
  return {
    id: `costly-${n}`,
    title: `Costly ${n}`,
    assert: { all: Array.from({ length: CUSTOM_RULE_LIMITS.maxPatterns }, () => ({ field: 'params.blob', op: 'matches' as const, pattern: COSTLY })) },
  };
}

const longHit = () => gtag({ 'ep.blob': 'a'.repeat(2000) });

describe('custom rules: a hard step budget per hit', () => {
  it('the matcher stops when its budget is spent, and counts steps, not time', () => {
    const compiled = compileSafeRegex(COSTLY);
    if (!compiled.ok) throw new Error(compiled.error);
    const budget = { remaining: 10_000 };
    expect(() => compiled.regex.test('a'.repeat(2000), budget)).toThrow(StepBudgetExceeded);
    expect(budget.remaining).toBeLessThan(0);
    // The same match with room enough completes and spends a deterministic amount.
    const roomy = { remaining: 10_000_000 };
    const again = { remaining: 10_000_000 };
    expect(compiled.regex.test('a'.repeat(2000), roomy)).toBe(false);
    compiled.regex.test('a'.repeat(2000), again);
    expect(roomy.remaining).toBe(again.remaining);
    expect(10_000_000 - roomy.remaining).toBeGreaterThan(CUSTOM_RULE_LIMITS.stepsPerHit);
  });

  it('forty costly rules on one hit are cut off by one shared budget and reported as not evaluated', () => {
    const rules = Array.from({ length: 40 }, (_, i) => costlyRule(i));
    const validator = createValidator({ facts: FACTS, customRules: rules });
    // Compiling is bounded too (issue 26): rules past the rule set's allowance of NFA states are
    // reported as errors and never compiled.
    const refused = new Set(validator.customRuleErrors.map((e) => e.id));
    expect(refused.size).toBeGreaterThan(0);
    for (const e of validator.customRuleErrors) expect(e.errors[0]!.message).toContain('the custom rules together are too complex');
    const compiled = rules.filter((r) => !refused.has(r.id));
    expect(compiled.length).toBeGreaterThan(0);
    const result = validator.validate(longHit(), { now: NOW });
    const skipped = result.issues.filter((i) => i.tier === 'custom' && i.message.startsWith('Not evaluated'));
    // The very first costly rule already exceeds the budget, so every compiled one is reported once.
    expect(skipped.map((i) => i.ruleId).sort()).toEqual(compiled.map((r) => `custom.${r.id}`).sort());
    expect(skipped.every((i) => i.severity === 'info')).toBe(true);
  });

  it('cheap rules on normal hits are evaluated as before', () => {
    const cheap: CustomRuleDefinition = { id: 'short-blob', title: 'Blob is short', assert: { field: 'params.blob', op: 'matches', pattern: '^a{1,3}$' } };
    const result = createValidator({ facts: FACTS, customRules: [cheap] }).validate(
      gtag({ 'ep.blob': 'aaaa' }),
      { now: NOW },
    );
    expect(result.issues.filter((i) => i.ruleId === 'custom.short-blob').map((i) => i.message)).toEqual(['Blob is short']);
  });
});

describe('custom rules: size limits at save time, with the field that broke them', () => {
  it(`refuses more than ${CUSTOM_RULE_LIMITS.maxPatterns} "matches" conditions, naming the first one over`, () => {
    const def = {
      id: 'many',
      title: 'Many',
      assert: { all: Array.from({ length: CUSTOM_RULE_LIMITS.maxPatterns + 1 }, () => ({ field: 'params.x', op: 'matches', pattern: 'a' })) },
    };
    const r = compileCustomRule(def);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toContainEqual({ path: `assert.all[${CUSTOM_RULE_LIMITS.maxPatterns}].pattern`, message: `a rule may have at most ${CUSTOM_RULE_LIMITS.maxPatterns} "matches" conditions` });
  });

  it(`refuses a definition larger than ${CUSTOM_RULE_LIMITS.maxDefinitionBytes} bytes`, () => {
    const def = { id: 'big', title: 'Big', description: 'é'.repeat(1900), assert: { field: 'params.x', op: 'in', values: Array.from({ length: 150 }, (_, i) => `value-${i}-${'x'.repeat(20)}`) } };
    const r = compileCustomRule(def);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]?.message).toBe(`a custom rule may be at most ${CUSTOM_RULE_LIMITS.maxDefinitionBytes} bytes as JSON`);
  });
});

describe('custom rules: compiling is bounded per rule set (issue 26)', () => {
  it(`all rules together compile to at most ${CUSTOM_RULE_LIMITS.statesPerRuleSet} NFA states; the rest are refused by name`, () => {
    const rules = Array.from({ length: 50 }, (_, i) => costlyRule(i));
    const validator = createValidator({ facts: FACTS, customRules: rules });
    const perRule = compileCustomRule(rules[0]);
    if (!perRule.ok) throw new Error('costly rule does not compile alone');
    const fit = Math.floor(CUSTOM_RULE_LIMITS.statesPerRuleSet / perRule.states);
    expect(validator.activeRuleIds.filter((id) => id.startsWith('custom.'))).toHaveLength(fit);
    expect(validator.customRuleErrors.map((e) => e.id)).toEqual(rules.slice(fit).map((r) => r.id));
  });

  it('an epsilon-heavy pattern is charged for the states its closures visit, not only those alive', () => {
    const compiled = compileSafeRegex('(x?){40}x{40}');
    if (!compiled.ok) throw new Error(compiled.error);
    const budget = { remaining: 10_000_000 };
    compiled.regex.test('a'.repeat(1000), budget);
    // 41 Char states are alive at each position, but the closures visit about 80 more (the
    // optional x's splits): charging only the live ones counted 42,000 for this match.
    expect(10_000_000 - budget.remaining).toBeGreaterThan(100 * 1000);
  });
});

describe('custom rules: a cap per request, shared by its hits (issue 26)', () => {
  // About 41,000 steps on a 400-character value: under the per-hit budget, so each hit alone is
  // evaluated in full, but three of them need more than the request's cap.
  const rule: CustomRuleDefinition = { id: 'hashless', title: 'Blob has a hash', assert: { field: 'params.blob', op: 'matches', pattern: '.{0,20}#' } };
  const hit = () => gtag({ 'ep.blob': 'a'.repeat(400) });
  const customMessages = (r: { issues: ReadonlyArray<{ tier: string; message: string }> }) => r.issues.filter((i) => i.tier === 'custom').map((i) => i.message);

  it('one hit spends under the per-hit budget, three spend more than the per-request cap', () => {
    const validator = createValidator({ facts: FACTS, customRules: [rule] });
    const roomy = { remaining: 10_000_000 };
    expect(customMessages(validator.validate(hit(), { now: NOW, requestBudget: roomy }))).toEqual(['Blob has a hash']);
    const perHit = 10_000_000 - roomy.remaining;
    expect(perHit).toBeLessThan(CUSTOM_RULE_LIMITS.stepsPerHit);
    expect(3 * perHit).toBeGreaterThan(CUSTOM_RULE_LIMITS.stepsPerRequest);
  });

  it('the hits of one request share the cap: the ones past it are reported as not evaluated, naming the request cap', () => {
    const validator = createValidator({ facts: FACTS, customRules: [rule] });
    const request = { remaining: CUSTOM_RULE_LIMITS.stepsPerRequest };
    const results = Array.from({ length: 4 }, () => customMessages(validator.validate(hit(), { now: NOW, requestBudget: request })));
    expect(results[0]).toEqual(['Blob has a hash']);
    expect(results[1]).toEqual(['Blob has a hash']);
    // The third hit gets what is left (less than it needs), the fourth nothing at all.
    expect(results[2]).toEqual([REQUEST_BUDGET_MESSAGE]);
    expect(results[3]).toEqual([REQUEST_BUDGET_MESSAGE]);
    expect(REQUEST_BUDGET_MESSAGE).toBe(
      'Not evaluated: the hits of this request together needed more than the 100,000 steps custom rules may spend on one request. Send fewer hits per request, simplify the rule\'s patterns or narrow it with "events" or "when".',
    );
    // What the request spent never exceeds its cap by more than one charge.
    expect(request.remaining).toBeLessThanOrEqual(0);
    expect(request.remaining).toBeGreaterThan(-1_000);
  });

  it('the same hits sent in separate requests are each evaluated in full', () => {
    const validator = createValidator({ facts: FACTS, customRules: [rule] });
    for (let i = 0; i < 4; i++) {
      expect(customMessages(validator.validate(hit(), { now: NOW, requestBudget: { remaining: CUSTOM_RULE_LIMITS.stepsPerRequest } }))).toEqual(['Blob has a hash']);
    }
  });

  it('a hit over its own budget keeps the per-hit message', () => {
    const validator = createValidator({ facts: FACTS, customRules: [costlyRule(0)] });
    const result = validator.validate(longHit(), { now: NOW, requestBudget: { remaining: CUSTOM_RULE_LIMITS.stepsPerRequest } });
    expect(customMessages(result)).toEqual([BUDGET_MESSAGE]);
  });
});
