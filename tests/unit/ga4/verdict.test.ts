import { describe, expect, it } from 'vitest';
import { checksNotRunFor, createEntitledValidator, describeVerdict, parseWithheld, problemTitle, ruleCatalogue, rulesRunText, tiersForPlan, type CapturedRequest } from '../../../src/shared/ga4';
import { levelOfFinding, SEVERITY_LEVEL_LABELS, severityRank } from '../../../src/shared/severity';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const BASE = 'https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=111.222&sid=1700000000&sct=1&seg=1&_s=2&dl=https%3A%2F%2Fshop.example.com%2Fthanks&dt=Thanks';

/** A purchase without transaction_id, a value without currency, and an email address sent as a user property (issue 22). */
const BROKEN_PURCHASE: CapturedRequest = {
  method: 'POST',
  url: `${BASE}&en=purchase&epn.value=42.5&up.email=jane%40example.com`,
  body: '',
  headers: { 'user-agent': UA },
  receivedAtMs: Date.UTC(2023, 10, 14, 22, 20),
};
const CLEAN_PAGE_VIEW: CapturedRequest = { ...BROKEN_PURCHASE, url: `${BASE}&en=page_view` };

const validatorFor = (plan: string) => createEntitledValidator({ allowedTiers: tiersForPlan(plan), facts: { allowedHosts: ['shop.example.com'] } }, { plan });

describe('the verdict says what ran', () => {
  it('on Free, a broken purchase passes basic rules but the withheld advanced checks are summarized, counts only', () => {
    const result = validatorFor('free').validate(BROKEN_PURCHASE);
    expect(result.status).toBe('pass');
    expect(result.issues).toEqual([]);
    expect(result.withheld).toEqual({
      plan: 'free',
      tiers: ['advanced'],
      checks: 70,
      findings: [
        { family: 'ecommerce', severity: 'error', count: 3 },
        { family: 'data_quality', severity: 'error', count: 1 },
      ],
    });
    // Only counts are kept: no message, path or rule id of a withheld finding reaches the result.
    expect(JSON.stringify(result.withheld)).not.toMatch(/transaction_id|email|ecom\.|dq\./);
  });

  it('never reads as a plain PASS when the withheld checks found an error-level problem', () => {
    const result = validatorFor('free').validate(BROKEN_PURCHASE);
    const verdict = describeVerdict(result.status, result.withheld, 'free');
    expect(verdict.headline).toBe('PASS on basic rules');
    expect(verdict.notRun).toBe('70 advanced checks not run on the Free plan');
    expect(verdict.hiddenFailure).toBe(true);
    expect(verdict.seriousText).toBe('Advanced checks that did not run would have found 4 critical problems: 3 e-commerce, 1 data quality.');
  });

  it('a clean hit on Free still says what did not run, without claiming a problem', () => {
    const result = validatorFor('free').validate(CLEAN_PAGE_VIEW);
    const verdict = describeVerdict(result.status, result.withheld, 'free');
    expect(verdict).toMatchObject({ headline: 'PASS on basic rules', notRun: '70 advanced checks not run on the Free plan', hiddenFailure: false, seriousText: null });
  });

  it('the same hit fails on Starter and Pro, where nothing is withheld', () => {
    for (const plan of ['starter', 'pro']) {
      const result = validatorFor(plan).validate(BROKEN_PURCHASE);
      expect(result.status).toBe('fail');
      expect(result.withheld).toBeUndefined();
      expect(result.issues.map((i) => i.ruleId).sort()).toEqual(['dq.pii_email', 'ecom.currency_with_value', 'ecom.items_required', 'ecom.purchase_transaction_id']);
      expect(describeVerdict(result.status, result.withheld, plan)).toMatchObject({ headline: 'FAIL', notRun: null, hiddenFailure: false });
    }
  });

  it('rules a website switched off are not counted as withheld checks, and their findings are not summarized', () => {
    const v = createEntitledValidator({ allowedTiers: ['basic'], rules: { 'dq.pii_email': { enabled: false } } });
    const result = v.validate(BROKEN_PURCHASE);
    expect(result.withheld?.checks).toBe(69);
    expect(result.withheld?.findings).toEqual([{ family: 'ecommerce', severity: 'error', count: 3 }]);
  });

  it('an undecodable request is a FAIL and gets no withheld summary', () => {
    const result = validatorFor('free').validate({ method: 'POST', url: 'https://www.google-analytics.com/mp/collect?measurement_id=G-X&api_secret=s', body: '{not json', headers: {} });
    expect(result.status).toBe('fail');
    expect(result.withheld).toBeUndefined();
  });

  it('reads stored summaries back, and treats anything malformed as "everything ran"', () => {
    const stored = JSON.parse(JSON.stringify(validatorFor('free').validate(BROKEN_PURCHASE).withheld)) as unknown;
    expect(parseWithheld(stored)).toEqual(validatorFor('free').validate(BROKEN_PURCHASE).withheld);
    expect(parseWithheld(null)).toBeNull();
    expect(parseWithheld({ tiers: 'advanced' })).toBeNull();
    expect(parseWithheld({ tiers: ['advanced'], checks: 70, findings: [{ family: 'nope', severity: 'error', count: 1 }] })?.findings).toEqual([]);
  });

  it('names the rules a plan runs', () => {
    expect(rulesRunText(tiersForPlan('free'))).toBe('basic rules');
    expect(rulesRunText(tiersForPlan('starter'))).toBe('basic and advanced rules');
    expect(rulesRunText(tiersForPlan('pro'))).toBe('basic, advanced and custom rules');
  });

  it('counts the checks a plan leaves out', () => {
    expect(checksNotRunFor(tiersForPlan('free'))).toEqual({ tiers: ['advanced'], checks: ruleCatalogue().filter((r) => r.tier === 'advanced').length });
    expect(checksNotRunFor(tiersForPlan('starter'))).toEqual({ tiers: [], checks: 0 });
  });
});

describe('one severity vocabulary', () => {
  it('an engine error is Critical, ranked first', () => {
    expect(levelOfFinding('error')).toBe('critical');
    expect(SEVERITY_LEVEL_LABELS[levelOfFinding('error')]).toBe('Critical');
    expect(['info', 'critical', 'warning'].sort((a, b) => severityRank(a) - severityRank(b))).toEqual(['critical', 'warning', 'info']);
  });

  it('every catalogue rule has a problem title that says what is wrong', () => {
    expect(problemTitle('dq.bot_ua')).toBe('Headless-browser traffic reaching production');
    for (const rule of ruleCatalogue()) {
      const title = problemTitle(rule.id);
      expect(title, rule.id).not.toMatch(/^Findings of/);
      expect(title, rule.id).not.toBe(rule.title);
    }
  });
});
