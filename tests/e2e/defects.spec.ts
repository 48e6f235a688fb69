import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { RequestsPage } from './pages/requests-page';
import { SignupPage } from './pages/signup-page';
import { TeamPage } from './pages/team-page';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm, websiteWithOneFailingHit } from './support/flows';
import { sendHit } from './support/hits';
import { expectNoHorizontalOverflow, expectTextNotCut } from './support/layout';

/** Issue 10's "defects a user sees", each as a user meets it in Chromium. */

test('a field error goes away once the field is corrected (sign-up and create organization)', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await page.getByRole('button', { name: 'Create account' }).click();
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('someone@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');

  await signUpAndConfirm(page, 'stale-errors');
  await page.goto('/app/organization/create');
  const form = page.getByRole('form', { name: 'Create organization' });
  await form.getByRole('button', { name: 'Create organization' }).click();
  const name = form.getByRole('textbox', { name: 'Organization name' });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await name.fill('Second Shop');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('textbox', { name: 'Organization slug' })).not.toHaveAttribute('aria-invalid', 'true');
});

test('copy counts and layout: singular counts, a checklist that says how many steps it has, billing buttons whole at 1440 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, 'copy');
  const checklist = page.getByTestId('onboarding-checklist');
  const steps = await checklist.getByRole('listitem').count();
  const words = ['', 'One step', 'Two steps', 'Three steps', 'Four steps', 'Five steps'];
  await expect(checklist).toContainText(`${words[steps]} to your first results`);

  // One error and one warning on a request: singular words everywhere.
  await websiteWithOneFailingHit(page, 'copy', 'Copy Shop');
  const requests = new RequestsPage(page);
  await requests.goto();
  await expect(requests.rows.first()).toContainText('1 critical');
  await expect(requests.rows.first()).not.toContainText(/1 criticals/i);
  await requests.open(0);
  await expect(requests.detail).toContainText(/Findings \(\d+ critical, \d+ warnings?, \d+ info\)/);
  await expect(requests.detail).not.toContainText(/\b1 (errors|warnings)\b/);
  await page.keyboard.press('Escape');
  await expect(requests.detail).toBeHidden();

  // Help from inside the app: the documentation opens over the current page, and its links stay in /app.
  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help and documentation' });
  await expect(help.getByRole('region', { name: '1. Install the tracker snippet' })).toBeVisible();
  await expect(page).toHaveURL(/\/app\/requests/);
  await help.getByRole('link', { name: 'Alerts' }).click();
  await expect(page).toHaveURL(/\/app\/alerts$/);
  await expect(help).toBeHidden();

  // Billing at 1440 px: every plan button shows its whole label.
  await page.goto('/app/billing');
  await new AppShell(page).expectPage('Billing & Plans');
  for (const plan of ['starter', 'pro', 'enterprise']) {
    await expectTextNotCut(page.getByTestId(`plan-card-${plan}`).locator('a, button'));
  }
});

test('at 375 px nothing overflows, badges are whole and the website switcher is in the drawer', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndConfirm(page, 'phone', 'starter');
  const suffix = Date.now().toString(36);
  const domain = `phone-${suffix}.example.com`;
  const measurementId = 'G-PHONE' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 9);
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'Phone Shop', domain, measurementIds: measurementId });
  const siteKey = await websites.siteKey();
  await sendHit(page, siteKey, domain, measurementId, 'longParam');
  const team = new TeamPage(page);
  await team.goto();
  await team.invite(`e2e-phone-invitee-${suffix}@example.com`, 'Member');
  await expect(team.pendingInvitations).toBeVisible();

  await page.setViewportSize({ width: 375, height: 740 });
  for (const path of ['/app/dashboard', '/app/team', '/app/analytics', '/app/requests', '/app/websites', '/app/billing', '/app/alerts']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.mantine-Loader-root')).toHaveCount(0);
    await expectNoHorizontalOverflow(page, path);
  }
  const requests = new RequestsPage(page);
  await requests.goto();
  await expect(requests.rows.first()).toHaveAttribute('data-status', 'warning');
  await expectTextNotCut(requests.rows.first().locator('.mantine-Badge-root').first());

  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('combobox', { name: 'Current website' })).toHaveValue('Phone Shop');
});

test('the validation page has the site header and footer', async ({ page }) => {
  await page.goto('/validation-page');
  await expect(page.getByRole('heading', { level: 1, name: 'GA4 validation' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Tracklint home' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('each marketing page has its own meta description and Open Graph tags', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ['/', '/pricing', '/docs', '/features/alerts']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The tags are set once the page has rendered; og:url says they describe this page.
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new URL(path, page.url()).href);
    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', description);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    seen.add(description);
  }
  expect(seen.size).toBe(4);
});

test('marketing pages share one left edge with the site header', async ({ page }) => {
  for (const path of ['/', '/docs', '/pricing', '/blog/consent-mode-v2-signals']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Measured in one pass inside the page and retried: the prerendered markup is replaced when the app hydrates,
    // so an element located a moment earlier can be detached by the time it is measured.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const home = document.querySelector('header a[aria-label="Tracklint home"]');
            const edge = home?.getBoundingClientRect().left ?? 0;
            // The page's title and its sections' titles (h2 outside cards); a card's heading sits in its own column.
            const headings = Array.from(document.querySelectorAll('main h1, main section > div > h2'));
            return { headerFound: home !== null, offsetsFromHeader: [...new Set(headings.map((h) => Math.round(h.getBoundingClientRect().left - edge)))] };
          }),
        { message: `${path}: headings start at the header's edge` },
      )
      .toEqual({ headerFound: true, offsetsFromHeader: [0] });
  }
});

test('the home page shows the product', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('img', { name: /The Tracklint dashboard/ })).toBeVisible();
});

test('the demo is explorable without an account: dashboard, requests log and findings', async ({ page }) => {
  await page.goto('/demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Tracklint demo' })).toBeVisible();
  await expect(page.getByTestId('demo-kpis')).toContainText('Pass rate');
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  const rows = page.getByTestId('demo-request');
  await expect(rows).toHaveCount(5);
  await rows.filter({ hasText: 'page_view' }).filter({ hasText: 'fail' }).getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Request detail' });
  await expect(detail.getByTestId('demo-finding')).toContainText('basic.cid_present');
  await expect(page).toHaveURL(/\/demo$/);
});
