import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { signUpAndConfirm } from './support/flows';
import { Mailbox } from './support/mailbox';

test('a reset link reaches the new-password form, and the new password signs in', async ({ page }) => {
  const account = await signUpAndConfirm(page, 'reset');
  const shell = new AppShell(page);
  await shell.logOut();
  const login = new LoginPage(page);
  await login.expectShown();

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(toast(page, 'Reset email sent')).toBeVisible();

  // The link signs the user in for recovery; the signed-in redirect must not skip the form.
  await page.goto(await new Mailbox(page.request).verificationLinkFor(account.email, 'recovery'));
  await expect(page).toHaveURL(/\/reset-password/);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  const newPassword = `${account.password}-new`;
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('something-else');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  await shell.logOut();
  await login.expectShown();
  await login.signIn(account.email, account.password);
  await expect(toast(page, 'Sign in failed')).toBeVisible();
  await login.signIn(account.email, newPassword);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
