import { expect, type Page } from '@playwright/test';
import { AppShell, toast } from '../pages/app-shell';
import { SignupPage } from '../pages/signup-page';
import { Mailbox } from './mailbox';
import { newAccount, type TestAccount } from './test-data';

/**
 * Signs a new user up through the UI and follows the confirmation link in the same browser,
 * ending signed in on the dashboard with the organization set up.
 */
export async function signUpAndConfirm(page: Page, label: string, plan: TestAccount['plan'] = 'free'): Promise<TestAccount> {
  const account = newAccount(label, plan);
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp(account);
  await expect(toast(page, 'Account created!')).toBeVisible();
  await page.goto(await new Mailbox(page.request).verificationLinkFor(account.email));
  await page.getByRole('link', { name: 'Continue to dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await new AppShell(page).expectPage('Dashboard');
  return account;
}
