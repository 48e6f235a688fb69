import { describe, expect, it } from 'vitest';
import { compilePastedPlan } from '../../../src/renderer/components/hits/pasted-plan';
import { capturesFromInput, validateCaptures } from '../../../src/renderer/components/hits/validate-input';
import { importSummary } from '../../../src/renderer/data/tracking-plans/plan-files';
import { severityFormValues, storedSeverities } from '../../../src/renderer/data/tracking-plans/severities';
import { attachmentFilename } from '../../../src/renderer/lib/app-api';
import { csvToPlan, planToCsv, planToSchemaBundle, DEFAULT_PLAN_SEVERITIES, type TrackingPlanDocument } from '../../../src/shared/ga4';

// A smaller cousin of tests/unit/ga4/plan/fixtures.ts: tsconfig.web.json (this test's) does not include that folder.
const PLAN: TrackingPlanDocument = {
  format: 'tracklint-plan/1',
  version: 3,
  events: [
    { name: 'page_view', status: 'live' },
    {
      name: 'purchase',
      status: 'live',
      parameters: [
        { name: 'value', type: 'number', required: true, minimum: 0 },
        { name: 'currency', type: 'string', required: true, allowedValues: ['EUR', 'USD'] },
      ],
      itemParameters: [{ name: 'item_id', type: 'string', required: true }],
    },
    { name: 'form_submit', status: 'deprecated' },
  ],
};

/** A hit as the page reads it: a pasted Measurement Protocol body. */
function pasted(events: unknown[]) {
  const input = capturesFromInput({ mode: 'capture', text: JSON.stringify({ client_id: '1.2', events }), measurementId: '' });
  if (!input.ok) throw new Error(input.error);
  return input.captures;
}

const planIssues = (text: string, events: unknown[]) => {
  const plan = compilePastedPlan(text);
  if (!plan.ok) throw new Error(plan.error);
  return validateCaptures(pasted(events), { euTraffic: false, planCheck: plan.check })[0]!.issues.filter((i) => i.ruleId.startsWith('plan.'));
};

describe('a tracking plan pasted on the public validation page', () => {
  it('is read in every exported format and checks each event against it', () => {
    for (const text of [JSON.stringify(PLAN), JSON.stringify(planToSchemaBundle(PLAN)), planToCsv(PLAN)]) {
      expect(planIssues(text, [{ name: 'formSubmit' }]).map((i) => i.ruleId), text.slice(0, 40)).toEqual(['plan.unplanned_event']);
      const issues = planIssues(text, [{ name: 'purchase', params: { value: -1, currency: 'eur' } }]);
      expect(issues.map((i) => `${i.ruleId} ${i.path}`).sort(), text.slice(0, 40)).toEqual(['plan.value_not_allowed events[0].params.currency', 'plan.value_not_allowed events[0].params.value']);
    }
    expect(csvToPlan(planToCsv(PLAN)).ok).toBe(true);
  });

  it('says what it holds', () => {
    const plan = compilePastedPlan(JSON.stringify(PLAN));
    expect(plan.ok && plan.summary).toBe('Checked against the pasted tracking plan (v3): 3 events, 3 parameters.');
  });

  it('without a plan, no plan finding', () => {
    expect(validateCaptures(pasted([{ name: 'formSubmit' }]), { euTraffic: false })[0]!.issues.some((i) => i.ruleId.startsWith('plan.'))).toBe(false);
  });

  it('a plan that cannot be used is refused with what is wrong', () => {
    expect(compilePastedPlan('{"format": "tracklint-plan/1", "events": [{"name": "a", "parameters": [{"name": "v", "type": "float"}]}]}')).toEqual({
      ok: false,
      error: 'The tracking plan cannot be used: events[0].parameters[0].type must be one of string, integer, number, boolean (got "float")',
    });
    expect(compilePastedPlan('{not json')).toEqual({ ok: false, error: 'The tracking plan cannot be used: the plan file is not valid JSON' });
    expect(compilePastedPlan('event,colour\npurchase,red')).toMatchObject({ ok: false, error: expect.stringContaining('unknown CSV column "colour"') });
  });
});

describe('severity form', () => {
  it('shows every kind, the plan choice else the default, and stores only what differs from the default', () => {
    const values = severityFormValues({ 'plan.unplanned_event': 'error' });
    expect(Object.keys(values)).toHaveLength(7);
    expect(values['plan.unplanned_event']).toBe('error');
    expect(values['plan.unregistered_dimension']).toBe(DEFAULT_PLAN_SEVERITIES['plan.unregistered_dimension']);
    expect(storedSeverities({ ...values, 'plan.deprecated_event': 'off' })).toEqual({ 'plan.unplanned_event': 'error', 'plan.deprecated_event': 'off' });
    expect(storedSeverities(severityFormValues({}))).toEqual({});
  });
});

describe('plan files', () => {
  it('names the downloaded file from content-disposition', () => {
    expect(attachmentFilename('attachment; filename="shop-plan.csv"')).toBe('shop-plan.csv');
    expect(attachmentFilename(null)).toBeNull();
    expect(attachmentFilename('inline')).toBeNull();
  });
  it('says what an import did', () => {
    expect(importSummary({ events: 2, parameters: 1 })).toBe('The draft now holds 2 events and 1 parameter.');
    expect(importSummary({ registered: 1 })).toBe('1 custom definition registered.');
  });
});
