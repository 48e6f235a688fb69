import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromSearch,
  pageCount,
  requestQueryPlan,
  requestsLink,
  resolveWebsiteFilter,
  searchFromFilters,
} from '../../../../src/renderer/data/requests/request-filters';

const NOW = Date.parse('2026-11-22T12:30:00Z');

describe('requestQueryPlan', () => {
  it('scopes to the organization and pages newest-first results', () => {
    expect(requestQueryPlan('org-1', DEFAULT_FILTERS, 3, NOW)).toEqual({
      eq: [['organization_id', 'org-1']],
      eventName: null,
      ruleId: null,
      since: '2026-11-21T12:30:00.000Z',
      from: 50,
      to: 74,
    });
  });

  it('adds website, status, event and time filters', () => {
    const plan = requestQueryPlan('org-1', { websiteId: 'w1', status: 'fail', eventName: ' purchase ', ruleId: null, range: '1h' }, 1, NOW);
    expect(plan.eq).toEqual([
      ['organization_id', 'org-1'],
      ['website_id', 'w1'],
      ['status', 'fail'],
    ]);
    expect(plan.eventName).toBe('purchase');
    expect(plan.since).toBe('2026-11-22T11:30:00.000Z');
    expect(requestQueryPlan('org-1', { ...DEFAULT_FILTERS, range: 'all' }, 0, NOW)).toMatchObject({ since: null, from: 0, to: 24 });
  });
});

describe('rule filter', () => {
  it('becomes a containment condition on the rule ids of the same query', () => {
    expect(requestQueryPlan('org-1', { ...DEFAULT_FILTERS, ruleId: 'ecom.purchase_value' }, 1, NOW).ruleId).toBe('ecom.purchase_value');
    expect(requestQueryPlan('org-1', { ...DEFAULT_FILTERS, ruleId: '  ' }, 1, NOW).ruleId).toBeNull();
  });
});

describe('URL filters', () => {
  it('round-trips filters and page through the query string, leaving defaults out', () => {
    const filters = { websiteId: 'w1', status: 'warning' as const, eventName: 'purchase', ruleId: 'ecom.purchase_value', range: '7d' as const };
    const search = searchFromFilters(filters, 2);
    expect(search).toBe('website=w1&status=warning&event=purchase&rule=ecom.purchase_value&range=7d&page=2');
    expect(filtersFromSearch(new URLSearchParams(search))).toEqual({ filters, page: 2 });
    expect(searchFromFilters(DEFAULT_FILTERS)).toBe('');
  });

  it('ignores unknown values', () => {
    expect(filtersFromSearch(new URLSearchParams('status=bogus&range=1y&rule=DROP TABLE&page=-3'))).toEqual({ filters: DEFAULT_FILTERS, page: 1 });
  });

  it('links to the log with filters, and resolves the website choice', () => {
    expect(requestsLink({ ruleId: 'basic.cid_present', range: '1h' })).toBe('/app/requests?rule=basic.cid_present&range=1h');
    expect(requestsLink({})).toBe('/app/requests');
    expect(resolveWebsiteFilter(null, 'current')).toBe('current');
    expect(resolveWebsiteFilter('all', 'current')).toBeNull();
    expect(resolveWebsiteFilter('w2', 'current')).toBe('w2');
    expect(pageCount(0)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });
});
