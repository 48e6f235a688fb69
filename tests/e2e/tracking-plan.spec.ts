import { expect, test, type Page } from '@playwright/test';
import { toast } from './pages/app-shell';
import { RequestsPage } from './pages/requests-page';
import { TrackingPlanPage } from './pages/tracking-plan-page';
import { ValidationPageModel } from './pages/validation-page';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm } from './support/flows';

// Issue 25 in the browser: traffic arrives, the plan is created from it and reviewed, published,
// and a hit that breaks it shows the plan's finding in the request drawer.

test('a plan built from traffic, published, catches a renamed event in the request drawer', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndConfirm(page, 'plan', 'pro');
  const suffix = Date.now().toString(36);
  const domain = `plan-${suffix}.example.com`;
  const measurementId = `G-PLAN${suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 8)}`;
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'Plan shop', domain, measurementIds: measurementId });
  const siteKey = await websites.siteKey();

  let seq = 0;
  async function send(en: string, extra: Record<string, string> = {}): Promise<{ validation: string }> {
    seq += 1;
    const params = new URLSearchParams({ v: '2', tid: measurementId, cid: '584335997.1746564151', sid: '1749196701', sct: '1', seg: '1', _s: String(seq), dl: `https://${domain}/`, dt: 'Shop', en, _et: '12', ...extra });
    const response = await page.request.post(`/g/collect?site=${siteKey}&${params.toString()}`, { headers: { origin: `https://${domain}`, 'content-type': 'text/plain' }, data: '' });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()) as { validation: string };
  }
  await send('page_view');
  await send('sign_up', { 'ep.method': 'email', 'ep.referrer_code': 'ABC' });

  const plan = new TrackingPlanPage(page);
  await plan.goto();
  await plan.createFromTraffic();
  await expect(plan.event('page_view')).toBeVisible();
  await expect(plan.event('sign_up')).toBeVisible();
  await expect(plan.parameter('sign_up.method')).toBeVisible();
  // Review: the referral code was a test; reject it, keep the rest.
  await plan.rejectParameter('sign_up.referrer_code');
  await plan.publish();
  await expect(toast(page, 'Tracking plan published')).toBeVisible();
  await expect(plan.version).toHaveText('v1 published');
  await expect(page.getByTestId('version-history')).toContainText('Event sign_up added');
  await expect(plan.coverage).toContainText('2 of 2 planned events seen in the last 7 days; 0 unplanned events');
  // No drift rule has fired for this website: the drift timeline says so.
  await expect(plan.driftTimeline).toContainText('No drift from the plan.');

  // A deploy renames sign_up: the collector now warns about an event the plan does not list
  // (the publish reaches its cache through a database notification, so send until it applies).
  await expect.poll(async () => (await send('signUp', { 'ep.method': 'email' })).validation, { timeout: 10_000 }).toBe('warning');

  const requests = new RequestsPage(page);
  await requests.goto();
  await requests.open(0);
  const finding = requests.finding('plan.unplanned_event');
  await expect(finding).toBeVisible();
  await expect(finding).toContainText('Event not in the tracking plan');
  await expect(finding).toContainText('The event "signUp" is not in the tracking plan.');
  await expect(finding.getByTestId('finding-plan')).toHaveText('Tracking plan v1 says: events page_view, sign_up');
});

/** A website with its collector details, added through the UI. */
async function addWebsite(page: Page, name: string): Promise<{ domain: string; measurementId: string; siteKey: string }> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const domain = `${name.toLowerCase().replace(/[^a-z]+/g, '-')}-${suffix}.example.com`;
  const measurementId = `G-UI${suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 8)}`;
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name, domain, measurementIds: measurementId });
  return { domain, measurementId, siteKey: await websites.siteKey() };
}

const PLAN_CSV = 'event,parameter,scope,type,required,allowed values,description\npurchase,currency,event,string,yes,EUR|USD,\npurchase,value,event,number,yes,,\npage_view,,,,,,\n';

