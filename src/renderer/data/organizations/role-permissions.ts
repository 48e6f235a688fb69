import type { OrganizationRole } from './types';

/** What a membership role may do (spec section 6). */
export interface RolePermissions {
  createWebsites: boolean;
  manageTeam: boolean;
  manageSettings: boolean;
  manageRules: boolean;
  manageBilling: boolean;
  viewAnalytics: boolean;
}

export function permissionsForRole(role: OrganizationRole | null | undefined): RolePermissions {
  const manager = role === 'owner' || role === 'admin';
  return {
    createWebsites: manager,
    manageTeam: manager,
    manageSettings: manager,
    manageRules: manager,
    manageBilling: role === 'owner',
    viewAnalytics: role === 'owner' || role === 'admin' || role === 'member',
  };
}

export type UserMenuItemId =
  | 'switch-account'
  | 'user-settings'
  | 'account-settings'
  | 'team-management'
  | 'api-keys'
  | 'billing'
  | 'log-out';

/** User-menu entries the role may see, in menu order. */
export function visibleUserMenuItems(role: OrganizationRole | null | undefined): UserMenuItemId[] {
  const can = permissionsForRole(role);
  const items: UserMenuItemId[] = ['switch-account', 'user-settings'];
  if (can.manageSettings) items.push('account-settings');
  if (can.manageTeam) items.push('team-management', 'api-keys');
  if (can.manageBilling) items.push('billing');
  items.push('log-out');
  return items;
}
