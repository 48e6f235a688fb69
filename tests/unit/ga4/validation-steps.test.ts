/**
 * `validate` / `validateDecoded` run a hit's steps in plain loops, `validateDecodedSteps` as a
 * generator that pauses between them (the collector's event loop, issue 26): both must give the
 * same result for every request, with and without history, including custom rules that run out of
 * the hit's or the request's budget. And a steps run must pause: after every event's rules, and
 * after each request rule of a large hit.
 */
import { describe, expect, it } from 'vitest';
import { createInMemoryHistory, createValidator, decodeRequest, runSteps, type RuleSettings, type ValidationHistory } from '../../../src/shared/ga4';
import { CUSTOM_RULE_LIMITS } from '../../../src/shared/ga4/custom-rules';
import { corpusAndFixtureRequests } from './corpus-requests';

const SETTINGS: RuleSettings = {
  facts: { euTraffic: true, measurementIds: ['G-F9XM71K45T', 'G-123456'], allowedHosts: ['bestbytes.com', 'example.com'], currencies: ['EUR', 'USD'] },
  customRules: [
    { id: 'purchase-coupon', title: 'Purchases carry a coupon field', events: ['purchase'], assert: { field: 'params.coupon', op: 'exists' } },
    { id: 'sku-format', title: 'SKUs look like SKU_123', assert: { field: 'items[*].item_id', op: 'matches', pattern: '^(SKU_)?[A-Za-z0-9]+$' } },
  ],
};

describe('validation in steps and in one go', () => {
  it('give the same result for every corpus and fixture request, without and with history', () => {
    const validator = createValidator(SETTINGS);
    const requests = corpusAndFixtureRequests();
    const histories: Array<[ValidationHistory, ValidationHistory] | undefined> = [undefined, [createInMemoryHistory(), createInMemoryHistory()]];
    let compared = 0;
    for (const pair of histories)
      for (const request of requests) {
        const decoded = decodeRequest(request);
        if (!decoded.ok) continue;
        const inOneGo = validator.validateDecoded(decoded.request, pair ? { history: pair[0] } : undefined);
        const inSteps = runSteps(validator.validateDecodedSteps(decoded.request, pair ? { history: pair[1] } : undefined));
        expect(inSteps).toEqual(inOneGo);
        expect(JSON.stringify(inSteps)).toBe(JSON.stringify(inOneGo));
        compared++;
      }
    expect(compared).toBeGreaterThan(2 * 150);
  });

  it('give the same result, and charge the request the same, when custom rules run out of budget', () => {
    // About 41,000 steps per event (see custom-rule-budget.test.ts): the hit's budget runs out on the second.
    const validator = createValidator({ customRules: [{ id: 'hashless', title: 'Blob has a hash', assert: { field: 'params.blob', op: 'matches', pattern: '.{0,20}#' } }] });
    const body = Array.from({ length: 5 }, (_, i) => `en=e${i}&ep.blob=${'a'.repeat(400)}`).join('\n');
    const decoded = decodeRequest({ method: 'POST', url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-ABCDEF1234&cid=1.2', body });
    if (!decoded.ok) throw new Error(decoded.error.message);
    const budgetOne = { remaining: CUSTOM_RULE_LIMITS.stepsPerRequest };
    const budgetTwo = { remaining: CUSTOM_RULE_LIMITS.stepsPerRequest };
    const inOneGo = validator.validateDecoded(decoded.request, { requestBudget: budgetOne });
    const inSteps = runSteps(validator.validateDecodedSteps(decoded.request, { requestBudget: budgetTwo }));
    expect(inSteps).toEqual(inOneGo);
    expect(budgetTwo.remaining).toBe(budgetOne.remaining);
    expect(inOneGo.issues.some((i) => i.ruleId === 'custom.hashless' && i.severity === 'info' && i.message.startsWith('Not evaluated'))).toBe(true);
  });

  it('pause after each event, and after each request rule only on a hit of more than 8 events', () => {
    const validator = createValidator({});
    const pauses = (events: number) => {
      const body = Array.from({ length: events }, (_, i) => `en=e${i}`).join('\n');
      const decoded = decodeRequest({ method: 'POST', url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-ABCDEF1234&cid=1.2', body });
      if (!decoded.ok) throw new Error(decoded.error.message);
      const steps = validator.validateDecodedSteps(decoded.request);
      let n = 0;
      while (!steps.next().done) n++;
      return n;
    };
    // One pause after the request rules, one per event.
    expect(pauses(1)).toBe(2);
    expect(pauses(8)).toBe(9);
    // One pause after each request rule, one per event.
    const large = pauses(9) - 9;
    expect(large).toBeGreaterThan(10);
    expect(pauses(20)).toBe(large + 20);
  });
});
