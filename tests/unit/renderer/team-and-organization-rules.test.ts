import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  canRemoveMember,
  memberDisplayName,
  sortMembers,
} from '../../../src/renderer/data/team/team-rules';
import {
  changedOrganizationFields,
  isDeleteConfirmed,
  organizationAfterDelete,
} from '../../../src/renderer/data/organizations/organization-rules';
import { navSectionsForRole } from '../../../src/renderer/shell/nav-items';

describe('team management rules', () => {
  it('lets owners give any role, admins any but owner, and nobody else anything', () => {
    expect(assignableRoles('owner', 'member', false)).toEqual(['owner', 'admin', 'member', 'viewer']);
    expect(assignableRoles('admin', 'member', false)).toEqual(['admin', 'member', 'viewer']);
    expect(assignableRoles('admin', 'owner', false)).toEqual([]);
    expect(assignableRoles('member', 'viewer', false)).toEqual([]);
    expect(assignableRoles('viewer', 'viewer', false)).toEqual([]);
  });

  it('never offers to change your own role', () => {
    expect(assignableRoles('owner', 'owner', true)).toEqual([]);
  });

  it('lets managers remove others, but only owners remove owners', () => {
    expect(canRemoveMember('owner', 'owner', false)).toBe(true);
    expect(canRemoveMember('admin', 'owner', false)).toBe(false);
    expect(canRemoveMember('admin', 'viewer', false)).toBe(true);
    expect(canRemoveMember('member', 'viewer', false)).toBe(false);
    expect(canRemoveMember('owner', 'owner', true)).toBe(false);
  });

  it('orders owners first, then by join date, and names members sensibly', () => {
    const rows = [
      { role: 'viewer' as const, joined_at: '2026-01-01' },
      { role: 'owner' as const, joined_at: '2026-03-01' },
      { role: 'admin' as const, joined_at: '2026-02-02' },
      { role: 'admin' as const, joined_at: '2026-02-01' },
    ];
    expect(sortMembers(rows).map((r) => `${r.role}@${r.joined_at}`)).toEqual([
      'owner@2026-03-01',
      'admin@2026-02-01',
      'admin@2026-02-02',
      'viewer@2026-01-01',
    ]);
    expect(memberDisplayName({ full_name: ' ', email: 'ivy@example.com', user_id: 'x' })).toBe('ivy@example.com');
    expect(memberDisplayName({ full_name: null, email: null, user_id: '1234567890' })).toBe('User 12345678');
  });
});

describe('role-based navigation', () => {
  const labels = (role: Parameters<typeof navSectionsForRole>[0]) => navSectionsForRole(role).flatMap((s) => s.items.map((i) => i.id));

  it('hides Analytics from viewers only', () => {
    expect(labels('viewer')).not.toContain('analytics');
    expect(labels('viewer')).toContain('requests');
    for (const role of ['owner', 'admin', 'member'] as const) expect(labels(role)).toContain('analytics');
  });

  it('shows no link that leads only to "you don\'t have access" (issue 23, defect 8)', () => {
    for (const role of ['member', 'viewer'] as const) {
      for (const id of ['add-website', 'api-keys', 'billing']) expect(labels(role), `${role} ${id}`).not.toContain(id);
    }
    expect(labels('admin')).toEqual(expect.arrayContaining(['add-website', 'api-keys']));
    expect(labels('admin')).not.toContain('billing');
    expect(labels('owner')).toEqual(expect.arrayContaining(['add-website', 'api-keys', 'billing']));
  });
});

describe('organization screen rules', () => {
  it('sends only what changed', () => {
    expect(changedOrganizationFields({ name: 'Acme', slug: 'acme' }, { name: ' Acme ', slug: 'acme' })).toEqual({});
    expect(changedOrganizationFields({ name: 'Acme', slug: 'acme' }, { name: 'Zeta', slug: 'zeta' })).toEqual({ name: 'Zeta', slug: 'zeta' });
  });

  it('asks for the exact name before deleting', () => {
    expect(isDeleteConfirmed('Acme Analytics', 'Acme Analytics')).toBe(true);
    expect(isDeleteConfirmed('acme analytics', 'Acme Analytics')).toBe(false);
    expect(isDeleteConfirmed('', '')).toBe(false);
  });

  it('moves to another organization after a delete, or to none', () => {
    const orgs = [{ id: 'a' }, { id: 'b' }];
    expect(organizationAfterDelete(orgs, 'a')).toEqual({ id: 'b' });
    expect(organizationAfterDelete([{ id: 'a' }], 'a')).toBeNull();
  });
});
