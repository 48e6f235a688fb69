import { expect, test } from '@playwright/test';
import { AlertsPage } from './pages/alerts-page';
import { RequestsPage } from './pages/requests-page';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm } from './support/flows';
import { BROKEN_PURCHASE, DESKTOP_CHROME_UA, HEADLESS_CHROME_UA, gtagHit, sendGtagHits } from './support/hits';

// Issue 22: the verdict says what ran, and alerts rank by the severity of the findings behind them.

async function addWebsite(page: import('@playwright/test').Page, name: string, label: string) {
  const suffix = `${label}${Date.now().toString(36)}`;
  const domain = `${suffix}.example.com`;
  const measurementId = 'G-' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name, domain, measurementIds: measurementId });
  return { domain, measurementId, siteKey: await websites.siteKey() };
}

test("a Free organization's purchase without transaction_id never reads as a plain PASS: log, drawer and dashboard say what ran", async ({ page }) => {
  await signUpAndConfirm(page, 'verdict', 'free');
  const site = await addWebsite(page, 'Verdict Shop', 'verdict');
  await sendGtagHits(page, site.siteKey, site.domain, [gtagHit(site.domain, site.measurementId, BROKEN_PURCHASE)], DESKTOP_CHROME_UA);

  const requests = new RequestsPage(page);
  await requests.goto();
  await expect(requests.rows).toHaveCount(1);
  await expect(requests.rows.first()).toHaveAttribute('data-status', 'pass');
  await expect(requests.verdictCaption()).toContainText('PASS on basic rules; 70 advanced checks not run on the Free plan');
  await expect(requests.verdictCaption()).toContainText('Would fail: 3 critical e-commerce, 1 critical data quality');

  await requests.open();
  await expect(requests.verdict.getByTestId('verdict-headline')).toHaveText('PASS on basic rules');
  await expect(requests.verdict).toHaveAttribute('data-hidden-failure', 'true');
  await expect(requests.verdict.getByTestId('verdict-not-run')).toHaveText('PASS on basic rules; 70 advanced checks not run on the Free plan.');
  const serious = requests.verdict.getByTestId('verdict-serious');
  await expect(serious).toContainText('Advanced checks that did not run would have found 4 critical problems: 3 e-commerce, 1 data quality.');
  await expect(serious.getByRole('link', { name: 'Upgrade to see them' })).toHaveAttribute(
    'href',
    '/app/billing?upgrade=starter&feature=advanced_rules&source=request-drawer&current=free',
  );
  await expect(requests.detail.getByTestId('findings-none')).toHaveText('No findings from the rules that ran.');

  await page.goto('/app/dashboard');
  const passRate = page.getByTestId('kpi-pass-rate');
  // The dashboard's tracking data can take a while on a loaded machine: wait for it to arrive.
  await expect(passRate.getByTestId('kpi-pass-rate-value')).toHaveText('100.0%', { timeout: 60_000 });
  await expect(passRate.getByTestId('pass-rate-scope')).toContainText('On basic rules only; 70 advanced checks not run on the Free plan.');
  await expect(passRate.getByTestId('pass-rate-scope')).toContainText('1 request not counted as failed would fail the checks that did not run.');
  await expect(passRate.getByRole('link', { name: 'Upgrade to run every check' })).toHaveAttribute(
    'href',
    '/app/billing?upgrade=starter&feature=advanced_rules&source=dashboard&current=free',
  );
});

test('an info-level rule does not open the only alert, and the critical findings’ alert ranks first', async ({ page }) => {
  // The server evaluates alert rules once a minute on its own: each alert takes up to about a minute.
  test.setTimeout(360_000);
  await signUpAndConfirm(page, 'ranking', 'pro');
  const shop = await addWebsite(page, 'Broken Shop', 'brokenshop');
  const bots = await addWebsite(page, 'Bot Site', 'botsite');

  // Bot Site: only headless-browser traffic, an information-level finding (dq.bot_ua), 6 hits.
  await sendGtagHits(page, bots.siteKey, bots.domain, Array.from({ length: 6 }, (_, i) => gtagHit(bots.domain, bots.measurementId, { en: 'page_view' }, i)), HEADLESS_CHROME_UA);
  // Broken Shop: purchases that cannot be deduplicated and carry an email address (critical findings).
  await sendGtagHits(page, shop.siteKey, shop.domain, Array.from({ length: 6 }, (_, i) => gtagHit(shop.domain, shop.measurementId, BROKEN_PURCHASE, i)), DESKTOP_CHROME_UA);

  const alerts = new AlertsPage(page);
  await alerts.goto();
  const shopAlert = alerts.openAlerts.filter({ hasText: 'Broken Shop:' });
  await expect(shopAlert).toBeVisible({ timeout: 150_000 });
  await expect(shopAlert).toHaveAttribute('data-severity', 'critical');
  await expect(shopAlert).toContainText('Critical');
  await expect(shopAlert.getByRole('heading')).toHaveText(
    /^Broken Shop: (Purchases or refunds without transaction_id \(cannot be deduplicated\)|Email addresses sent to GA4 \(personal data\)|E-commerce events without items|Values without a currency) \(\+\d+ more problems\)$/,
  );
  // The same evaluation saw the headless traffic: the default rule opened nothing for it.
  await expect(alerts.openAlerts).toHaveCount(1);
  await expect(alerts.openAlerts.filter({ hasText: 'Bot Site' })).toHaveCount(0);

  // Asked for explicitly, the information-level finding opens an alert of its own, titled by what is wrong, ranked below.
  await alerts.addRuleFailingWithInfo('Bots too', 'Bot Site');
  const botAlert = alerts.openAlerts.filter({ hasText: 'Bot Site: Headless-browser traffic reaching production' });
  await expect(botAlert).toBeVisible({ timeout: 150_000 });
  await expect(botAlert).toHaveAttribute('data-severity', 'info');
  await expect(alerts.openAlerts).toHaveCount(2);
  // Newer, but less severe: the critical alert stays first.
  await expect(alerts.openAlerts.first()).toHaveAttribute('data-severity', 'critical');
  await expect(alerts.openAlerts.nth(1)).toHaveAttribute('data-severity', 'info');
});
