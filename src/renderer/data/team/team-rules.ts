import { ORGANIZATION_ROLES, type OrganizationRole } from '../organizations/types';
import type { TeamMember } from './types';

const ROLE_RANK: Record<OrganizationRole, number> = { owner: 0, admin: 1, member: 2, viewer: 3 };

/** Owners first, then admins, members, viewers; within a role, who joined first. */
export function sortMembers<T extends Pick<TeamMember, 'role' | 'joined_at'>>(members: readonly T[]): T[] {
  return [...members].sort((a, b) => ROLE_RANK[a.role] - ROLE_RANK[b.role] || a.joined_at.localeCompare(b.joined_at));
}

export function isManagerRole(role: OrganizationRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/**
 * The roles `actor` may give `target`, or an empty list when the target's role is not theirs to
 * change: members and viewers manage nobody; only an owner touches owner roles (the server says
 * 'Only an owner can change owner roles'); nobody changes their own role here, so a manager cannot
 * lock themself out by accident.
 */
export function assignableRoles(actor: OrganizationRole | null | undefined, target: OrganizationRole, isSelf: boolean): OrganizationRole[] {
  if (isSelf || !isManagerRole(actor)) return [];
  if (actor === 'owner') return [...ORGANIZATION_ROLES];
  if (target === 'owner') return [];
  return ORGANIZATION_ROLES.filter((role) => role !== 'owner');
}

/** Whether `actor` may remove `target` from the organization (leaving, i.e. removing oneself, is separate). */
export function canRemoveMember(actor: OrganizationRole | null | undefined, target: OrganizationRole, isSelf: boolean): boolean {
  if (isSelf || !isManagerRole(actor)) return false;
  return actor === 'owner' || target !== 'owner';
}

/** The name to show for a member: full name, else email, else a short id. */
export function memberDisplayName(member: Pick<TeamMember, 'full_name' | 'email' | 'user_id'>): string {
  return member.full_name?.trim() || member.email?.trim() || `User ${member.user_id.slice(0, 8)}`;
}

export function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
