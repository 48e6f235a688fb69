import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../../../src/renderer/pages/marketing/data/currency';
import {
  COMING_FEATURE_LABELS,
  FEATURE_MINIMUM_PLAN,
  FEATURE_LABELS,
  PLANS,
  PLAN_IDS,
  featuresIncludedIn,
  featuresIntroducedBy,
  minimumPlanFor,
  planIncludes,
  planLimits,
  planPriceLabel,
  previousPlan,
  signupHref,
} from '../../../../src/renderer/pages/marketing/data/plans';

describe('plan data', () => {
  it('lists the four plans cheapest first at the catalogue prices, the ones /app/billing shows (issue 23, defect 6)', () => {
    expect(PLANS.map((plan) => plan.id)).toEqual(['free', 'starter', 'pro', 'enterprise']);
    expect(PLANS.map(planPriceLabel)).toEqual(['$0', '$29', '$99', '$499']);
    expect(planLimits('free')).toEqual(['Monthly requests: 10,000', 'Websites: 1', 'Team members: 1', 'Custom rules: not included', 'Data retention: 7 days']);
    expect(planLimits('pro')).toContain('Websites: Unlimited');
  });

  it('sells no feature that does not exist: SSO, white label and priority support are coming, in no plan (issue 23, defect 6)', () => {
    for (const plan of PLAN_IDS) {
      expect(featuresIncludedIn(plan)).not.toEqual(expect.arrayContaining(['sso_integration']));
      for (const feature of ['sso_integration', 'white_label', 'priority_support']) expect(featuresIntroducedBy(plan)).not.toContain(feature);
    }
    expect(COMING_FEATURE_LABELS).toEqual(['SSO integration', 'White label', 'Priority support']);
  });

  it('gates rules like the app: basic for all, advanced from starter, custom from pro', () => {
    expect(PLAN_IDS.filter((plan) => planIncludes(plan, 'basic_rules'))).toEqual(['free', 'starter', 'pro', 'enterprise']);
    expect(PLAN_IDS.filter((plan) => planIncludes(plan, 'advanced_rules'))).toEqual(['starter', 'pro', 'enterprise']);
    expect(PLAN_IDS.filter((plan) => planIncludes(plan, 'custom_rules'))).toEqual(['pro', 'enterprise']);
  });

  it('treats unknown features as needing starter', () => {
    expect(minimumPlanFor('time_travel')).toBe('starter');
    expect(planIncludes('free', 'time_travel')).toBe(false);
    expect(planIncludes('starter', 'time_travel')).toBe(true);
  });

  it('shows on each card exactly the features new to that plan, so the cards add up to the map', () => {
    for (const plan of PLAN_IDS) {
      const lower = previousPlan(plan);
      const fromLower = lower ? featuresIncludedIn(lower) : [];
      expect([...fromLower, ...featuresIntroducedBy(plan)].sort()).toEqual(featuresIncludedIn(plan).sort());
    }
    expect(featuresIntroducedBy('enterprise')).toEqual([]);
    expect(featuresIncludedIn('enterprise')).toHaveLength(Object.keys(FEATURE_MINIMUM_PLAN).length - COMING_FEATURE_LABELS.length);
    expect(featuresIncludedIn('free')).toEqual(['basic_rules', 'basic_monitoring', 'basic_alerts', 'basic_reporting']);
  });

  it('describes every feature and mentions the 70 advanced rules by category', () => {
    for (const feature of Object.keys(FEATURE_MINIMUM_PLAN) as (keyof typeof FEATURE_LABELS)[]) {
      expect(FEATURE_LABELS[feature].length).toBeGreaterThan(3);
    }
    expect(FEATURE_LABELS.advanced_rules).toMatch(/70 .*GDPR \(15\).*e-commerce \(20\).*session and attribution \(20\).*data quality \(15\)/);
  });

  it('links each plan to sign-up with its plan id', () => {
    expect(PLANS.map((plan) => signupHref(plan.id))).toEqual([
      '/signup?plan=free',
      '/signup?plan=starter',
      '/signup?plan=pro',
      '/signup?plan=enterprise',
    ]);
  });
});

describe('formatUsd', () => {
  it('formats whole dollars without cents and other amounts with two decimals, in en-US', () => {
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(29)).toBe('$29');
    expect(formatUsd(1234567)).toBe('$1,234,567');
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(-3.25)).toBe('-$3.25');
  });

  it('rejects amounts that are not finite numbers', () => {
    expect(() => formatUsd(Number.NaN)).toThrow(RangeError);
    expect(() => formatUsd(Number.POSITIVE_INFINITY)).toThrow(/finite number/);
  });
});
