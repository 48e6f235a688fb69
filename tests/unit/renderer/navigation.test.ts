import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isNavItemActive, pageTitleForPath } from '../../../src/renderer/shell/nav-items';
import { hasHomeRoute } from '../../../src/renderer/routing/home-route';
import * as cache from '../../../src/renderer/data/cache-times';

describe('sidebar links', () => {
  it('cover every app page of the spec', () => {
    expect(NAV_ITEMS.map((i) => i.to).sort()).toEqual(
      [
        '/app/dashboard',
        '/app/requests',
        '/app/alerts',
        '/app/analytics',
        '/app/rules/basic',
        '/app/rules/advanced',
        '/app/rules/custom',
        '/app/websites',
        '/app/websites/add',
        '/app/settings',
        '/app/organization',
        '/app/organization/create',
        '/app/team',
        '/app/api-keys',
        '/app/billing',
        // Issue 25: the tracking plan section, gated by tracking_plans.
        '/app/tracking-plan',
      ].sort(),
    );
    expect(NAV_ITEMS.find((i) => i.id === 'tracking-plan')?.feature).toBe('tracking_plans');
  });

  it('gates advanced and custom rules by feature', () => {
    expect(NAV_ITEMS.find((i) => i.id === 'rules-advanced')?.feature).toBe('advanced_rules');
    expect(NAV_ITEMS.find((i) => i.id === 'rules-custom')?.feature).toBe('custom_rules');
  });

  it('marks only the exact page active and names pages', () => {
    const websites = NAV_ITEMS.find((i) => i.id === 'websites')!;
    expect(isNavItemActive(websites, '/app/websites/')).toBe(true);
    expect(isNavItemActive(websites, '/app/websites/add')).toBe(false);
    expect(pageTitleForPath('/app/team')).toBe('Team');
    expect(pageTitleForPath('/app/nope')).toBeNull();
  });
});

describe('hasHomeRoute', () => {
  it('detects an index or "/" route, also inside pathless layouts', () => {
    expect(hasHomeRoute([])).toBe(false);
    expect(hasHomeRoute([{ path: '/pricing' }])).toBe(false);
    expect(hasHomeRoute([{ index: true }])).toBe(true);
    expect(hasHomeRoute([{ path: '/' }])).toBe(true);
    expect(hasHomeRoute([{ children: [{ index: true }] }])).toBe(true);
  });
});

describe('cache times (spec section 9)', () => {
  it('match the spec in minutes', () => {
    const minutes = (ms: number) => ms / 60_000;
    expect(minutes(cache.ORGANIZATIONS_CACHE_MS)).toBe(5);
    expect(minutes(cache.WEBSITES_CACHE_MS)).toBe(2);
    expect(minutes(cache.USAGE_STATUS_CACHE_MS)).toBe(5);
    expect(minutes(cache.BILLING_SUMMARY_CACHE_MS)).toBe(10);
    expect(minutes(cache.PLAN_LIMITS_CACHE_MS)).toBe(30);
    expect(minutes(cache.INVOICES_CACHE_MS)).toBe(15);
    expect(minutes(cache.FEATURE_ACCESS_CACHE_MS)).toBe(30);
    expect(minutes(cache.PLAN_LIST_CACHE_MS)).toBe(60);
  });
});
