import { describe, expect, it } from 'vitest';
import { parseUsageStatus } from '../../../src/renderer/data/billing/parse';
import { parsePlanLimits } from '../../../src/renderer/data/billing/plan-list-query';
import { upgradeExplanation } from '../../../src/renderer/data/billing/billing-params';
import { planCardKind, planChangeMailto } from '../../../src/renderer/pages/billing/billing-rules';

describe('billing upgrade explanation', () => {
  it('names the feature and the plan it needs', () => {
    expect(upgradeExplanation({ upgrade: 'pro', feature: 'custom_rules', source: 'sidebar', current: 'free' })).toBe(
      'Custom Rules requires the Pro plan (you are on Free).',
    );
    expect(upgradeExplanation({ upgrade: 'starter', feature: null, source: null, current: null })).toBe('The Starter plan was selected.');
  });

  it('has nothing to explain without an upgrade, and never names an unknown plan', () => {
    expect(upgradeExplanation({ upgrade: null, feature: 'custom_rules', source: null, current: 'free' })).toBeNull();
    expect(upgradeExplanation({ upgrade: '<b>gold</b>', feature: null, source: null, current: null })).toBe('The Free plan was selected.');
  });
});

describe('plan cards', () => {
  it('marks the current plan, the requested one, and higher or lower plans', () => {
    expect(planCardKind('free', 'free', 'pro')).toBe('current');
    expect(planCardKind('pro', 'free', 'pro')).toBe('required');
    expect(planCardKind('starter', 'free', 'pro')).toBe('upgrade');
    expect(planCardKind('free', 'pro', null)).toBe('downgrade');
  });

  it('turns a plan change into a prefilled email to sales', () => {
    const link = planChangeMailto('sales@example.com', { name: 'Acme & Co', slug: 'acme' }, 'free', 'pro');
    expect(link.startsWith('mailto:sales@example.com?subject=')).toBe(true);
    const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Plan change for Acme & Co: free → pro');
    expect(params.get('body')).toContain('(acme) from free to pro');
  });
});

describe('server data parsing', () => {
  it('reads usage from usage or current_usage and keeps only well-formed alerts', () => {
    const status = parseUsageStatus({
      plan: 'free',
      current_usage: { monthly_requests: '8500', websites: 1, team_members: 1, custom_rules: 0 },
      limits: { monthly_requests: 10000, websites: 1, team_members: 1, custom_rules: 0 },
      alerts: [
        { type: 'approaching_limit', metric: 'monthly_requests', current_value: '8500', limit_value: 10000, percentage_used: 85, severity: 'info' },
        { type: 'nonsense', metric: 'websites', severity: 'info' },
      ],
    });
    expect(status.usage.monthly_requests).toBe(8500);
    expect(status.limits.team_members).toBe(1);
    expect(status.alerts).toHaveLength(1);
    expect(status.alerts[0]!.current_value).toBe(8500);
    expect(parseUsageStatus(null)).toEqual({ plan: null, usage: {}, limits: {}, alerts: [] });
  });

  it('reads numeric plan columns that arrive as strings', () => {
    const plan = parsePlanLimits({
      plan: 'pro',
      display_name: 'Pro',
      monthly_price: '99.00',
      is_active: true,
      monthly_requests: '2000000',
      max_websites: -1,
      max_team_members: -1,
      max_custom_rules: 50,
      retention_days: 90,
    });
    expect(plan.monthly_price).toBe(99);
    expect(plan.monthly_requests).toBe(2000000);
    expect(plan.max_websites).toBe(-1);
  });
});
