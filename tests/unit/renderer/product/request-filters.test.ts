import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromSearch,
  formatRequestTotal,
  pageCount,
  parseSearch,
  quoteFilterValue,
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
      search: null,
      from: 50,
      to: 74,
    });
  });

  it('adds website, status, event and time filters', () => {
    const plan = requestQueryPlan('org-1', { websiteId: 'w1', status: 'fail', eventName: ' purchase ', ruleId: null, range: '1h', search: null }, 1, NOW);
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
    const filters = { websiteId: 'w1', status: 'warning' as const, eventName: 'purchase', ruleId: 'ecom.purchase_value', range: '7d' as const, search: '1234.5678' };
    const search = searchFromFilters(filters, 2);
    expect(search).toBe('website=w1&status=warning&event=purchase&rule=ecom.purchase_value&range=7d&q=1234.5678&page=2');
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

describe('search', () => {
  it('looks up a request id when given a UUID, else a visitor (client or user id), exactly', () => {
    expect(parseSearch(' 0192F3A4-1B2C-7D3E-8F40-123456789ABC ')).toEqual({ kind: 'request_id', value: '0192f3a4-1b2c-7d3e-8f40-123456789abc' });
    expect(parseSearch('1234567890.1700000000')).toEqual({ kind: 'visitor', value: '1234567890.1700000000' });
    expect(parseSearch('  ')).toBeNull();
    expect(parseSearch('x'.repeat(257))).toBeNull();
    expect(requestQueryPlan('org-1', { ...DEFAULT_FILTERS, search: ' user-42 ' }, 1, NOW).search).toEqual({ kind: 'visitor', value: 'user-42' });
    expect(requestQueryPlan('org-1', DEFAULT_FILTERS, 1, NOW).search).toBeNull();
  });

  it('reads the search from the URL and quotes it for the data API, where commas and parentheses are syntax', () => {
    expect(filtersFromSearch(new URLSearchParams('q=%20abc%20')).filters.search).toBe('abc');
    expect(quoteFilterValue('a,b)c')).toBe('"a,b)c"');
    expect(quoteFilterValue('say "hi" \\ bye')).toBe('"say \\"hi\\" \\\\ bye"');
  });
});

describe('total', () => {
  it('shows an exact total, and "1,000+" past the exact count, with pages up to it', () => {
    expect(formatRequestTotal(999)).toBe('999');
    expect(formatRequestTotal(1_000)).toBe('1,000');
    expect(formatRequestTotal(1_001)).toBe('1,000+');
    expect(formatRequestTotal(2_500_000)).toBe('1,000+');
    expect(pageCount(2_500_000)).toBe(40);
  });
});
