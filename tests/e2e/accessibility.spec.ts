import { expect, test, type Page } from '@playwright/test';
import { RequestsPage } from './pages/requests-page';
import { expectNoSeriousViolations } from './support/axe';
import { addWebsiteWithHits, signUpAndConfirm } from './support/flows';
import { createSuperAdmin, signInSuperAdmin } from './support/super-admin';
import { APP_ROUTES, PAID_ROUTES, PUBLIC_ROUTES, SUPER_ADMIN_ROUTES } from './support/routes';

/**
 * Zero serious or critical axe violations (WCAG 2.1 A/AA) on every route of the spec, in light
 * mode, at a desktop width and at a phone's. Each route waits for its level-1 heading (or a known
 * landmark) so axe sees the rendered page, not a spinner.
 */
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 740 },
] as const;

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
  await signInSuperAdmin(page, createSuperAdmin('a11y'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await checkRoutes(page, SUPER_ADMIN_ROUTES);
});
