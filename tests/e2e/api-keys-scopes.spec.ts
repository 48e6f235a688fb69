import { expect, test } from '@playwright/test';
import { ApiKeysPageModel } from './pages/api-keys-page';
import { WebsitesPage } from './pages/websites-page';
import { signUpAndConfirm } from './support/flows';

// Issue 27: the creator chooses a key's scopes and websites; the keys page shows them and the key's last use.
test('an API key with the read scope limited to one website: listed with its scopes, used by the API, last use shown', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpAndConfirm(page, 'apikeys', 'pro');
  const suffix = Date.now().toString(36);
  const websites = new WebsitesPage(page);
  for (const name of ['Shop', 'Blog']) {
    await websites.gotoAdd();
    await websites.add({ name, domain: `${name.toLowerCase()}-${suffix}.example.com`, measurementIds: '' });
  }

  const apiKeys = new ApiKeysPageModel(page);
  await apiKeys.goto();
  const key = await apiKeys.create('BI dashboard', { scopes: ['Read'], websites: ['Shop'] });
  const row = apiKeys.rows.first();
  await expect(row).toContainText('read');
  await expect(row).not.toContainText('collect');
  await expect(row).toContainText('1 website');
  await expect(row).toContainText('Never');

  // The key reads the API and sees only the website it is limited to.
  const res = await page.request.get('/api/v1/websites', { headers: { authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  expect(((await res.json()) as { data: Array<{ name: string }> }).data.map((w) => w.name)).toEqual(['Shop']);
  const write = await page.request.post('/api/v1/websites', { headers: { authorization: `Bearer ${key}` }, data: { name: 'X', domain: `x-${suffix}.example.com` } });
  expect(write.status()).toBe(403);

  await page.reload();
  await expect(apiKeys.rows.first()).not.toContainText('Never');
});
