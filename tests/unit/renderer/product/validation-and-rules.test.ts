import { describe, expect, it } from 'vitest';
import { capturesFromInput, parseCurl, shellWords, validateCaptures } from '../../../../src/renderer/components/hits/validate-input';
import { VALIDATION_SAMPLES } from '../../../../src/renderer/components/hits/samples';
import { buildDefinition, DEFAULT_CONDITIONS, formFromDefinition, ruleIdFromName, testRuleOnSample, type CustomRuleForm } from '../../../../src/renderer/pages/rules/custom-rule-form';
import { advancedRulesByFamily, basicRules } from '../../../../src/renderer/components/rule-labels';
import { eventViewsFromStored, groupIssuesBySeverity, itemColumns } from '../../../../src/renderer/components/hits/event-views';
import { customRuleTitles } from '../../../../src/renderer/pages/requests/custom-titles';
import { isDefaultSetting } from '../../../../src/renderer/data/rules/save-rule-setting-mutation';
import type { CustomRule } from '../../../../src/renderer/data/rules/types';

describe('validation page input', () => {
  it('reads a curl command with quotes, continuations and data', () => {
    expect(shellWords(`curl 'a b' "c \\"d\\"" \\\n -X POST`)).toEqual(['curl', 'a b', 'c "d"', '-X', 'POST']);
    expect(parseCurl(`curl 'https://region1.google-analytics.com/g/collect?v=2&tid=G-1' -H 'user-agent: UA/1' --data-raw 'en=page_view'`)).toEqual({
      ok: true,
      request: { method: 'POST', url: 'https://region1.google-analytics.com/g/collect?v=2&tid=G-1', headers: { 'user-agent': 'UA/1' }, body: 'en=page_view' },
    });
    expect(parseCurl('curl -X GET')).toMatchObject({ ok: false });
  });

  it('explains empty and unreadable input', () => {
    expect(capturesFromInput({ mode: 'url', url: ' ', body: '' })).toMatchObject({ ok: false });
    expect(capturesFromInput({ mode: 'capture', text: '{"foo": 1}', measurementId: '' })).toMatchObject({ ok: false, error: expect.stringContaining('neither a HAR') });
    expect(capturesFromInput({ mode: 'url', url: '/g/collect?v=2', body: 'en=scroll' })).toEqual({
      ok: true,
      captures: [{ label: 'Request', request: { method: 'POST', url: '/g/collect?v=2', body: 'en=scroll' } }],
    });
  });

  it('validates the known-bad samples as failing, with every tier', () => {
    const bad = VALIDATION_SAMPLES.find((s) => s.id === 'purchase-missing-fields')!;
    const input = capturesFromInput({ mode: 'capture', text: bad.text, measurementId: '' });
    expect(input.ok).toBe(true);
    if (!input.ok) return;
    const [result] = validateCaptures(input.captures, { euTraffic: false });
    expect(result!.status).toBe('fail');
    const rules = result!.issues.map((i) => i.ruleId);
    expect(rules).toContain('basic.cid_present');
    expect(rules).toContain('ecom.purchase_transaction_id');
  });

  it('runs the EU consent rules only when asked', () => {
    const text = 'METHOD: GET\nURL: /g/collect?v=2&tid=G-ABCD123&cid=1.2&sid=1&en=page_view&dl=https%3A%2F%2Fshop.example.com%2F';
    const input = capturesFromInput({ mode: 'capture', text, measurementId: '' });
    if (!input.ok) throw new Error(input.error);
    const gdpr = (eu: boolean) => validateCaptures(input.captures, { euTraffic: eu })[0]!.issues.filter((i) => i.family === 'gdpr').length;
    expect(gdpr(false)).toBe(0);
    expect(gdpr(true)).toBeGreaterThan(0);
  });
});

describe('rule catalogue grouping', () => {
  it('has 19 basic rules and the four advanced families in the product order', () => {
    expect(basicRules()).toHaveLength(19);
    expect(advancedRulesByFamily().map((f) => [f.label, f.rules.length])).toEqual([
      ['GDPR', 15],
      ['E-commerce', 20],
      ['Session & attribution', 20],
      ['Data quality', 15],
    ]);
  });

  it('needs no settings row when a rule is back to its defaults', () => {
    expect(isDefaultSetting({ enabled: true, severity: null }, 'error')).toBe(true);
    expect(isDefaultSetting({ enabled: true, severity: 'error' }, 'error')).toBe(true);
    expect(isDefaultSetting({ enabled: true, severity: 'warning' }, 'error')).toBe(false);
    expect(isDefaultSetting({ enabled: false, severity: null }, 'error')).toBe(false);
  });
});

