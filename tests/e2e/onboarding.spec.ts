import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { Mailbox } from './support/mailbox';
import { newAccount } from './support/test-data';

test('a user without an organization gets the account-setup screen and can create a first account', async ({ page }) => {
  // An account created without organization details (e.g. by another client): no setup runs.
  const account = newAccount('onboarding');
  const config = (await (await page.request.get('/config.json')).json()) as { supabaseAnonKey: string };
  const signup = await page.request.post('/auth/v1/signup', {
    headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` },
    data: { email: account.email, password: account.password },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const confirm = await page.request.get(await new Mailbox(page.request).verificationLinkFor(account.email), { maxRedirects: 0 });
  expect(confirm.status()).toBeLessThan(400);

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(page.getByText('No organizations found. Please create an organization first.')).toBeVisible();

  await page.getByRole('button', { name: 'Create My First Account' }).click();
  await expect(toast(page, 'Organization created')).toBeVisible();
  const shell = new AppShell(page);
  await shell.expectPage('Dashboard');
  await expect(shell.avatar).toHaveText('MA');
  await expect(shell.planBadge).toHaveText('FREE');
});
