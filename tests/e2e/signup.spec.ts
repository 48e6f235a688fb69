import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { SignupPage } from './pages/signup-page';
import { Mailbox } from './support/mailbox';
import { newAccount } from './support/test-data';
import { signUpAndConfirm } from './support/flows';

test('sign up, confirm the email, sign in, see the organization, log out', async ({ page, browser }) => {
  const account = newAccount('signup');

  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp(account);
  await expect(toast(page, 'Account created!')).toContainText('Please check your email to verify your account.');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  // The user opens the confirmation link from their mail client, in another browser.
  const link = await new Mailbox(page.request).verificationLinkFor(account.email);
  const mailClient = await browser.newContext();
  try {
    const linkPage = await mailClient.newPage();
    await linkPage.goto(link);
    await expect(linkPage).toHaveURL(/\/verify-email/);
    await expect(linkPage.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  } finally {
    await mailClient.close();
  }

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account.email, account.password);
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  const shell = new AppShell(page);
  await shell.expectPage('Dashboard');
  await expect(shell.avatar).toHaveText(account.initials);
  await expect(shell.planBadge).toHaveText('FREE');
  await expect(shell.navigation.getByRole('link', { name: 'Requests' })).toBeVisible();

  await shell.logOut();
  await login.expectShown();
  await expect(toast(page, 'Signed out')).toBeVisible();

  // Signed out, the app is closed again.
  await page.goto('/app/dashboard');
  await login.expectShown();
});

test('a confirmation link opened in the same browser shows the confirmation, then the dashboard', async ({ page }) => {
  const account = newAccount('samebrowser');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.signUp(account);
  await expect(toast(page, 'Account created!')).toBeVisible();

  await page.goto(await new Mailbox(page.request).verificationLinkFor(account.email));
  await expect(page).toHaveURL(/\/verify-email/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to dashboard' }).click();

  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const shell = new AppShell(page);
  await shell.expectPage('Dashboard');
  await expect(shell.avatar).toHaveText(account.initials);
});

test('guards: signed-out /app goes to /login, unknown paths go home, /auth/login goes to /login', async ({ page }) => {
  await page.goto('/app/requests');
  await new LoginPage(page).expectShown();

  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth/login');
  await new LoginPage(page).expectShown();
});

test('sign-up refuses a taken organization slug and explains bad input', async ({ page }) => {
  const existing = await signUpAndConfirm(page, 'slugowner');
  await new AppShell(page).logOut();
  await new LoginPage(page).expectShown();

  const signup = new SignupPage(page);
  await signup.goto();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Organization name is required')).toBeVisible();

  await signup.signUp({ ...newAccount('slugtaken'), organizationSlug: existing.organizationSlug });
  await expect(page.getByText('Organization slug already exists')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
});

test('a signed-in visitor opening the prerendered /login is sent on to the dashboard', async ({ page }) => {
  await signUpAndConfirm(page, 'prerendered-login');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
