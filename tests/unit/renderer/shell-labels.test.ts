import { describe, expect, it } from 'vitest';
import { organizationInitials } from '../../../src/renderer/shell/org-initials';
import { planBadge } from '../../../src/renderer/components/plan-badge';
import { visibleUserMenuItems, permissionsForRole } from '../../../src/renderer/data/organizations/role-permissions';
import { planIncludesFeature, requiredPlanForFeature, upgradeLink } from '../../../src/renderer/data/billing/plan-features';

describe('organizationInitials', () => {
  it('takes the first letter of up to two words, upper-cased', () => {
    expect(organizationInitials('Acme Analytics')).toBe('AA');
    expect(organizationInitials('acme big analytics co')).toBe('AB');
    expect(organizationInitials('Tracklint')).toBe('T');
    expect(organizationInitials('  spaced   out  ')).toBe('SO');
  });

  it('shows a placeholder for a missing name', () => {
    expect(organizationInitials('')).toBe('?');
    expect(organizationInitials(null)).toBe('?');
  });
});

describe('planBadge', () => {
  it.each([
    ['free', 'FREE'],
    ['starter', 'STARTER'],
    ['pro', 'PRO'],
    ['professional', 'PRO'],
    ['Pro Annual', 'PRO'],
    ['starter_monthly', 'STARTER'],
    ['enterprise', 'FREE'],
    ['agency', 'FREE'],
    [null, 'FREE'],
  ] as const)('%s → %s', (plan, badge) => {
    expect(planBadge(plan)).toBe(badge);
  });
});

describe('user menu by role', () => {
  it('shows management entries to owners and admins, billing to owners only', () => {
    expect(visibleUserMenuItems('owner')).toEqual([
      'switch-account',
      'user-settings',
      'account-settings',
      'team-management',
      'api-keys',
      'billing',
      'log-out',
    ]);
    expect(visibleUserMenuItems('admin')).toEqual([
      'switch-account',
      'user-settings',
      'account-settings',
      'team-management',
      'api-keys',
      'log-out',
    ]);
  });

  it('gives members and viewers no management entries', () => {
    const basic = ['switch-account', 'user-settings', 'log-out'];
    expect(visibleUserMenuItems('member')).toEqual(basic);
    expect(visibleUserMenuItems('viewer')).toEqual(basic);
    expect(visibleUserMenuItems(null)).toEqual(basic);
  });

  it('lets everyone but viewers see analytics', () => {
    expect(permissionsForRole('member').viewAnalytics).toBe(true);
    expect(permissionsForRole('viewer').viewAnalytics).toBe(false);
  });
});

describe('plan features', () => {
  it('gates advanced rules at starter and custom rules at pro', () => {
    expect(planIncludesFeature('free', 'basic_rules')).toBe(true);
    expect(planIncludesFeature('free', 'advanced_rules')).toBe(false);
    expect(planIncludesFeature('starter', 'advanced_rules')).toBe(true);
    expect(planIncludesFeature('starter', 'custom_rules')).toBe(false);
    expect(planIncludesFeature('pro', 'custom_rules')).toBe(true);
    expect(planIncludesFeature('enterprise', 'custom_rules')).toBe(true);
    expect(planIncludesFeature(null, 'advanced_rules')).toBe(false);
  });

  it('defaults unknown features to starter', () => {
    expect(requiredPlanForFeature('something_new')).toBe('starter');
  });

  it('builds the billing upgrade link with upgrade, feature, source and current', () => {
    const url = new URL(upgradeLink('custom_rules', 'free', 'sidebar'), 'http://x');
    expect(url.pathname).toBe('/app/billing');
    expect(Object.fromEntries(url.searchParams)).toEqual({ upgrade: 'pro', feature: 'custom_rules', source: 'sidebar', current: 'free' });
  });
});
