import { expect, test } from '@playwright/test';
import { signUpAndConfirm } from './support/flows';

/**
 * Public marketing pages are prerendered HTML and CSS with one small script (issue 23, speed on a
 * phone): they do not start the app, yet they keep what the app did for them: their title, the
 * phone menu, and the dashboard for a signed-in visitor.
 */

test('a static public page loads one small script, has its own title and a working phone menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing · Tracklint');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('load');
  expect(scripts, 'the scripts /pricing loads').toEqual([expect.stringMatching(/^\/assets\/public-page-[\w-]+\.js$/)]);

  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  await expect(page.getByRole('banner').getByRole('link', { name: 'Docs' })).toBeHidden();
  await menuButton.click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Docs' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

test('a signed-in visitor opening a static public page is sent on to the dashboard', async ({ page }) => {
  await signUpAndConfirm(page, 'static-redirect');
  for (const path of ['/', '/pricing', '/docs']) {
    await page.goto(path);
    await expect(page, `${path} sends a signed-in visitor on`).toHaveURL(/\/app\/dashboard$/);
  }
});
