/**
 * The browser's plan check (@cfworker/json-schema, an interpreter) against the collector's (Ajv,
 * compiled code): the same plan and the same hit give the same findings, in the same order. The
 * fixtures are the plan-check tests' hits; the property test adds Measurement Protocol hits whose
 * parameters, values and types are drawn at random around the plans' parameters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePlanCheck, decodeRequest, type CapturedRequest, type Issue, type TrackingPlanDocument } from '../../../../src/shared/ga4';
import { createAjvCompiler } from '../../../../src/shared/ga4/plan/ajv-compiler';
import { createInterpretedCompiler } from '../../../../src/shared/ga4/plan/interpreted-compiler';
import { PURCHASE, gtag, mp } from '../helpers';
import { PLAN, RICH_PLAN } from './fixtures';

const PLANS: Array<[string, TrackingPlanDocument]> = [
  ['PLAN', PLAN],
  ['RICH_PLAN', RICH_PLAN],
  ['RICH_PLAN with severities', { ...RICH_PLAN, severities: { 'plan.unplanned_parameter': 'off', 'plan.value_not_allowed': 'error' } }],
];

const checks = PLANS.map(([name, plan]) => ({ name, ajv: compilePlanCheck(plan, createAjvCompiler()), interpreted: compilePlanCheck(plan, createInterpretedCompiler()) }));

function findingsOf(check: ReturnType<typeof compilePlanCheck>, request: CapturedRequest): Issue[] {
  const decoded = decodeRequest(request);
  if (!decoded.ok) throw new Error(decoded.error.message);
  const issues: Issue[] = [];
  check.check(decoded.request, issues);
  return issues;
}

/** The hits of plan-check.test.ts, and a few more that reach the keywords those do not. */
const FIXTURE_HITS: Array<Record<string, string | null>> = [
  { ...PURCHASE },
  {},
  { en: 'formSubmit' },
  { en: 'form_submit' },
  { ...PURCHASE, 'epn.value': null, 'ep.value': '20' },
  { ...PURCHASE, 'ep.transaction_id': null, 'ep.payment_type': 'card', cu: 'eur' },
  { ...PURCHASE, 'ep.affiliation': 'shop', pr1: 'idSKU_1~nmShirt~pr10~qt1~k0color~v0red' },
  { ...PURCHASE, pr1: 'idSKU1~nmShirt~pr10~qt2~k0color~v0red' },
  { en: 'sign_up', 'ep.plan_tier': 'gold', 'ep.method': 'google' },
  { 'up.tier': 'bronze', 'up.extra': 'x' },
  { ...PURCHASE, 'epn.value': '-3', 'ep.coupon': 'WAY-TOO-LONG-COUPON', pr1: 'nmShirt~pr10~qt2.5' },
  { en: 'sign_up', 'ep.method': 'Google 2', 'epn.seats': '0', 'ep.trial': 'yes', 'epn.score': '3', 'upn.age': '12' },
  { en: 'sign_up', 'ep.method': 'email', 'epn.seats': '51', 'ep.trial': 'true', 'epn.score': '2.5', 'up.tier': 'gold' },
];

describe('the interpreted plan check (browser) gives the same findings as the Ajv one (collector)', () => {
  for (const { name, ajv, interpreted } of checks)
    it(`on every fixture hit, against ${name}`, () => {
      let total = 0;
      for (const hit of FIXTURE_HITS) {
        const expected = findingsOf(ajv, gtag(hit));
        total += expected.length;
        expect(findingsOf(interpreted, gtag(hit)), JSON.stringify(hit)).toEqual(expected);
      }
      // The fixtures do exercise the check: a run with no findings would prove nothing.
      expect(total).toBeGreaterThan(10);
    });

  const names = ['transaction_id', 'value', 'currency', 'coupon', 'method', 'plan_tier', 'seats', 'trial', 'score', 'affiliation', 'x_custom', 'a b/c~"d%25#'];
  const itemNames = ['item_id', 'item_name', 'price', 'quantity', 'color', 'ü/~0'];
  const values = fc.oneof(
    fc.constantFrom('EUR', 'eur', 'USD', 'gold', 'bronze', 'google', 'Google', '', 'a/b~c', 'ÄÖü'),
    fc.string({ maxLength: 14 }),
    fc.integer({ min: -5, max: 60 }),
    fc.double({ min: -10, max: 100, noNaN: true }),
    fc.boolean(),
  );
  const params = (keys: string[]) => fc.dictionary(fc.constantFrom(...keys), values, { maxKeys: 6 });
  const event = fc.record({
    name: fc.constantFrom('purchase', 'sign_up', 'page_view', 'form_submit', 'formSubmit'),
    params: params(names),
    items: fc.option(fc.array(params(itemNames), { maxLength: 3 }), { nil: undefined }),
  });
  const userProperties = fc.option(fc.dictionary(fc.constantFrom('tier', 'age', 'extra'), values.map((value) => ({ value })), { maxKeys: 3 }), { nil: undefined });

  it('on random Measurement Protocol hits, against every plan', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 3 }), userProperties, (events, ups) => {
        const request = mp({
          events: events.map((e) => ({ name: e.name, params: { ...e.params, ...(e.items ? { items: e.items } : {}) } })),
          ...(ups ? { user_properties: ups } : {}),
        });
        for (const { ajv, interpreted } of checks) expect(findingsOf(interpreted, request)).toEqual(findingsOf(ajv, request));
      }),
      { numRuns: 1000, seed: 25 },
    );
  });
});