describe('custom rule form', () => {
  const form: CustomRuleForm = { name: 'Big orders carry a coupon', description: '', severity: 'warning', events: ['purchase'], conditions: DEFAULT_CONDITIONS, enabled: true };

  it('builds the engine definition from the fields and the JSON', () => {
    const result = buildDefinition(form);
    expect(result).toEqual({
      ok: true,
      definition: {
        id: 'big-orders-carry-a-coupon',
        title: 'Big orders carry a coupon',
        severity: 'warning',
        events: ['purchase'],
        when: { field: 'params.value', op: 'gt', value: 100 },
        assert: { field: 'params.coupon', op: 'exists' },
      },
    });
    expect(ruleIdFromName('  ¡Héllo Wörld! ')).toBe('hello-world');
    expect(ruleIdFromName('***')).toBe('rule');
  });

  it('reports each error at its path, and JSON syntax errors', () => {
    const bad = buildDefinition({ ...form, name: '', conditions: '{"assert":{"all":[{"field":"params.a","op":"exists"},{"field":"params.b","op":"matches","pattern":"(a"}]},"extra":1}' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['title', 'assert.all[1].pattern', 'extra']));
    expect(buildDefinition({ ...form, conditions: '{' })).toMatchObject({ ok: false, jsonError: expect.stringContaining('not valid JSON') });
  });

  it('tests the rule on a sample in the browser engine', () => {
    const result = buildDefinition(form);
    if (!result.ok) throw new Error('invalid');
    const failing = testRuleOnSample(result.definition, 'METHOD: GET\nURL: /g/collect?v=2&tid=G-X&cid=1.2&en=purchase&cu=EUR&ep.transaction_id=T1&epn.value=150');
    expect(failing).toMatchObject({ ok: true, checkedEvents: 1, issues: [{ ruleId: 'custom.big-orders-carry-a-coupon', path: 'events[0].params.coupon' }] });
    const passing = testRuleOnSample(result.definition, 'METHOD: GET\nURL: /g/collect?v=2&tid=G-X&cid=1.2&en=purchase&cu=EUR&epn.value=150&ep.coupon=SUMMER');
    expect(passing).toMatchObject({ ok: true, issues: [] });
  });

  it('reopens a stored rule with its conditions', () => {
    const result = buildDefinition(form);
    if (!result.ok) throw new Error('invalid');
    const reopened = formFromDefinition({ name: form.name, description: null, severity: 'warning', enabled: true, definition: result.definition });
    expect(buildDefinition(reopened, result.definition.id)).toEqual(result);
  });
});

describe('request detail helpers', () => {
  it('groups findings by severity, errors first', () => {
    const groups = groupIssuesBySeverity([{ severity: 'info' as const }, { severity: 'error' as const }, { severity: 'info' as const }]);
    expect(groups.map((g) => [g.severity, g.issues.length])).toEqual([
      ['error', 1],
      ['info', 2],
    ]);
  });

  it('reads stored events and orders item columns', () => {
    const [view] = eventViewsFromStored([{ name: null, params: { value: 1 }, items: [{ zz: 1, price: 2, item_id: 'a' }], key_event: true }]);
    expect(view).toMatchObject({ index: 0, name: '(not set)', params: [['value', 1]], keyEvent: true });
    expect(itemColumns(view!.items)).toEqual(['item_id', 'price', 'zz']);
  });

  it('names custom rules by their issue id', () => {
    const rule = { id: 'row-1', name: 'Coupons', definition: { id: 'coupons' } } as unknown as CustomRule;
    const bare = { id: 'row-2', name: 'No id', definition: {} } as unknown as CustomRule;
    expect([...customRuleTitles([rule, bare])]).toEqual([
      ['custom.coupons', 'Coupons'],
      ['custom.row-2', 'No id'],
    ]);
  });
});
