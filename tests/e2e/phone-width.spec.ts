import { expect, test, type Page } from '@playwright/test';
import { chooseOption } from './pages/select';
import { addWebsiteWithHits, signUpAndConfirm } from './support/flows';
import { createSuperAdmin, signInSuperAdmin } from './support/super-admin';
import { sendHit } from './support/hits';
import { expectNoHorizontalOverflow } from './support/layout';
import { APP_ROUTES, PUBLIC_ROUTES, SUPER_ADMIN_ROUTES } from './support/routes';

/**
 * No page of the spec is wider than a 375 px phone (issue 23, defect 4): public and auth pages
 * signed out, every /app page as the owner of a paid organization with a website, hits and an open
 * alert (its Acknowledge and Resolve buttons once spilled out of the card), and every console page
 * as a super admin.
 */
test.use({ viewport: { width: 375, height: 740 } });

async function expectRoutesFitThePhone(page: Page, routes: readonly string[]) {
  for (const route of routes) {
    await page.goto(route);
    await expect.poll(() => new URL(page.url()).pathname, { message: `${route} stays on its page` }).toBe(route.split('?')[0]);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    // Lazy chunks and queries settle behind the heading; the widest content (tables, charts) comes with the data.
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    await expectNoHorizontalOverflow(page, `${route} at 375 px`, { soft: true });
  }
}

test('public and auth pages fit a 375 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  await expectRoutesFitThePhone(page, PUBLIC_ROUTES);
});

test('every /app page of an organization with data and an open alert fits a 375 px phone', async ({ page }) => {
  test.setTimeout(360_000);
  await signUpAndConfirm(page, 'phone-owner', 'pro');
  const website = await addWebsiteWithHits(page);

  // An alert rule every failing hit trips; the server evaluates it within about a minute.
  await page.goto('/app/alerts?tab=rules');
  await page.getByRole('button', { name: 'New rule' }).click();
  const ruleForm = page.getByRole('dialog', { name: 'New alert rule' });
  await ruleForm.getByRole('textbox', { name: 'Name' }).fill('Any failure');
  await ruleForm.getByLabel('Alert above (%)').fill('10');
  await ruleForm.getByLabel('Over the last (minutes)').fill('30');
  await ruleForm.getByLabel('Only with at least (requests)').fill('1');
  await chooseOption(page, 'Websites', website.name, ruleForm);
  await ruleForm.getByRole('button', { name: 'Save rule' }).click();
  await expect(ruleForm).toBeHidden();
  for (let i = 0; i < 3; i++) await sendHit(page, website.siteKey, website.domain, website.measurementId, 'withoutClientId');
  await page.goto('/app/alerts');
  await expect(page.getByTestId('open-alerts').getByTestId('alert-row').first()).toBeVisible({ timeout: 150_000 });

  await expectRoutesFitThePhone(page, APP_ROUTES);
});

test('every super-admin page fits a 375 px phone', async ({ page }) => {
  test.setTimeout(180_000);
  // A customer with data, so the console's tables and charts have rows.
  await signUpAndConfirm(page, 'phone-customer', 'pro');
  await addWebsiteWithHits(page);
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signInSuperAdmin(page, createSuperAdmin('phone'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectRoutesFitThePhone(page, SUPER_ADMIN_ROUTES);
});
