import { describe, expect, it } from 'vitest';
import { compilePastedPlan } from '../../../src/renderer/components/hits/pasted-plan';
import { validateCaptures } from '../../../src/renderer/components/hits/validate-input';
import { importSummary } from '../../../src/renderer/data/tracking-plans/plan-files';
import { severityFormValues, storedSeverities } from '../../../src/renderer/data/tracking-plans/update-severities-mutation';
import { attachmentFilename } from '../../../src/renderer/lib/app-api';
import { csvToPlan, planToCsv, planToSchemaBundle, DEFAULT_PLAN_SEVERITIES } from '../../../src/shared/ga4';
import { PLAN } from '../ga4/plan/fixtures';
import { gtag } from '../ga4/helpers';

const planIssues = (text: string, hit: Record<string, string | null>) => {
  const plan = compilePastedPlan(text);
  if (!plan.ok) throw new Error(plan.error);
  return validateCaptures([{ label: 'hit', request: gtag(hit) }], { euTraffic: false, planCheck: plan.check })[0]!.issues.filter((i) => i.ruleId.startsWith('plan.'));
};

describe('a tracking plan pasted on the public validation page', () => {
  it('is read in every exported format and checks each event against it', () => {
    for (const text of [JSON.stringify(PLAN), JSON.stringify(planToSchemaBundle(PLAN)), planToCsv(PLAN)]) {
      const issues = planIssues(text, { en: 'formSubmit' });
      expect(issues.map((i) => i.ruleId), text.slice(0, 40)).toEqual(['plan.unplanned_event']);
    }
    expect(csvToPlan(planToCsv(PLAN)).ok).toBe(true);
  });

  it('says what it holds', () => {
    const plan = compilePastedPlan(JSON.stringify(PLAN));
    expect(plan.ok && plan.summary).toBe('Checked against the pasted tracking plan (v3): 3 events, 8 parameters.');
  });

  it('without a plan, no plan finding', () => {
    expect(validateCaptures([{ label: 'hit', request: gtag({ en: 'formSubmit' }) }], { euTraffic: false })[0]!.issues.some((i) => i.ruleId.startsWith('plan.'))).toBe(false);
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
