/** Every route of the spec, as the e2e suites that walk them all (axe, phone width) visit them. */

export const PUBLIC_ROUTES = [
  '/',
  '/pricing',
  '/features',
  '/about',
  '/contact',
  '/features/monitoring',
  '/features/validation',
  '/features/alerts',
  '/features/custom-rules',
  '/solutions/ecommerce',
  '/solutions/saas',
  '/solutions/enterprise',
  '/docs',
  '/blog',
  '/blog/consent-mode-v2-signals',
  '/demo',
  '/privacy',
  '/terms',
  '/validation-page',
  '/login',
  '/signup',
  '/reset-password',
  '/update-password',
  '/verify-email',
  '/super-admin/login',
];

/** Every /app route; a free organization sees the plan gates and locked items on the gated ones. */
export const APP_ROUTES = [
  '/app/dashboard',
  '/app/websites',
  '/app/websites/add',
  '/app/requests',
  '/app/analytics',
  '/app/alerts',
  '/app/rules/basic',
  '/app/rules/advanced',
  '/app/rules/custom',
  '/app/team',
  '/app/organization',
  '/app/organization/create',
  '/app/settings',
  '/app/api-keys',
  '/app/billing',
  '/app/billing?upgrade=pro&feature=custom_rules&source=sidebar&current=free',
];

/** The routes whose content only a paid plan sees (the free run sees their gates). */
export const PAID_ROUTES = ['/app/rules/advanced', '/app/rules/custom', '/app/analytics', '/app/api-keys'];

export const SUPER_ADMIN_ROUTES = [
  '/super-admin/dashboard',
  '/super-admin/organizations',
  '/super-admin/users',
  '/super-admin/rules',
  '/super-admin/billing',
  '/super-admin/system',
  '/super-admin/profile',
  '/super-admin/settings',
];
