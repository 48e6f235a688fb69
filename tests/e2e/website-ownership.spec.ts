import http from 'node:http';
import { expect, test } from '@playwright/test';
import { toast } from './pages/app-shell';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm } from './support/flows';

// Issue 26 item 8 in the browser: an owner publishes the ownership token on the domain and asks for
// the check from the install panel. The domain is a loopback site this test serves on the port the
// e2e server fetches verification files from (E2E_VERIFY_SITE_PORT, see playwright.config.ts).

let site: http.Server;
let publishedToken: string | undefined;

test.beforeAll(async () => {
  site = http.createServer((req, res) => {
    const found = req.url === '/.well-known/tracklint-verification.txt' && publishedToken !== undefined;
    res.statusCode = found ? 200 : 404;
    res.end(found ? publishedToken : 'not found');
  });
  await new Promise<void>((resolve) => site.listen(Number(process.env.E2E_VERIFY_SITE_PORT), '127.0.0.1', resolve));
});

test.afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

test('an owner verifies a website from the install panel once the domain publishes its token', async ({ page }) => {
  await signUpAndConfirm(page, 'ownership');
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'Loopback shop', domain: '127.0.0.1', measurementIds: 'G-OWNER0001' });
  const ownership = websites.installPanel.getByTestId('ownership-section');
  const token = (await ownership.getByTestId('verification-token').textContent())?.trim() ?? '';
  expect(token).toMatch(/^tracklint-[0-9a-f]{64}$/);

  // Nothing published yet: the check fails and says what to publish; the status stays Pending.
  await ownership.getByRole('button', { name: 'Verify ownership' }).click();
  await expect(toast(page, 'Not verified yet')).toContainText(`tracklint-verification=${token}`);
  await expect(websites.installPanel.getByTestId('verification-status')).toHaveAttribute('data-status', 'pending');

  publishedToken = token;
  await ownership.getByRole('button', { name: 'Verify ownership' }).click();
  await expect(toast(page, 'Website verified')).toBeVisible();
  await expect(websites.installPanel.getByTestId('verification-status')).toHaveAttribute('data-status', 'verified');
  await expect(ownership).toHaveCount(0);
  await websites.gotoList();
  await expect(websites.row('127.0.0.1').getByTestId('verification-status')).toHaveAttribute('data-status', 'verified');
});
