import { expect, test } from '@playwright/test';
import { toast } from './pages/app-shell';
import { RequestsPage } from './pages/requests-page';
import { TrackingPlanPage } from './pages/tracking-plan-page';
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
