import { describe, expect, it } from 'vitest';
import {
  createInMemoryHistory,
  createValidator,
  ruleCatalogue,
  tiersForPlan,
  validateRequest,
  type RuleSettings,
} from '../../../src/shared/ga4';
import { isPlaceholderValue } from '../../../src/shared/ga4/rules/util';
import { FACTS, NOW, PURCHASE, gtag, mp } from './helpers';
import { RULE_FIXTURES, type RuleCase } from './rule-fixtures';

const SETTINGS: RuleSettings = { facts: FACTS };
const validator = createValidator(SETTINGS);

function run(c: RuleCase) {
  const v = c.facts ? createValidator({ facts: c.facts }) : validator;
  const history = createInMemoryHistory();
  for (const b of c.before ?? []) v.validate(b, { history, now: b.receivedAtMs ?? NOW });
  return v.validate(c.req, { history, now: c.req.receivedAtMs ?? NOW });
}

describe('rule catalogue', () => {
  const catalogue = ruleCatalogue();

  it('has at least the 12 basic rules and exactly 70 advanced rules split 15/20/20/15', () => {
    const basic = catalogue.filter((r) => r.tier === 'basic');
    const advanced = catalogue.filter((r) => r.tier === 'advanced');
    expect(basic.length).toBeGreaterThanOrEqual(12);
    expect(basic.every((r) => r.family === 'basic')).toBe(true);
    expect(advanced).toHaveLength(70);
    const byFamily = (f: string) => advanced.filter((r) => r.family === f).length;
    expect(byFamily('gdpr')).toBe(15);
    expect(byFamily('ecommerce')).toBe(20);
    expect(byFamily('session_attribution')).toBe(20);
    expect(byFamily('data_quality')).toBe(15);
  });

  it('gives every rule a unique stable id and complete documentation', () => {
    const ids = catalogue.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of catalogue) {
      expect(r.id).toMatch(/^(basic|gdpr|ecom|sess|attr|dq)\.[a-z0-9_]+$/);
      expect(['error', 'warning', 'info']).toContain(r.defaultSeverity);
      expect(r.title.length).toBeGreaterThan(5);
      expect(r.explanation.length).toBeGreaterThan(40);
      expect(r.reference).toMatch(/^https:\/\//);
    }
  });

  it('has a failing and a passing fixture for every rule id, and no fixture for unknown ids', () => {
    const fixtureIds = RULE_FIXTURES.map((f) => f.id);
    expect(new Set(fixtureIds).size).toBe(fixtureIds.length);
    expect([...fixtureIds].sort()).toEqual(catalogue.map((r) => r.id).sort());
  });
});

describe('clean baselines', () => {
  it.each([
    ['gtag page_view', gtag()],
    ['gtag purchase', gtag(PURCHASE)],
    ['Measurement Protocol login', mp()],
  ])('%s raises no issue at all', (_name, req) => {
    const result = validateRequest(req, SETTINGS, { now: NOW });
    expect(result.issues).toEqual([]);
    expect(result.status).toBe('pass');
  });
});

describe.each(RULE_FIXTURES)('$id', ({ id, fail, pass }) => {
  it('flags the failing fixture with a field path and an actionable message', () => {
    const result = run(fail);
    const hits = result.issues.filter((i) => i.ruleId === id);
    expect(hits.length, JSON.stringify(result.issues, null, 1)).toBeGreaterThan(0);
    for (const h of hits) {
      expect(h.path).not.toBe('');
      expect(h.message.length).toBeGreaterThan(10);
    }
  });

  it('does not flag the passing fixture', () => {
    const result = run(pass);
    expect(result.issues.filter((i) => i.ruleId === id)).toEqual([]);
  });
});

