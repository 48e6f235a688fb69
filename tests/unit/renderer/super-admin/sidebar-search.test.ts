import { describe, expect, it } from 'vitest';
import { SUPER_ADMIN_NAV_ITEMS } from '../../../../src/renderer/pages/super-admin/layout/nav-items';
import { normalizeQuery, searchSuggestions } from '../../../../src/renderer/pages/super-admin/layout/sidebar-search';

describe('super-admin sidebar', () => {
  it('lists the seven sections in order', () => {
    expect(SUPER_ADMIN_NAV_ITEMS.map((item) => item.label)).toEqual([
      'Dashboard',
      'Organizations',
      'Users',
      'Rules',
      'Billing',
      'System',
      'Settings',
    ]);
    for (const item of SUPER_ADMIN_NAV_ITEMS) expect(item.path).toBe(`/super-admin/${item.label.toLowerCase()}`);
  });
});

describe('sidebar search', () => {
  it('offers nothing for an empty query', () => {
    expect(searchSuggestions('   ', SUPER_ADMIN_NAV_ITEMS)).toEqual([]);
  });

  it('searches users first, then organizations, with the query encoded', () => {
    const [users, orgs] = searchSuggestions('  ada  lovelace ', SUPER_ADMIN_NAV_ITEMS);
    expect(users).toEqual({ label: 'Users matching “ada lovelace”', to: '/super-admin/users?q=ada%20lovelace' });
    expect(orgs).toEqual({ label: 'Organizations matching “ada lovelace”', to: '/super-admin/organizations?q=ada%20lovelace' });
    expect(searchSuggestions('a&b=c', SUPER_ADMIN_NAV_ITEMS)[0]?.to).toBe('/super-admin/users?q=a%26b%3Dc');
  });

  it('adds the sections whose name or keywords match', () => {
    const sections = searchSuggestions('INVOICE', SUPER_ADMIN_NAV_ITEMS).slice(2);
    expect(sections).toEqual([{ label: 'Go to Billing', to: '/super-admin/billing' }]);
    expect(searchSuggestions('rul', SUPER_ADMIN_NAV_ITEMS).slice(2).map((s) => s.to)).toEqual(['/super-admin/rules']);
  });

  it('cuts overlong queries', () => {
    expect(normalizeQuery('x'.repeat(500))).toHaveLength(100);
  });
});

describe('typeahead matches from the server', () => {
  it('lists matching organizations and users first, so Enter opens the best match', () => {
    const matches = {
      organizations: [{ id: 'o1', name: 'Acme Shop', slug: 'acme' }],
      users: [{ id: 'u1', email: 'ada@acme.test', full_name: 'Ada' }],
    };
    const suggestions = searchSuggestions('acme', SUPER_ADMIN_NAV_ITEMS, matches);
    expect(suggestions.slice(0, 2)).toEqual([
      { label: 'Organization: Acme Shop (acme)', to: '/super-admin/organizations/o1' },
      { label: 'User: ada@acme.test (Ada)', to: '/super-admin/users/u1' },
    ]);
    expect(suggestions[2]?.to).toBe('/super-admin/users?q=acme');
  });
});