test('owners import and export plan files, set severities and share the plan with another website', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpAndConfirm(page, 'plan-ui', 'pro');
  await addWebsite(page, 'UI shop');
  // The website added last is the current one: the plan page shows its plan.
  const shop = await addWebsite(page, 'UI outlet');
  // One hit, so "Create the plan from traffic" has something to propose.
  const params = new URLSearchParams({ v: '2', tid: shop.measurementId, cid: '584335997.1746564151', sid: '1749196701', sct: '1', seg: '1', _s: '1', dl: `https://${shop.domain}/`, en: 'page_view', _et: '12' });
  const hit = await page.request.post(`/g/collect?site=${shop.siteKey}&${params.toString()}`, { headers: { origin: `https://${shop.domain}`, 'content-type': 'text/plain' }, data: '' });
  expect(hit.status()).toBe(200);

  const plan = new TrackingPlanPage(page);
  await plan.goto();
  await plan.createFromTraffic();

  // A CSV with an unknown type: the server refuses it whole and the toast says why.
  await plan.importFile('CSV spreadsheet', 'bad.csv', 'event,parameter,scope,type,required\npurchase,value,event,float,yes\n');
  await expect(toast(page, 'Import failed')).toContainText('The plan file was not imported: CSV row 2: unknown type "float" for "value" (string, integer, number or boolean)');
  await expect(plan.event('purchase')).toHaveCount(0);

  await plan.importFile('CSV spreadsheet', 'plan.csv', PLAN_CSV);
  await expect(toast(page, 'File imported')).toContainText('plan.csv: The draft now holds 2 events and 2 parameters.');
  await expect(plan.parameter('purchase.currency')).toBeVisible();

  const csv = await plan.exportFile('CSV spreadsheet');
  expect(csv.name).toMatch(/\.csv$/);
  expect(csv.text).toContain('purchase,currency,event,string,yes,EUR|USD');
  const bundle = await plan.exportFile('JSON Schema bundle');
  expect(JSON.parse(bundle.text)).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', events: { purchase: { required: ['currency', 'value'] } } });

  await plan.importFile('GA4 custom definitions', 'definitions.json', JSON.stringify({ customDimensions: [{ parameterName: 'plan_tier', scope: 'EVENT' }] }));
  // Found by its message: the CSV import's toast, also titled "File imported", may still be leaving.
  await expect(toast(page, '1 custom definition registered.')).toContainText('File imported');
  expect(JSON.parse((await plan.exportFile('GA4 custom definitions')).text)).toEqual({ customDimensions: [{ parameterName: 'plan_tier', scope: 'EVENT' }], customMetrics: [] });

  // Severity per finding kind: kept after a reload.
  await expect(plan.severity('Event not in the tracking plan')).toHaveValue('warning');
  await plan.severity('Event not in the tracking plan').selectOption('error');
  await plan.severity('Sent but not registered in GA4').selectOption('off');
  await plan.saveSeverities();
  await expect(toast(page, 'Severities saved')).toBeVisible();

  // Sharing: the current website follows the plan; the other one joins it.
  await expect(plan.sharedWith()).toHaveCount(2);
  await expect(plan.sharedWith(true)).toHaveCount(1);
  await plan.sharedWith(false).check();
  await plan.saveWebsites();
  await expect(toast(page, 'Websites updated')).toBeVisible();

  await page.reload();
  await expect(plan.severity('Event not in the tracking plan')).toHaveValue('error');
  await expect(plan.severity('Sent but not registered in GA4')).toHaveValue('off');
  await expect(page.getByRole('checkbox', { name: 'UI shop' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'UI outlet' })).toBeChecked();
});

test('the public validation page checks a pasted tracking plan in the browser, under the CSP', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  const validation = new ValidationPageModel(page);
  await validation.goto();
  await validation.pastePlan(PLAN_CSV);
  const body = JSON.stringify({ client_id: '1.2', events: [{ name: 'purchase', params: { currency: 'eur', value: 10, coupon: 'X' } }] });
  await validation.validateCapture(body);
  await expect(page.getByTestId('validation-plan-summary')).toHaveText('Checked against the pasted tracking plan (draft): 2 events, 2 parameters.');
  await expect(validation.finding('plan.value_not_allowed')).toContainText('"purchase" sends "eur" as the parameter "currency", which the plan does not allow.');
  await expect(validation.finding('plan.unplanned_parameter')).toContainText('"coupon"');

  // A plan that cannot be used says why, and nothing is validated.
  await validation.pastePlan('event,parameter,scope,type,required\npurchase,value,event,float,yes\n');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByTestId('validation-plan-error')).toContainText('unknown type "float"');
  await expect(validation.results).toHaveCount(0);
  // The interpreter needs no eval: the page's Content-Security-Policy refused nothing.
  expect(problems.filter((p) => /Content Security Policy|unsafe-eval|EvalError/i.test(p))).toEqual([]);
});
