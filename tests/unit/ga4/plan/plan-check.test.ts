import { describe, expect, it } from 'vitest';
import { createValidator, decodeRequest, parsePlanDocument, compilePlanCheck, type Issue, type TrackingPlanDocument } from '../../../../src/shared/ga4';
import { createAjvCompiler } from '../../../../src/shared/ga4/plan/ajv-compiler';
import { BASE, NOW, PURCHASE, gtag } from '../helpers';
import { PLAN } from './fixtures';

function findings(overrides: Record<string, string | null>, plan: TrackingPlanDocument = PLAN): Issue[] {
  const check = compilePlanCheck(plan, createAjvCompiler());
  const decoded = decodeRequest(gtag(overrides));
  if (!decoded.ok) throw new Error(decoded.error.message);
  return createValidator({}, { planCheck: check }).validateDecoded(decoded.request, { now: NOW }).issues.filter((i) => i.ruleId.startsWith('plan.'));
}

const kinds = (issues: Issue[]) => issues.map((i) => `${i.ruleId} ${i.path}`);

describe('the plan check', () => {
  it('a hit that follows the plan has no plan finding', () => {
    expect(findings({ ...PURCHASE })).toEqual([]);
    expect(findings({})).toEqual([]);
  });

  it('names an unplanned event, with the plan version and what the plan lists', () => {
    const [f] = findings({ en: 'formSubmit' });
    expect(f).toMatchObject({ ruleId: 'plan.unplanned_event', severity: 'warning', family: 'plan', path: 'events[0].name', eventName: 'formSubmit' });
    expect(f!.plan).toEqual({ version: 'v3', versionId: PLAN.versionId, event: 'formSubmit', expected: 'events page_view, purchase' });
    expect(f!.message).toContain('(plan v3: events page_view, purchase)');
  });

  it('a deprecated event', () => {
    expect(kinds(findings({ en: 'form_submit' }))).toEqual(['plan.deprecated_event events[0].name']);
  });

  it('a value sent as text where the plan says number', () => {
    const f = findings({ ...PURCHASE, 'epn.value': null, 'ep.value': '20' });
    expect(kinds(f)).toEqual(['plan.parameter_type events[0].params.value']);
    expect(f[0]!.message).toBe('"purchase" sends the parameter "value" as text ("20"), not as a number. (plan v3: number, required, at least 0)');
  });

  it('a missing required parameter, an unplanned one and a value not allowed', () => {
    const f = findings({ ...PURCHASE, 'ep.transaction_id': null, 'ep.payment_type': 'card', cu: 'eur' });
    expect(kinds(f).sort()).toEqual([
      'plan.missing_required_parameter events[0].params.transaction_id',
      'plan.unplanned_parameter events[0].params.payment_type',
      'plan.value_not_allowed events[0].params.currency',
    ]);
    expect(f.find((i) => i.ruleId === 'plan.value_not_allowed')!.plan!.expected).toBe('string, required, one of EUR, USD');
  });

  it('says what the plan lists for an unplanned parameter and item parameter (written once per plan version)', () => {
    const f = findings({ ...PURCHASE, 'ep.affiliation': 'shop', pr1: 'idSKU_1~nmShirt~pr10~qt1~k0color~v0red' });
    const param = f.find((i) => i.ruleId === 'plan.unplanned_parameter' && i.path.endsWith('.params.affiliation'));
    expect(param?.plan).toMatchObject({ event: 'purchase', parameter: 'affiliation', expected: 'parameters transaction_id, value, currency, coupon' });
    const item = f.find((i) => i.ruleId === 'plan.unplanned_parameter' && i.path.includes('.items['));
    expect(item?.plan?.expected).toBe('item parameters item_id, item_name, price, quantity');
    expect(findings({ en: 'formSubmit' }, { ...PLAN, events: [] })[0]!.plan!.expected).toBe('no events');
  });

  it('item parameters: unplanned and wrong type', () => {
    const f = findings({ ...PURCHASE, pr1: 'idSKU1~nmShirt~pr10~qt2~k0color~v0red' });
    expect(kinds(f)).toEqual(['plan.unplanned_parameter events[0].items[0].color']);
  });

  it('registered custom definitions: a parameter sent but not registered', () => {
    const plan: TrackingPlanDocument = {
      ...PLAN,
      events: [...PLAN.events, { name: 'sign_up', status: 'live', parameters: [{ name: 'plan_tier', type: 'string' }, { name: 'method', type: 'string' }] }],
      customDefinitions: [{ kind: 'dimension', scope: 'event', parameterName: 'other' }],
    };
    expect(kinds(findings({ en: 'sign_up', 'ep.plan_tier': 'gold', 'ep.method': 'google' }, plan))).toEqual(['plan.unregistered_dimension events[0].params.plan_tier']);
  });

  it('severity per finding kind, and off', () => {
    expect(findings({ en: 'formSubmit' }, { ...PLAN, severities: { 'plan.unplanned_event': 'error' } })[0]!.severity).toBe('error');
    expect(findings({ en: 'formSubmit' }, { ...PLAN, severities: { 'plan.unplanned_event': 'off' } })).toEqual([]);
  });

  it('without a plan, nothing changes', () => {
    const decoded = decodeRequest(gtag({ en: 'formSubmit' }));
    if (!decoded.ok) throw new Error();
    expect(createValidator({}).validateDecoded(decoded.request, { now: NOW }).issues.some((i) => i.ruleId.startsWith('plan.'))).toBe(false);
  });

  it('user properties, when the plan lists them', () => {
    const plan: TrackingPlanDocument = { ...PLAN, userProperties: [{ name: 'tier', type: 'string', allowedValues: ['gold', 'silver'] }] };
    expect(kinds(findings({ 'up.tier': 'bronze', 'up.extra': 'x' }, plan)).sort()).toEqual(['plan.unplanned_parameter events[0].user_properties.extra', 'plan.value_not_allowed events[0].user_properties.tier']);
  });
});

describe('plan documents', () => {
  it('refuses a parameter named twice, an unknown type and unknown fields, naming each', () => {
    const r = parsePlanDocument({
      format: 'tracklint-plan/1',
      events: [{ name: 'purchase', status: 'live', colour: 'red', parameters: [{ name: 'value', type: 'number' }, { name: 'value', type: 'float' }] }],
    });
    expect(r).toEqual({
      ok: false,
      errors: ['events[0]: unknown field "colour"', 'events[0].parameters[1].type must be one of string, integer, number, boolean (got "float")', ],
    });
    const dup = parsePlanDocument({ format: 'tracklint-plan/1', events: [{ name: 'a', parameters: [{ name: 'v', type: 'number' }, { name: 'v', type: 'string' }] }] });
    expect(dup).toEqual({ ok: false, errors: ['events[0].parameters: the parameter "v" is named twice'] });
  });
  it('BASE is a page_view', () => expect(BASE.en).toBe('page_view'));
});
