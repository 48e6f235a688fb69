import { expect, test } from '@playwright/test';
import { ApiKeysPageModel } from './pages/api-keys-page';
import { toast } from './pages/app-shell';
import { RequestsPage } from './pages/requests-page';
import { RulesPage } from './pages/rules-page';
import { ValidationPageModel } from './pages/validation-page';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm } from './support/flows';
import { pageViewHit as pageView } from './support/hits';

test('a website receives a real GA4 hit: verified, logged with its findings, counted on the dashboard', async ({ page }) => {
  // Many screens in one story on a shared machine: allow more than the default minute.
  test.setTimeout(150_000);
  await signUpAndConfirm(page, 'product');
  const suffix = Date.now().toString(36);
  const domain = `shop-${suffix}.example.com`;
  const measurementId = 'G-E2E' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);

  // The dashboard starts with the getting-started checklist.
  await expect(page.getByTestId('onboarding-checklist')).toBeVisible();

  // Add the website: the domain is typed as a URL and normalized.
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'E2E Shop', domain: `https://${domain.toUpperCase()}/landing?x=1`, measurementIds: measurementId.toLowerCase() });
  const siteKey = await websites.siteKey();
  await expect(websites.trackerSnippet()).toHaveText(new RegExp(`^<script src="http://localhost:\\d+/t\\.js\\?site=${siteKey}"></script>$`));
  await expect(page.getByTestId('waiting-for-first-hit')).toBeVisible();

  // The site's browser sends copies of GA4 requests straight to the collector.
  async function sendHit(variant: 'withoutClientId' | 'longParam') {
    const response = await page.request.post(`/g/collect?site=${siteKey}&${pageView(domain, measurementId, variant)}`, {
      headers: { origin: `https://${domain}`, 'content-type': 'text/plain' },
      data: '',
    });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  }
  expect(await sendHit('withoutClientId')).toMatchObject({ status: 'stored', validation: 'fail' });
  expect(await sendHit('longParam')).toMatchObject({ status: 'stored', validation: 'warning' });

  // A hit shows the website receives traffic (the install panel polls); it does not prove ownership,
  // which stays pending until the domain publishes its token (DNS, file or meta tag; issue 26).
  await expect(page.getByTestId('website-verified')).toBeVisible();
  await websites.gotoList();
  await expect(websites.row(domain).getByTestId('receiving-traffic')).toHaveText('Receiving traffic');
  await expect(websites.row(domain).getByTestId('verification-status')).toHaveText('Pending');

  // Both requests are in the log, newest first, with their findings explained.
  const requests = new RequestsPage(page);
  await requests.goto();
  await expect(requests.rows).toHaveCount(2);
  await expect(requests.rows.nth(0)).toHaveAttribute('data-status', 'warning');
  await expect(requests.rows.nth(1)).toHaveAttribute('data-status', 'fail');
  await expect(requests.rows.nth(1)).toContainText('page_view');
  await requests.open(1);
  await expect(requests.finding('basic.cid_present')).toBeVisible();
  await expect(requests.finding('basic.cid_present')).toContainText('Why it matters and how to fix it');
  await expect(requests.detail.getByTestId('decoded-event').first()).toHaveAttribute('data-event-name', 'page_view');

  // Filters: by rule (the rule ids of each logged request) and by status.
  await requests.goto('rule=basic.cid_present');
  await expect(requests.rows).toHaveCount(1);
  await expect(requests.rows.first()).toHaveAttribute('data-status', 'fail');
  await requests.goto('status=warning');
  await expect(requests.rows).toHaveCount(1);
  await requests.open(0);
  await expect(requests.finding('basic.param_value_length')).toBeVisible();
  await requests.goto('status=pass');
  await expect(page.getByTestId('requests-empty')).toBeVisible();

  // The dashboard counts it.
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('kpi-requests-value')).toHaveText('2');
  await expect(page.getByTestId('kpi-pass-rate-value')).toHaveText('0.0%');
  await expect(page.getByTestId('kpi-errors-value')).toHaveText('1');
  await expect(page.getByTestId('kpi-warnings-value')).toHaveText('1');
  await expect(page.getByTestId('top-rules').locator('[data-key="basic.cid_present"]')).toBeVisible();
  await expect(page.getByTestId('top-rules').locator('[data-key="basic.param_value_length"]')).toBeVisible();
  await expect(page.getByTestId('top-events').locator('[data-key="page_view"]')).toBeVisible();
  await expect(page.getByTestId('onboarding-checklist')).toHaveCount(0);

  // Alerts: the error rule that fired in the last hour, linked to the filtered log.
  await page.goto('/app/alerts');
  const alert = page.getByTestId('alert-item').filter({ hasText: 'basic.cid_present' });
  await expect(alert).toHaveAttribute('data-severity', 'critical');
  await alert.getByRole('link', { name: 'See the requests' }).click();
  await expect(page).toHaveURL(/\/app\/requests\?website=.+&rule=basic\.cid_present/);
  await expect(requests.rows).toHaveCount(1);

  // Analytics: breakdown by format and event.
  await page.goto('/app/analytics');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByText('gtag (/g/collect)')).toBeVisible();
  await expect(page.getByTestId('advanced-analytics-gate')).toBeVisible();
});

