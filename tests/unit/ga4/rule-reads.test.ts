/**
 * The rule catalogue's `reads` declarations (src/shared/ga4/rules/reads.ts) are honest: every rule,
 * run alone (no plan, so on every event of both formats) over both corpora and every rule fixture,
 * twice on one history, with every tenant fact and with none, with the decoded model wrapped in recording proxies, reads no event field
 * and no parameter its declaration leaves out. The engine's plan and the lazy model rely on them.
 */
import { describe, expect, it } from 'vitest';
import { ALL_RULES } from '../../../src/shared/ga4/rules';
import { RULE_READS } from '../../../src/shared/ga4/rules/reads';
import type { Rule } from '../../../src/shared/ga4/rules/types';
import { gtag, FACTS, PURCHASE } from './helpers';
import { corpusAndFixtureRequests } from './corpus-requests';
import { recordRuleReads } from './read-recorder';

const requests = corpusAndFixtureRequests();
const facts = { ...FACTS, allowedHosts: [...(FACTS.allowedHosts ?? []), 'bestbytes.com', 'example.com'], paymentHosts: ['pay.example.org'] };

describe('rule reads declarations', () => {
  it('declare every built-in rule, and nothing else', () => {
    expect(Object.keys(RULE_READS).sort()).toEqual(ALL_RULES.map((r) => r.id).sort());
  });

  it('the recorder sees what a rule reads (a rule reading consent and params.value is caught)', () => {
    const probe: Rule = {
      id: 'test.probe',
      family: 'basic',
      tier: 'basic',
      defaultSeverity: 'info',
      title: '',
      explanation: '',
      reference: '',
      checkEvent(ctx, ev) {
        if (ev.consent.gcs === 'x' && ev.params.value === 'y') ctx.emit('', '');
      },
      checkRequest(ctx) {
        for (const ev of ctx.req.events) for (const k in ev.params) if (k === 'z') ctx.emit('', '');
        if (ctx.pages.length < 0) ctx.emit('', '');
      },
    };
    const rec = recordRuleReads(probe, [gtag(PURCHASE)], facts);
    expect([...rec.fields].sort()).toEqual(['consent', 'page']);
    expect(rec.params.has('value')).toBe(true);
    expect(rec.allParams).toBe(true);
  });

  for (const rule of ALL_RULES)
    it(`${rule.id} reads only what it declares`, () => {
      const declared = RULE_READS[rule.id];
      expect(declared, rule.id).toBeDefined();
      if (!declared) return;
      // With every tenant fact and with none: a rule may take other paths without them.
      const rec = recordRuleReads(rule, requests, facts);
      const bare = recordRuleReads(rule, requests, {});
      for (const f of bare.fields) rec.fields.add(f);
      for (const p of bare.params) rec.params.add(p);
      rec.allParams ||= bare.allParams;
      const fields = new Set<string>(declared.fields);
      expect([...rec.fields].filter((f) => !fields.has(f)), `${rule.id}: event fields read but not declared`).toEqual([]);
      if (declared.params !== 'any') {
        const params = new Set(declared.params);
        expect(rec.allParams, `${rule.id} lists the parameters: declare params 'any'`).toBe(false);
        expect([...rec.params].filter((p) => !params.has(p)), `${rule.id}: parameters read but not declared`).toEqual([]);
      }
      // The plan's parameter index only uses parameters the rule declares it reads.
      for (const p of rule.onlyWithParams ?? []) expect(declared.params === 'any' || declared.params.includes(p), `${rule.id} onlyWithParams ${p}`).toBe(true);
    });
});
