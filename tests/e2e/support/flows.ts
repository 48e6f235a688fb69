import { expect, type Page } from '@playwright/test';
import { AppShell, toast } from '../pages/app-shell';
import { SignupPage } from '../pages/signup-page';
import { WebsitesPage } from '../pages/websites-page';
import { sendHit } from './hits';
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

/** Adds a website and sends it one hit without a client id (one error): a request log with one failing row. */
export async function websiteWithOneFailingHit(page: Page, label: string, name: string): Promise<void> {
  const suffix = Date.now().toString(36);
  const domain = `${label}-${suffix}.example.com`;
  const measurementId = `G-${label.toUpperCase().replace(/[^A-Z0-9]/g, '')}${suffix.toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 16);
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name, domain, measurementIds: measurementId });
  await sendHit(page, await websites.siteKey(), domain, measurementId, 'withoutClientId');
}

/** A website with a failing and a warning hit, so logs, charts and alerts have something to show. */
export async function addWebsiteWithHits(page: Page): Promise<{ name: string; siteKey: string; domain: string; measurementId: string }> {
  const suffix = Date.now().toString(36);
  const domain = `a11y-${suffix}.example.com`;
  const measurementId = 'G-A11Y' + suffix.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 10);
  const websites = new WebsitesPage(page);
  await websites.gotoAdd();
  await websites.add({ name: 'A11y Shop', domain, measurementIds: measurementId });
  const siteKey = await websites.siteKey();
  await sendHit(page, siteKey, domain, measurementId, 'withoutClientId');
  await sendHit(page, siteKey, domain, measurementId, 'longParam');
  return { name: 'A11y Shop', siteKey, domain, measurementId };
}
