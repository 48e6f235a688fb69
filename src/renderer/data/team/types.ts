import type { OrganizationRole } from '../organizations/types';

/** A member of an organization as the team screen shows it. */
export interface TeamMember {
  user_id: string;
  role: OrganizationRole;
  status: string;
  permissions: string[];
  joined_at: string;
  full_name: string | null;
  email: string | null;
}

export type InvitableRole = 'admin' | 'member' | 'viewer';
export const INVITABLE_ROLES: readonly InvitableRole[] = ['admin', 'member', 'viewer'];

export interface PendingInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  expires_at: string;
  created_at: string;
}
