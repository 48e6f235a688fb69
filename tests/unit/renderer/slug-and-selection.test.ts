import { describe, expect, it } from 'vitest';
import { defaultAccountSlug, defaultFirstAccount, slugFromName } from '../../../src/renderer/lib/slug';
import { selectCurrentOrganization } from '../../../src/renderer/data/organizations/select-current-organization';
import { selectCurrentWebsite } from '../../../src/renderer/data/websites/select-current-website';

describe('slugs', () => {
  it('derives an organization slug from its name', () => {
    expect(slugFromName('Acme Analytics')).toBe('acme-analytics');
    expect(slugFromName('  Ünïcode & Co. 2025! ')).toBe('n-code-co-2025');
    expect(slugFromName('---')).toBe('');
  });

  it('derives the default first-account slug from the email local part', () => {
    expect(defaultAccountSlug('Jane.Doe+test@Example.com')).toBe('jane-doe-test-org');
    expect(defaultAccountSlug('bob@example.com')).toBe('bob-org');
    expect(defaultFirstAccount('bob@example.com')).toEqual({ name: 'My Account', slug: 'bob-org', plan: 'free' });
  });
});

describe('selectCurrentOrganization', () => {
  const orgs = [{ id: 'a' }, { id: 'b' }];

  it('keeps the stored organization while the user belongs to it', () => {
    expect(selectCurrentOrganization(orgs, 'b')).toEqual({ id: 'b' });
  });

  it('falls back to the first when the stored one is gone or absent', () => {
    expect(selectCurrentOrganization(orgs, 'gone')).toEqual({ id: 'a' });
    expect(selectCurrentOrganization(orgs, null)).toEqual({ id: 'a' });
  });

  it('selects nothing when the user has no organization', () => {
    expect(selectCurrentOrganization([], 'a')).toBeNull();
  });
});

describe('selectCurrentWebsite', () => {
  const sites = [
    { id: 's1', organization_id: 'o1' },
    { id: 's2', organization_id: 'o1' },
    { id: 's3', organization_id: 'o2' },
  ];

  it('keeps the stored website only if it belongs to the organization', () => {
    expect(selectCurrentWebsite(sites, 'o1', 's2')?.id).toBe('s2');
    expect(selectCurrentWebsite(sites, 'o1', 's3')?.id).toBe('s1');
    expect(selectCurrentWebsite(sites, 'o2', null)?.id).toBe('s3');
    expect(selectCurrentWebsite(sites, 'o3', 's1')).toBeNull();
  });
});