test('the public validation page flags a known-bad sample and passes a pasted request through the engine', async ({ page }) => {
  const validation = new ValidationPageModel(page);
  await validation.goto();

  await validation.trySample('Purchase without transaction id (gtag)');
  // The corpus's provenance comments stay out of the product (issue 10, defect 4).
  await expect(page.getByRole('textbox', { name: 'Request', exact: true })).not.toHaveValue(/# source|^#/m);
  await expect(validation.results).not.toContainText('# source');
  await expect(validation.results).toHaveAttribute('data-status', 'fail');
  await expect(validation.finding('ecom.purchase_transaction_id')).toBeVisible();
  await expect(validation.finding('basic.cid_present')).toBeVisible();

  await validation.validateCapture("curl 'https://www.google-analytics.com/g/collect?v=2&tid=14&cid=1.2&en=page_view&dl=https%3A%2F%2Fexample.com%2F'");
  await expect(validation.finding('basic.tid_format')).toBeVisible();
});

test('a pro organization tunes rules per website, writes a custom rule and manages API keys', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, 'product-pro', 'pro');
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'Pro Shop', domain: `pro-${Date.now().toString(36)}.example.com`, measurementIds: '' });

  // Advanced rules: four families with their counts; a rule switched off stays off.
  const rules = new RulesPage(page);
  await rules.goto('advanced', 'Advanced rules');
  for (const tab of ['GDPR (15)', 'E-commerce (20)', 'Session & attribution (20)', 'Data quality (15)']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  const ruleId = 'gdpr.consent_signal_present';
  await expect(rules.enabledSwitch(ruleId)).toBeChecked();
  await rules.enabledSwitch(ruleId).click({ force: true });
  await expect(toast(page, 'Rule updated')).toBeVisible();
  await page.reload();
  await expect(rules.card(ruleId)).toHaveAttribute('data-enabled', 'false');
  await expect(rules.enabledSwitch(ruleId)).not.toBeChecked();

  // Custom rules: live validation at the error's path, a test on a sample, then save.
  await rules.goto('custom', 'Custom rules');
  await expect(page.getByTestId('custom-rules-limit')).toHaveText('Custom rules: 0 of 50 on your plan.');
  await page.getByRole('button', { name: 'New custom rule' }).click();
  await rules.editor().getByRole('textbox', { name: 'Name' }).fill('Big orders carry a coupon');
  await rules.showJson();
  await rules.conditions().fill('{"assert": {"field": "params.coupon", "op": "matches", "pattern": "(a"}}');
  await expect(page.getByTestId('definition-errors')).toContainText('assert.pattern');
  await rules.conditions().fill('{"when": {"field": "params.value", "op": "gt", "value": 10}, "assert": {"field": "params.coupon", "op": "exists"}}');
  await expect(page.getByTestId('definition-errors')).toContainText('custom.big-orders-carry-a-coupon');
  await rules.editor().getByRole('textbox', { name: 'Sample request' }).fill('METHOD: GET\nURL: /g/collect?v=2&tid=G-X&cid=1.2&en=purchase&cu=EUR&epn.value=150');
  await rules.editor().getByRole('button', { name: 'Run test' }).click();
  await expect(page.getByTestId('sample-test-result').locator('[data-rule-id="custom.big-orders-carry-a-coupon"]')).toBeVisible();
  await rules.editor().getByRole('button', { name: 'Create rule' }).click();
  await expect(toast(page, 'Custom rule saved')).toBeVisible();
  await expect(page.getByTestId('custom-rule-row')).toHaveCount(1);
  await expect(page.getByTestId('custom-rule-row')).toContainText('Big orders carry a coupon');

  // API keys: shown once at creation, listed by prefix, revoked.
  const apiKeys = new ApiKeysPageModel(page);
  await apiKeys.goto();
  const key = await apiKeys.create('CI pipeline');
  await expect(apiKeys.rows).toHaveCount(1);
  await expect(apiKeys.rows.first()).toContainText(key.slice(0, 12));
  await expect(apiKeys.rows.first()).not.toContainText(key);
  await apiKeys.rows.first().getByRole('button', { name: 'Revoke CI pipeline' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(apiKeys.rows.first()).toContainText('Revoked');
});
