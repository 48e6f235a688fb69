import { expect, test } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { signUpAndConfirm } from './support/flows';

test('the shell adapts to the window: expanded, collapsed on laptop, drawer on mobile', async ({ page }) => {
  await signUpAndConfirm(page, 'shell');
  const shell = new AppShell(page);

  // 1440px (high-res laptop): expanded sidebar with labels; the toggle collapses it to icons.
  await expect(shell.navigation.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(shell.navigation.getByText('Monitoring')).toBeVisible();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(shell.navigation).toHaveCSS('width', '80px');
  await expect(page.getByTestId('live-region')).toHaveText('Sidebar collapsed');

  // 1280px (laptop): collapsed by default; the toggle expands it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expect(shell.navigation).toHaveCSS('width', '80px');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  await expect(shell.navigation).toHaveCSS('width', '256px');

  // 375px (mobile): no fixed sidebar; the menu button opens the drawer.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(shell.navigation).toHaveCount(0);
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await shell.navigation.getByRole('link', { name: 'Requests' }).click();
  await expect(page).toHaveURL(/\/app\/requests$/);
  await shell.expectPage('Requests');
  await expect(shell.navigation).toHaveCount(0);
});

test('rules: /app/rules opens basic, a free plan sees the upgrade panel and gated links', async ({ page }) => {
  await signUpAndConfirm(page, 'rules');
  const shell = new AppShell(page);

  await page.goto('/app/rules');
  await expect(page).toHaveURL(/\/app\/rules\/basic$/);
  await shell.expectPage('Basic rules');

  await page.goto('/app/rules/custom');
  await shell.expectPage('Custom Rules Requires Pro Plan');
  await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute('href', '/app/billing');
  await page.getByRole('link', { name: 'Back to Basic Rules' }).click();
  await expect(page).toHaveURL(/\/app\/rules\/basic$/);

  await shell.navigation.getByRole('link', { name: /Advanced rules/ }).click();
  await expect(page).toHaveURL(/\/app\/billing\?upgrade=starter&feature=advanced_rules&source=sidebar&current=free$/);
  await expect(page.getByTestId('billing-upgrade-request')).toContainText('Advanced Rules requires the Starter plan (you are on Free).');
});

test('the owner sees every user-menu entry; skip links move focus', async ({ page }) => {
  await signUpAndConfirm(page, 'menu');
  const shell = new AppShell(page);

  await shell.openUserMenu();
  const items = page.getByRole('menuitem');
  await expect(items).toHaveText([
    'Switch Account',
    'User Settings',
    'Account Settings',
    'Team Management',
    /API Keys\s*PRO/,
    'Billing & Plans',
    'Log out',
  ]);
  await page.getByRole('menuitem', { name: 'Billing & Plans' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);

  // A fresh load puts focus at the top of the document.
  await page.reload();
  await shell.expectPage('Billing & Plans');
  await page.keyboard.press('Tab');
  const skipToMain = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skipToMain).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
