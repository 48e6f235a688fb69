import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../../src/cli/api-client';
import { runCheck } from '../../../../src/cli/check';
import { aggregateRollups } from '../../../../src/server/collector/rollups';
import { toStoredHit } from '../../../../src/server/collector/stored-hit';
import { compilePlanCheck, createInterpretedCompiler, createValidator, decodeRequest, isPlanViolation, type TrackingPlanDocument } from '../../../../src/shared/ga4';
import { gtag } from '../helpers';

// Issue 25: `tracklint validate` and `tracklint check` agree on what a plan violation is. validate
// counts plan findings above info; check reads the server's hourly rollups, which kept only the
// rule id of each finding, so an info-level plan finding (plan.unregistered_dimension by default,
// or any kind the plan sets to info) counted as a violation there and failed the deploy.

const PLAN: TrackingPlanDocument = { format: 'tracklint-plan/1', version: 1, events: [{ name: 'page_view', status: 'live' }] };
const WEBSITE = '00000000-0000-4000-8000-0000000000aa';

/** A renamed event ("formSubmit", not in the plan), stored by the collector under a plan with these severities. */
function storedUnder(severities: TrackingPlanDocument['severities']) {
  const decoded = decodeRequest(gtag({ en: 'formSubmit' }));
  if (!decoded.ok) throw new Error(decoded.error.message);
  const validator = createValidator({}, { planCheck: compilePlanCheck({ ...PLAN, ...(severities ? { severities } : {}) }, createInterpretedCompiler()) });
  const result = validator.validateDecoded(decoded.request, { now: Date.UTC(2026, 10, 27, 10) });
  const envelope = { receivedAtMs: Date.UTC(2026, 10, 27, 10, 5), organizationId: '00000000-0000-4000-8000-000000000001', websiteId: WEBSITE, idempotencyKey: null, source: 'tracker' as const, originHost: null, url: 'https://www.google-analytics.com/g/collect', body: null, userAgent: null };
  return { result, hit: toStoredHit('0190b6a0-0000-7000-8000-000000000001', envelope, decoded.request, result) };
}

/** `tracklint check` against an API answering with this summary (the server's side is tests/integration/api-v1-plans.test.ts). */
async function check(totals: { plan_violations: number; info_findings: number }, series: Array<{ key: string; count: number }>) {
  let out = '';
  const summary = {
    from: '2026-11-27T09:00:00.000Z',
    to: '2026-11-27T10:00:00.000Z',
    interval: 'hour',
    group_by: 'rule',
    totals: { requests: 3, pass: 3, warning: 0, fail: 0, error_findings: 0, warning_findings: 0, ...totals },
    series: series.map((s) => ({ period: '2026-11-27T09:00:00.000Z', ...s })),
  };
  const fetchImpl = (async () => new Response(JSON.stringify(summary), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
  const code = await runCheck(['--website', WEBSITE], { stdout: (t) => (out += t), stderr: (t) => (out += t) }, { TRACKLINT_API_URL: 'http://tracklint.test', TRACKLINT_API_KEY: 'tlk_test' }, fetchImpl);
  return { code, out };
}

describe('plan violations, the same in validate, the rollups and check', () => {
  it('the rollups count a plan finding as a violation only above info, as validate does', () => {
    const warned = storedUnder(undefined);
    expect(warned.result.issues.filter(isPlanViolation).map((i) => i.ruleId)).toEqual(['plan.unplanned_event']);
    const info = storedUnder({ 'plan.unplanned_event': 'info' });
    expect(info.result.issues.filter((i) => i.family === 'plan').map((i) => [i.ruleId, i.severity])).toEqual([['plan.unplanned_event', 'info']]);
    expect(info.result.issues.filter(isPlanViolation)).toEqual([]);

    const rows = aggregateRollups([warned.hit, info.hit]);
    const count = (dimension: string, value: string) => rows.find((r) => r.dimension === dimension && r.value === value)?.count;
    // Both hits carry the finding (the rule series counts every severity); one violates the plan.
    expect(count('rule', 'plan.unplanned_event')).toBe(2);
    expect(count('plan_violation', 'plan.unplanned_event')).toBe(1);
  });

  it('check exits 0 on info-level plan findings and 3 on violations, whatever the rule series holds', async () => {
    const infoOnly = await check({ plan_violations: 0, info_findings: 3 }, [{ key: 'plan.unplanned_event', count: 3 }]);
    expect(infoOnly.out).toContain('Plan violations: 0');
    expect(infoOnly.code).toBe(EXIT.ok);
    const broken = await check({ plan_violations: 2, info_findings: 1 }, [{ key: 'plan.unplanned_event', count: 3 }]);
    expect(broken.out).toContain('Plan violations: 2');
    expect(broken.code).toBe(EXIT.planViolations);
  });
});