describe('settings', () => {
  const fixture = RULE_FIXTURES.find((f) => f.id === 'ecom.items_required');
  if (!fixture) throw new Error('fixture missing');

  it('disables a rule per website', () => {
    const result = validateRequest(fixture.fail.req, { facts: FACTS, rules: { 'ecom.items_required': { enabled: false } } }, { now: NOW });
    expect(result.issues.some((i) => i.ruleId === 'ecom.items_required')).toBe(false);
  });

  it('overrides the severity, which drives the status', () => {
    const settings: RuleSettings = { facts: FACTS, rules: { 'ecom.items_required': { severity: 'info' } } };
    const result = validateRequest(fixture.fail.req, settings, { now: NOW });
    const issue = result.issues.find((i) => i.ruleId === 'ecom.items_required');
    expect(issue?.severity).toBe('info');
    expect(result.status).toBe('pass');
  });

  it('runs only the tiers the plan allows', () => {
    const free = createValidator({ facts: FACTS, allowedTiers: tiersForPlan('free') });
    expect(free.activeRuleIds.every((id) => id.startsWith('basic.'))).toBe(true);
    expect(free.validate(fixture.fail.req, { now: NOW }).issues).toEqual([]);
    const starter = createValidator({ facts: FACTS, allowedTiers: tiersForPlan('starter') });
    expect(starter.validate(fixture.fail.req, { now: NOW }).issues.map((i) => i.ruleId)).toContain('ecom.items_required');
  });

  it('maps plans to tiers as the product spec says', () => {
    expect(tiersForPlan(undefined)).toEqual(['basic']);
    expect(tiersForPlan('free')).toEqual(['basic']);
    expect(tiersForPlan('starter')).toEqual(['basic', 'advanced']);
    expect(tiersForPlan('pro')).toEqual(['basic', 'advanced', 'custom']);
    expect(tiersForPlan('enterprise')).toEqual(['basic', 'advanced', 'custom']);
  });

  it('skips rules whose tenant fact is not configured', () => {
    const result = validateRequest(gtag({ tid: 'G-OTHER9999', gcs: null, gcd: null }), {}, { now: NOW });
    const ids = result.issues.map((i) => i.ruleId);
    expect(ids).not.toContain('basic.tid_expected');
    expect(ids).not.toContain('gdpr.consent_signal_present');
  });

  it('sets status from the worst severity', () => {
    expect(validateRequest(gtag({ 'ep.category': 'undefined' }), SETTINGS, { now: NOW }).status).toBe('warning');
    expect(validateRequest(gtag({ cid: null }), SETTINGS, { now: NOW }).status).toBe('fail');
  });

  it('turns an undecodable request into a failing result instead of throwing', () => {
    const result = validateRequest({ method: 'POST', url: 'https://www.google-analytics.com/mp/collect', body: '{not json' }, SETTINGS);
    expect(result.status).toBe('fail');
    expect(result.decodeError?.code).toBe('INVALID_JSON');
    expect(result.issues[0]?.ruleId).toBe('basic.request_decodable');
    expect(JSON.parse(JSON.stringify(result))).toEqual(result);
  });

  it('produces JSON-serializable results', () => {
    const result = validateRequest(gtag(PURCHASE), SETTINGS, { now: NOW });
    const roundTrip = JSON.parse(JSON.stringify(result));
    expect(roundTrip.events[0].items[0]).toEqual({ item_id: 'SKU1', item_name: 'Shirt', price: 10, quantity: 2 });
    expect(roundTrip.request).toMatchObject({ format: 'gtag', measurementId: 'G-TEST12345', eventCount: 1 });
  });
});

describe('string values scanned once for emails and placeholders', () => {
  // dq.pii_email and dq.undefined_values share one prefiltered walk: whatever clears the prefilter
  // must be what neither precise check would report.
  const VALUES = ['undefined', ' undefined ', 'NULL', 'Null', 'nan', 'NaN', '\tnull', '[object Object]', '[OBJECT OBJECT]', '{{Page Path}}', '%%macro%%', '__VAR__', ' <VAR>', 'list_null',
    'undefined-Carousel', 'a@b.co', 'a%40b.co', 'a%2540b.co', 'x @ y', 'plain', 'abc', 'abcd', 'abcdefghi', 'abcdefghijklmno', '\u00a0nan', 'nan\u3000', 'Ñull', '', ' '];
  const placeholder = (r: ReturnType<typeof validateRequest>) => r.issues.filter((i) => i.ruleId === 'dq.undefined_values').map((i) => i.path);
  const email = (r: ReturnType<typeof validateRequest>) => r.issues.filter((i) => i.ruleId === 'dq.pii_email').map((i) => i.path);

  it('reports a param, user property or item value exactly when the precise checks do', () => {
    for (const v of VALUES) {
      const r = validator.validate(gtag({ 'ep.note': v, 'up.tier': v, pr1: `idSKU1~nmShirt~k0note~v0${v}` }));
      const expected = isPlaceholderValue(v) ? ['events[0].params.note', 'events[0].user_properties.tier', 'events[0].items[0].note'] : [];
      expect(placeholder(r), JSON.stringify(v)).toEqual(expected);
      const isEmail = ['a@b.co', 'a%40b.co', 'a%2540b.co'].includes(v);
      expect(email(r), JSON.stringify(v)).toEqual(isEmail ? ['events[0].params.note', 'events[0].user_properties.tier', 'events[0].items[0].note'] : []);
    }
  });
});

describe('no stricter than GA4 (issue 22)', () => {
  it('a refund without value is a full refund by transaction_id: no ecom.purchase_value', () => {
    const v = createValidator({});
    const ids = (r: ReturnType<typeof v.validate>) => r.issues.map((i) => i.ruleId);
    expect(ids(v.validate(gtag({ en: 'refund', 'ep.transaction_id': 'T1' })))).not.toContain('ecom.purchase_value');
    expect(ids(v.validate(gtag({ en: 'purchase', 'ep.transaction_id': 'T1', cu: 'EUR', pr1: 'idA~pr5' })))).toContain('ecom.purchase_value');
  });
});
