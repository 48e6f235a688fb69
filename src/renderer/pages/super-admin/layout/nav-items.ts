export interface SuperAdminNavItem {
  label: string;
  path: string;
  /** Extra words the sidebar search matches. */
  keywords: readonly string[];
}

export const SUPER_ADMIN_NAV_ITEMS: readonly SuperAdminNavItem[] = [
  { label: 'Dashboard', path: '/super-admin/dashboard', keywords: ['overview', 'health', 'activity'] },
  { label: 'Organizations', path: '/super-admin/organizations', keywords: ['orgs', 'tenants', 'accounts'] },
  { label: 'Users', path: '/super-admin/users', keywords: ['people', 'members', 'accounts'] },
  { label: 'Rules', path: '/super-admin/rules', keywords: ['validation', 'advanced', 'custom'] },
  { label: 'Billing', path: '/super-admin/billing', keywords: ['plans', 'subscriptions', 'invoices', 'revenue'] },
  { label: 'System', path: '/super-admin/system', keywords: ['status', 'ingestion', 'queues', 'logs'] },
  { label: 'Settings', path: '/super-admin/settings', keywords: ['configuration'] },
];
