import { describe, expect, it } from 'vitest';
import {
  FEATURE_REQUIRED_PLAN,
  isPaidPlan,
  isWithinLimit,
  nextPlan,
  planBadge,
  planHasFeature,
  requiredPlanFor,
  usageAlert,
} from '../../../src/shared/plans';

describe('plan badge', () => {
  it.each([
    ['pro', 'PRO'],
    ['Professional', 'PRO'],
    ['pro_annual', 'PRO'],
    ['starter', 'STARTER'],
    ['starter-monthly', 'STARTER'],
    ['free', 'FREE'],
    ['enterprise', 'FREE'],
    [null, 'FREE'],
  ])('%s → %s', (plan, badge) => expect(planBadge(plan)).toBe(badge));
});

describe('upgrade ladder', () => {
  it('goes free → starter → pro and stops at pro', () => {
    expect(nextPlan('free')).toBe('starter');
    expect(nextPlan('starter')).toBe('pro');
    expect(nextPlan('pro')).toBeNull();
    expect(nextPlan(undefined)).toBe('starter');
  });
  it('ranks the spec\'s plan flags professional and agency as pro and enterprise', () => {
    expect(planHasFeature('professional', 'custom_rules')).toBe(true);
    expect(planHasFeature('agency', 'custom_rules')).toBe(true);
    expect(nextPlan('professional')).toBeNull();
  });
  it('paid means not free', () => {
    expect(isPaidPlan('free')).toBe(false);
    expect(isPaidPlan(undefined)).toBe(false);
    expect(isPaidPlan('starter')).toBe(true);
  });
});

describe('feature map', () => {
  it('gates rules by plan as the spec says', () => {
    expect(planHasFeature('free', 'basic_rules')).toBe(true);
    expect(planHasFeature('free', 'advanced_rules')).toBe(false);
    expect(planHasFeature('starter', 'advanced_rules')).toBe(true);
    expect(planHasFeature('starter', 'custom_rules')).toBe(false);
    expect(planHasFeature('pro', 'custom_rules')).toBe(true);
    expect(planHasFeature('enterprise', 'custom_rules')).toBe(true);
  });
  it('maps each named feature to its plan', () => {
    for (const f of ['basic_monitoring', 'basic_alerts', 'basic_reporting']) expect(requiredPlanFor(f)).toBe('free');
    for (const f of ['advanced_rules', 'team_collaboration', 'multiple_websites', 'custom_alerts', 'event_inventory']) expect(requiredPlanFor(f)).toBe('starter');
    for (const f of ['custom_rules', 'api_access', 'white_label', 'priority_support', 'sso_integration', 'advanced_analytics', 'unlimited_websites', 'unlimited_team_members', 'tracking_plans'])
      expect(requiredPlanFor(f)).toBe('pro');
    expect(Object.keys(FEATURE_REQUIRED_PLAN)).toHaveLength(18);
  });
  it('unknown features need starter', () => {
    expect(requiredPlanFor('time_travel')).toBe('starter');
    expect(planHasFeature('free', 'time_travel')).toBe(false);
    expect(planHasFeature('starter', 'time_travel')).toBe(true);
  });
});

describe('usage alerts', () => {
  it('requests: info from 80%, warning from 90%, critical at 100%', () => {
    expect(usageAlert('monthly_requests', 799, 1000)).toBeNull();
    expect(usageAlert('monthly_requests', 800, 1000)).toMatchObject({ type: 'approaching_limit', severity: 'info', percentage_used: 80 });
    expect(usageAlert('monthly_requests', 900, 1000)).toMatchObject({ type: 'approaching_limit', severity: 'warning' });
    expect(usageAlert('monthly_requests', 1000, 1000)).toMatchObject({ type: 'limit_exceeded', severity: 'critical', current_value: 1000, limit_value: 1000 });
  });
  it('other metrics: warning from 80%, critical at 100%', () => {
    expect(usageAlert('websites', 3, 5)).toBeNull();
    expect(usageAlert('websites', 4, 5)).toMatchObject({ type: 'approaching_limit', severity: 'warning', metric: 'websites' });
    expect(usageAlert('team_members', 6, 5)).toMatchObject({ type: 'limit_exceeded', severity: 'critical', percentage_used: 120 });
  });
  it('unlimited and zero limits raise no alert', () => {
    expect(usageAlert('websites', 1000, -1)).toBeNull();
    expect(usageAlert('custom_rules', 0, 0)).toBeNull();
  });
});

describe('allowed when below limit', () => {
  it('allows below the limit and when unlimited', () => {
    expect(isWithinLimit(0, 1)).toBe(true);
    expect(isWithinLimit(10_000, -1)).toBe(true);
  });
  it('blocks at the limit and when usage data is missing', () => {
    expect(isWithinLimit(1, 1)).toBe(false);
    expect(isWithinLimit(undefined, 5)).toBe(false);
    expect(isWithinLimit(null, 5)).toBe(false);
    expect(isWithinLimit(1, null)).toBe(false);
  });
});
