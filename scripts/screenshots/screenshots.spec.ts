import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { RequestsPage } from '../../tests/e2e/pages/requests-page';
import { WebsitesPage } from '../../tests/e2e/pages/websites-page';
import { signUpAndConfirm } from '../../tests/e2e/support/flows';

/**
 * The README's screenshots (docs/screenshots): the home page, the dashboard and a request's
 * detail at 1440 px and 375 px. The account is seeded the way a customer starts: sign up, add a
 * website, and let it send a few GA4 hits to the collector.
 */
const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
] as const;

/** A GA4 page_view as gtag sends it; `withoutClientId` drops cid (an error finding), `longParam` adds a warning. */
function pageView(domain: string, measurementId: string, variant: 'withoutClientId' | 'longParam'): string {
  const params = new URLSearchParams({
    v: '2',
    tid: measurementId,
    cid: '584335997.1746564151',
    ul: 'en-us',
    sr: '1728x1117',
    sid: '1749196701',
    sct: '1',
    dl: `https://${domain}/products?utm_source=newsletter&utm_medium=email`,
    dt: 'Products',
    en: 'page_view',
  });
  if (variant === 'withoutClientId') params.delete('cid');
  else params.set('ep.page_type', 'a'.repeat(120));
  return params.toString();
}

async function sendHit(page: Page, siteKey: string, domain: string, measurementId: string, variant: 'withoutClientId' | 'longParam') {
  const response = await page.request.post(`/g/collect?site=${siteKey}&${pageView(domain, measurementId, variant)}`, {
    headers: { origin: `https://${domain}`, 'content-type': 'text/plain' },
    data: '',
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function shot(page: Page, name: string) {
  // Let charts and transitions settle; the screenshot is what a visitor sees, not a test.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
}

test('README screenshots', async ({ page, browser }) => {
  test.setTimeout(240_000);

  for (const { name, width, height } of WIDTHS) {
    const visitor = await browser.newPage({ viewport: { width, height } });
    await visitor.goto('/');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(visitor, `home-${name}`);
    await visitor.close();
  }

  await signUpAndConfirm(page, 'screenshots', 'pro');
  const suffix = Date.now().toString(36);
  const domain = `shop-${suffix}.example.com`;
  const measurementId = 'G-' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'Example Shop', domain, measurementIds: measurementId });
  const siteKey = await websites.siteKey();
  for (const variant of ['longParam', 'withoutClientId', 'longParam', 'longParam', 'withoutClientId', 'longParam'] as const) {
    await sendHit(page, siteKey, domain, measurementId, variant);
  }

  const requests = new RequestsPage(page);
  for (const { name, width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto('/app/dashboard');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await shot(page, `dashboard-${name}`);
    await requests.goto();
    await expect(requests.rows.first()).toBeVisible();
    await requests.open(0);
    await shot(page, `request-detail-${name}`);
  }
});
