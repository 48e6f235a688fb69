import { permissionsForRole, type RolePermissions } from '../data/organizations/role-permissions';
import type { OrganizationRole } from '../data/organizations/types';

/** The sidebar's links (spec section 2, "App shell"), grouped into sections. */
export type NavItemId =
  | 'dashboard'
  | 'requests'
  | 'alerts'
  | 'analytics'
  | 'rules-basic'
  | 'rules-advanced'
  | 'rules-custom'
  | 'tracking-plan'
  | 'websites'
  | 'add-website'
  | 'settings'
  | 'organization'
  | 'create-organization'
  | 'team'
  | 'api-keys'
  | 'billing';

export interface NavItem {
  id: NavItemId;
  label: string;
  to: string;
  /** A plan feature the item needs; without it the item opens the billing upgrade link instead. */
  feature?: string;
  /**
   * A role permission the item needs; without it the item is not shown (viewers do not see
   * Analytics; members and viewers do not see Add website or API keys, only owners see Billing),
   * so no link leads only to "you don't have access".
   */
  permission?: keyof RolePermissions;
}

export interface NavSection {
  label: string;
  items: NavItem[];
}

export const NAV_SECTIONS: NavSection[] = [
  {
    label: 'Monitoring',
    items: [
      { id: 'dashboard', label: 'Dashboard', to: '/app/dashboard' },
      { id: 'requests', label: 'Requests', to: '/app/requests' },
      { id: 'alerts', label: 'Alerts', to: '/app/alerts' },
      { id: 'analytics', label: 'Analytics', to: '/app/analytics', permission: 'viewAnalytics' },
    ],
  },
  {
    label: 'Rules',
    items: [
      { id: 'rules-basic', label: 'Basic rules', to: '/app/rules/basic' },
      { id: 'rules-advanced', label: 'Advanced rules', to: '/app/rules/advanced', feature: 'advanced_rules' },
      { id: 'rules-custom', label: 'Custom rules', to: '/app/rules/custom', feature: 'custom_rules' },
      { id: 'tracking-plan', label: 'Tracking plan', to: '/app/tracking-plan', feature: 'tracking_plans' },
    ],
  },
  {
    label: 'Websites',
    items: [
      { id: 'websites', label: 'Websites', to: '/app/websites' },
      { id: 'add-website', label: 'Add website', to: '/app/websites/add', permission: 'createWebsites' },
    ],
  },
  {
    label: 'Account',
    items: [
      { id: 'settings', label: 'Settings', to: '/app/settings' },
      { id: 'organization', label: 'Organization', to: '/app/organization' },
      { id: 'create-organization', label: 'Create organization', to: '/app/organization/create' },
      { id: 'team', label: 'Team', to: '/app/team' },
      { id: 'api-keys', label: 'API keys', to: '/app/api-keys', permission: 'manageTeam' },
      { id: 'billing', label: 'Billing', to: '/app/billing', permission: 'manageBilling' },
    ],
  },
];

export const NAV_ITEMS: NavItem[] = NAV_SECTIONS.flatMap((s) => s.items);

/** The page name for a path, for the document title and screen-reader announcements. */
export function pageTitleForPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  return NAV_ITEMS.find((item) => item.to === path)?.label ?? null;
}

/** Whether the item is the current page (exact match, so /app/websites is not active on /app/websites/add). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === item.to;
}

/** The sidebar sections with only the items the role may see (sections left empty are dropped). */
export function navSectionsForRole(role: OrganizationRole | null | undefined, sections: NavSection[] = NAV_SECTIONS): NavSection[] {
  const can = permissionsForRole(role);
  return sections
    .map((section) => ({ ...section, items: section.items.filter((item) => !item.permission || can[item.permission]) }))
    .filter((section) => section.items.length > 0);
}
