import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { OrganizationPage } from './pages/organization-page';
import { signUpAndConfirm } from './support/flows';

test('Switch Account moves between two organizations; avatar and plan badge follow', async ({ page }) => {
  const owner = await signUpAndConfirm(page, 'switcher', 'pro');
  const shell = new AppShell(page);
  await expect(shell.avatar).toHaveText('AA');
  await expect(shell.planBadge).toHaveText('PRO');

  const organization = new OrganizationPage(page);
  // One free trial per person (issue 26): the Pro sign-up used it, so a second paid plan is refused.
  await organization.create({ name: 'Beta Labs', slug: `beta-${owner.organizationSlug}`, plan: 'Starter' });
  await expect(page.getByText(/free trial has already been used/).first()).toBeVisible();
  await organization.create({ name: 'Beta Labs', slug: `beta-${owner.organizationSlug}`, plan: 'Free' });
  await expect(toast(page, 'Organization created')).toBeVisible();
  await shell.expectPage('Dashboard');
  await expect(shell.avatar).toHaveText('BL');
  await expect(shell.planBadge).toHaveText('FREE');

  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: 'Switch Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch account' });
  await expect(dialog.getByRole('button', { name: /Beta Labs/ })).toContainText('owner');
  await expect(dialog.getByRole('button', { name: /Beta Labs/ })).toContainText('FREE');
  await dialog.getByRole('button', { name: /Acme Analytics/ }).click();
  await expect(toast(page, 'Organization switched')).toBeVisible();
  await expect(shell.avatar).toHaveText('AA');
  await expect(shell.planBadge).toHaveText('PRO');

  // The choice is remembered across reloads.
  await page.reload();
  await shell.expectPage('Dashboard');
  await expect(shell.avatar).toHaveText('AA');

  // A taken slug is refused before anything is created.
  await organization.create({ name: 'Gamma', slug: owner.organizationSlug, plan: 'Free' });
  await expect(page.getByText('Organization slug already exists')).toBeVisible();
  await expect(shell.avatar).toHaveText('AA');
});

test('the owner renames the organization, then deletes it with a typed confirmation', async ({ page }) => {
  await signUpAndConfirm(page, 'renamer');
  const shell = new AppShell(page);
  await shell.openUserMenu();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  const organization = new OrganizationPage(page);
  await expect(page).toHaveURL(/\/app\/organization$/);
  await expect(page.getByTestId('organization-plan')).toContainText('Free');
  await expect(page.getByTestId('organization-role')).toHaveText('Owner');

  await organization.rename('Zeta Works');
  await expect(toast(page, 'Organization updated')).toBeVisible();
  await expect(shell.avatar).toHaveText('ZW');

  await organization.deleteOrganization('Zeta Works');
  await expect(toast(page, 'Organization deleted')).toBeVisible();
  // It was the only one: the account-setup screen follows.
  await expect(page.getByRole('heading', { name: 'Set up your account' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create My First Account' })).toBeVisible();
});
