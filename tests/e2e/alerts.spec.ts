import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { chooseOption } from './pages/select';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm } from './support/flows';
import { sendHit } from './support/hits';

interface Received {
  signature: string;
  body: string;
}

/** A webhook receiver on 127.0.0.1, as a customer's endpoint would be. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({ signature: String(req.headers['x-tracklint-signature'] ?? ''), body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tracklint`, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

function signedBy(r: Received, secret: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature);
  return Boolean(m) && createHmac('sha256', secret).update(`${m![1]}.${r.body}`).digest('hex') === m![2];
}

// Long waits are for the server's minute; a control that cannot be used should fail fast.
test.use({ actionTimeout: 15_000 });

test('an alert rule with a webhook: bad hits open an alert, it is acknowledged, good hits resolve it', async ({ page }) => {
  // The server evaluates once a minute on its own: opening and resolving each take up to about a minute.
  test.setTimeout(300_000);
  const receiver = await startReceiver();
  try {
    await signUpAndConfirm(page, 'alerts', 'starter');
    const suffix = Date.now().toString(36);
    const domain = `alerts-${suffix}.example.com`;
    const measurementId = 'G-AL' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
    const websites = new WebsitesPage(page);
    await websites.gotoAdd();
    await websites.add({ name: 'Alert Shop', domain, measurementIds: measurementId });
    const siteKey = await websites.siteKey();

    // A webhook channel: its signing secret is shown once.
    await page.goto('/app/alerts?tab=channels');
    await page.getByRole('button', { name: 'New channel' }).click();
    const channelForm = page.getByRole('dialog', { name: 'New channel' });
    await channelForm.getByRole('textbox', { name: 'Name' }).fill('Ops webhook');
    await chooseOption(page, 'Type', 'Webhook (signed JSON)', channelForm);
    await channelForm.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiver.url);
    await channelForm.getByRole('button', { name: 'Save channel' }).click();
    const secret = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('alert-channel').filter({ hasText: 'Ops webhook' })).toContainText('http://127.0.0.1:');

    // A rule for this website that sends to the webhook.
    await page.getByRole('tab', { name: 'Rules' }).click();
    await page.getByRole('button', { name: 'New rule' }).click();
    const ruleForm = page.getByRole('dialog', { name: 'New alert rule' });
    await ruleForm.getByRole('textbox', { name: 'Name' }).fill('Half the hits fail');
    await ruleForm.getByLabel('Alert above (%)').fill('50');
    await ruleForm.getByLabel('Over the last (minutes)').fill('30');
    await ruleForm.getByLabel('Only with at least (requests)').fill('1');
    await chooseOption(page, 'Websites', 'Alert Shop', ruleForm);
    await ruleForm.getByRole('combobox', { name: 'Notify' }).click();
    await page.getByRole('option', { name: 'Ops webhook' }).click();
    // Closes the channel list, which stays open for more choices and covers the buttons.
    await ruleForm.getByRole('textbox', { name: 'Name' }).click();
    await ruleForm.getByRole('button', { name: 'Save rule' }).click();
    await expect(ruleForm).toBeHidden();
    await expect(page.getByTestId('alert-rule').filter({ hasText: 'Half the hits fail' })).toContainText('Alert above 50%');

    // Bad hits: every one fails validation (no client ID).
    for (let i = 0; i < 3; i++) await sendHit(page, siteKey, domain, measurementId, 'withoutClientId');
    await page.getByRole('tab', { name: /^Alerts/ }).click();
    const alert = page.getByTestId('open-alerts').getByTestId('alert-row').filter({ hasText: 'Alert Shop: 100% of requests fail validation' });
    await expect(alert).toBeVisible({ timeout: 150_000 });
    await expect(alert).toHaveAttribute('data-status', 'open');
    await expect(alert.getByRole('link', { name: 'See the requests' })).toHaveAttribute('href', /\/app\/requests\?website=.*&status=fail&range=1h/);
    await expect.poll(() => receiver.received.find((r) => r.body.includes('"alert.opened"')) !== undefined, { timeout: 30_000 }).toBe(true);
    expect(signedBy(receiver.received.find((r) => r.body.includes('"alert.opened"'))!, secret)).toBe(true);

    await alert.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(alert).toHaveAttribute('data-status', 'acknowledged');
    await expect(alert).toContainText('acknowledged');

    // Good hits bring the failure rate below half: the alert resolves by itself.
    for (let i = 0; i < 4; i++) await sendHit(page, siteKey, domain, measurementId, 'longParam');
    await page.getByRole('tab', { name: 'History' }).click();
    const resolved = page.getByTestId('resolved-alerts').getByTestId('alert-row').filter({ hasText: 'Alert Shop' });
    await expect(resolved).toBeVisible({ timeout: 150_000 });
    await expect(resolved).toContainText('resolved');
    await expect(resolved).toContainText('automatically');
    await expect.poll(() => receiver.received.some((r) => r.body.includes('"alert.resolved"') && signedBy(r, secret)), { timeout: 30_000 }).toBe(true);
    await expect(page.getByTestId('alert-deliveries').getByTestId('alert-delivery').first()).toBeVisible();
  } finally {
    await receiver.close();
  }
});
