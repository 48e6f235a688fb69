import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { LoginPage } from './pages/login-page';
import { chooseOption } from './pages/select';
import { TeamPage } from './pages/team-page';
import { signUpAndConfirm } from './support/flows';
import { restAs } from './support/rest';

test('usage alerts: a free plan at its team limit sees it on the team page, not in a banner on every page', async ({ page }) => {
  await signUpAndConfirm(page, 'usage');
  const shell = new AppShell(page);
  await shell.expectPage('Dashboard');
  // 1 of 1 members is the free plan's normal state: once usage has loaded (the dashboard's usage
  // card shows it), no banner repeats it on every page; it is shown where the team is managed.
  await expect(page.getByTestId('usage-websites')).toContainText('0 / 1');
  await expect(page.getByTestId('usage-alert-banner')).toHaveCount(0);

  const team = new TeamPage(page);
  await team.goto();
  const alert = page.getByTestId('usage-alerts').getByTestId('usage-alert');
  await expect(alert).toContainText('You have used 100% of your team members (1 of 1).');
  // Being at the limit refuses nothing yet: information, not a red "Plan limit reached" (issue 10, defect 2).
  await expect(alert).toHaveAttribute('data-severity', 'info');
  await expect(alert).toContainText('At your plan limit');
  await expect(alert).not.toContainText('Plan limit reached');
  await expect(alert.getByRole('link', { name: 'View plans and billing' })).toHaveAttribute('href', '/app/billing');
  await expect(page.getByTestId('team-limit')).toHaveText('Team members: 1 of 1 on your plan.');
  await expect(page.getByTestId('team-limit-reached')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeDisabled();
});

test('billing: a gated feature opens the plans with the required one highlighted; paid plans go to Stripe Checkout, Enterprise to sales', async ({ page }) => {
  await signUpAndConfirm(page, 'billing');
  const shell = new AppShell(page);
  await shell.navigation.getByRole('link', { name: /Custom rules/ }).click();
  await expect(page).toHaveURL(/\/app\/billing\?upgrade=pro&feature=custom_rules&source=sidebar&current=free$/);
  await shell.expectPage('Billing & Plans');
  await expect(page.getByTestId('billing-upgrade-request')).toContainText('Custom Rules requires the Pro plan (you are on Free).');

  const current = page.getByTestId('billing-current-plan');
  await expect(current).toContainText('No trial');
  await expect(current).toContainText('$0.00');

  const pro = page.getByTestId('plan-card-pro');
  await expect(pro).toHaveAttribute('data-kind', 'required');
  await expect(pro).toContainText('$99.00');
  await expect(pro).toContainText('Websites: Unlimited');
  await expect(pro.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByTestId('plan-card-enterprise').getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', /^mailto:/);
  await expect(page.getByTestId('plan-card-free')).toContainText('Current plan');
  await expect(page.getByTestId('plan-card-free').locator('a, button')).toHaveCount(0);
  // Plans are listed cheapest first.
  await expect(page.locator('[data-testid^="plan-card-"]')).toHaveCount(4);
  await expect(page.locator('[data-testid^="plan-card-"]').first()).toHaveAttribute('data-testid', 'plan-card-free');
  await expect(page.getByText('No invoices yet.')).toBeVisible();
});

test('settings: the user renames themself and changes their password', async ({ page }) => {
  const account = await signUpAndConfirm(page, 'settings');
  const shell = new AppShell(page);
  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  await shell.expectPage('Settings');
  const profile = page.getByRole('form', { name: 'Profile' });
  await expect(profile.getByRole('textbox', { name: 'Full name' })).toHaveValue(account.fullName);
  await profile.getByRole('textbox', { name: 'Full name' }).fill('Erin Renamed');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await page.reload();
  await expect(profile.getByRole('textbox', { name: 'Full name' })).toHaveValue('Erin Renamed');

  const password = page.getByRole('form', { name: 'Change password' });
  const newPassword = `${account.password}-2`;
  await password.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
  await password.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
  await password.getByRole('button', { name: 'Update password' }).click();
  await expect(toast(page, 'Password updated')).toBeVisible();

  await shell.logOut();
  const login = new LoginPage(page);
  await login.expectShown();
  await login.signIn(account.email, newPassword);
  // Signed in again (back on the page the sign-out started from).
  await expect(page).toHaveURL(/\/app\//);
  await expect(shell.avatar).toHaveText(account.initials);
});

test('the top bar switches between the organization’s websites and remembers the choice', async ({ page }) => {
  await signUpAndConfirm(page, 'websites', 'pro');
  const rest = await restAs(page);
  const [organization] = await rest.get<{ id: string }[]>('organizations?select=id');
  await rest.insert('websites', { organization_id: organization!.id, name: 'Shop', domain: 'shop.example.com' });
  await rest.insert('websites', { organization_id: organization!.id, name: 'Blog', domain: 'blog.example.com' });

  await page.reload();
  const switcher = page.getByRole('combobox', { name: 'Current website' });
  // Newest first: the blog is selected until the user picks another.
  await expect(switcher).toHaveValue('Blog');
  await chooseOption(page, 'Current website', 'Shop');
  await expect(toast(page, 'Website switched')).toBeVisible();
  await expect(switcher).toHaveValue('Shop');
  await page.reload();
  await expect(switcher).toHaveValue('Shop');
});
