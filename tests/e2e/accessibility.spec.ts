import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { RequestsPage } from './pages/requests-page';
import { WebsitesPage } from './pages/websites-page';
import { expectNoSeriousViolations } from './support/axe';
import { signUpAndConfirm } from './support/flows';
import { sendHit } from './support/hits';

/**
 * Zero serious or critical axe violations (WCAG 2.1 A/AA) on every route of the spec, in light
 * mode, at a desktop width and at a phone's. Each route waits for its level-1 heading (or a known
 * landmark) so axe sees the rendered page, not a spinner.
 */
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 740 },
] as const;

const PUBLIC_ROUTES = [
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
const APP_ROUTES = [
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
const PAID_ROUTES = ['/app/rules/advanced', '/app/rules/custom', '/app/analytics', '/app/api-keys'];

const SUPER_ADMIN_ROUTES = [
  '/super-admin/dashboard',
  '/super-admin/organizations',
  '/super-admin/users',
  '/super-admin/rules',
  '/super-admin/billing',
  '/super-admin/system',
  '/super-admin/profile',
  '/super-admin/settings',
];

async function waitForContent(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Lazy chunks and queries settle behind the heading; a busy spinner means data is still coming.
  await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
}

async function checkRoutes(page: Page, routes: readonly string[]) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const route of routes) {
      await page.goto(route);
      // A route that redirected elsewhere (an unknown path goes to /) would check the wrong page.
      await expect.poll(() => new URL(page.url()).pathname, { message: `${route} stays on its page` }).toBe(route.split('?')[0]);
      await waitForContent(page);
      await expectNoSeriousViolations(page, `${route} at ${size.width}px`);
    }
  }
}

/** A website with a failing and a warning hit, so logs, charts and alerts have something to show. */
async function addWebsiteWithHits(page: Page) {
  const suffix = Date.now().toString(36);
  const domain = `a11y-${suffix}.example.com`;
  const measurementId = 'G-A11Y' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'A11y Shop', domain, measurementIds: measurementId });
  const siteKey = await websites.siteKey();
  await sendHit(page, siteKey, domain, measurementId, 'withoutClientId');
  await sendHit(page, siteKey, domain, measurementId, 'longParam');
}

test('public, auth and super-admin sign-in pages have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await checkRoutes(page, PUBLIC_ROUTES);
});

test('every /app page of a free organization with data has no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpAndConfirm(page, 'a11y-free');
  await addWebsiteWithHits(page);
  await checkRoutes(page, APP_ROUTES);

  // Overlays: the request-detail drawer and, on a phone, the navigation drawer.
  const requests = new RequestsPage(page);
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await requests.goto();
    await requests.open(0);
    await expectNoSeriousViolations(page, `request detail at ${size.width}px`);
  }
  await page.goto('/app/dashboard');
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expectNoSeriousViolations(page, 'navigation drawer at 375px');
});

test('the pages a paid plan unlocks have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAndConfirm(page, 'a11y-pro', 'pro');
  await addWebsiteWithHits(page);
  await checkRoutes(page, PAID_ROUTES);
  await page.goto('/app/rules/custom');
  await page.getByRole('button', { name: 'New custom rule' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'custom rule editor at 375px');
});

test('the super-admin console has no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `e2e-a11y-operator-${Date.now().toString(36)}@example.com`;
  const password = 'operator-password-a11y-41';
  execFileSync(process.execPath, ['scripts/create-super-admin.mjs', email, password], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'error' },
    stdio: 'pipe',
  });
  await page.goto('/super-admin/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await checkRoutes(page, SUPER_ADMIN_ROUTES);
});
