import { describe, expect, it } from 'vitest';
import { ruleFailureAlerts, ruleFailureWindow, sortAlerts, usageEventAlerts, usageStatusAlerts } from '../../../../src/renderer/pages/alerts/derive-alerts';
import type { RollupRow, UsageEvent } from '../../../../src/renderer/data/rollups/types';

const NOW = Date.parse('2026-11-22T12:30:00Z');
const rule = (hour: string, value: string, count: number, website_id = 'w1'): RollupRow => ({ website_id, hour: `${hour}:00:00Z`, dimension: 'rule', value, count });

describe('rule failure alerts', () => {
  it('raises error rules seen in the last hour, with a link to the filtered log', () => {
    const alerts = ruleFailureAlerts([rule('2026-11-22T12', 'basic.cid_present', 4)], NOW, new Map([['w1', 'My shop']]));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({
      kind: 'rule_failures',
      severity: 'critical',
      title: 'Hits without a client ID: 4 findings in the last hour',
      link: { to: '/app/requests?website=w1&rule=basic.cid_present' },
    });
    expect(alerts[0]!.description).toContain('My shop');
    expect(alerts[0]!.description).toContain('new');
  });

  it('raises warning rules only when new or at least twice the usual hourly rate', () => {
    const steady = Array.from({ length: 24 }, (_, i) => rule(new Date(Date.parse('2026-11-21T11:00:00Z') + i * 3_600_000).toISOString().slice(0, 13), 'basic.param_value_length', 1));
    expect(ruleFailureAlerts([...steady, rule('2026-11-22T12', 'basic.param_value_length', 1)], NOW)).toEqual([]);
    const spike = ruleFailureAlerts([...steady, rule('2026-11-22T12', 'basic.param_value_length', 5)], NOW);
    expect(spike).toHaveLength(1);
    expect(spike[0]).toMatchObject({ severity: 'warning' });
    expect(spike[0]!.description).toContain('5× the usual rate');
  });

  it('gives the same alerts from the two buckets rollup_series_by_website sums the hours into', () => {
    const hourly = [
      ...Array.from({ length: 24 }, (_, i) => rule(new Date(Date.parse('2026-11-21T11:00:00Z') + i * 3_600_000).toISOString().slice(0, 13), 'basic.param_value_length', 1)),
      rule('2026-11-22T11', 'basic.param_value_length', 2),
      rule('2026-11-22T12', 'basic.param_value_length', 3),
      rule('2026-11-22T12', 'basic.cid_present', 4, 'w2'),
    ];
    const window = ruleFailureWindow(NOW);
    expect(window).toEqual({ bucketStartsMs: [Date.parse('2026-11-21T11:00:00Z'), Date.parse('2026-11-22T11:00:00Z'), Date.parse('2026-11-22T12:00:00Z')], untilMs: Date.parse('2026-11-22T13:00:00Z') });
    // What Postgres returns: per website, rule and bucket, the sum, with the bucket's start as hour.
    const [baseline, previous, current] = window.bucketStartsMs.map((ms) => new Date(ms).toISOString().slice(0, 13));
    const bucketed = [
      rule(baseline!, 'basic.param_value_length', 24),
      rule(previous!, 'basic.param_value_length', 2),
      rule(current!, 'basic.param_value_length', 3),
      rule(current!, 'basic.cid_present', 4, 'w2'),
    ];
    expect(ruleFailureAlerts(bucketed, NOW)).toEqual(ruleFailureAlerts(hourly, NOW));
    expect(ruleFailureAlerts(bucketed, NOW)).toHaveLength(2);
  });

  it('ignores hits older than the previous hour', () => {
    expect(ruleFailureAlerts([rule('2026-11-22T10', 'basic.cid_present', 9)], NOW)).toEqual([]);
  });
});

describe('usage alerts', () => {
  const event: UsageEvent = {
    id: 'e1',
    organization_id: 'o1',
    month: '2026-11-01',
    kind: 'monthly_requests_limit_reached',
    limit_value: 10000,
    refused_requests: 42,
    first_occurred_at: '2026-11-20T08:00:00Z',
    last_occurred_at: '2026-11-22T09:00:00Z',
  };

  it('reports refused requests as critical', () => {
    expect(usageEventAlerts([event])).toEqual([
      expect.objectContaining({
        severity: 'critical',
        title: 'Monthly request limit reached',
        description: '42 requests were refused in 2026-11 (limit 10,000): they were not validated or logged.',
        at: '2026-11-22T09:00:00Z',
      }),
    ]);
    expect(usageEventAlerts([{ ...event, refused_requests: 0 }])).toEqual([]);
  });

  it('turns usage status alerts into alerts and sorts by severity then time', () => {
    const status = usageStatusAlerts(
      [{ type: 'approaching_limit', metric: 'monthly_requests', current_value: 8500, limit_value: 10000, percentage_used: 85, severity: 'info' }],
      '2026-11-22T12:00:00Z',
    );
    expect(status[0]).toMatchObject({ severity: 'info', title: 'Approaching your plan limit' });
    const sorted = sortAlerts([...status, ...usageEventAlerts([event])]);
    expect(sorted.map((a) => a.severity)).toEqual(['critical', 'info']);
  });
});
