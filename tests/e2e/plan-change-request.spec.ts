import { expect, test, type Page } from '@playwright/test';
import { AppShell } from './pages/app-shell';
import { BillingPage } from './pages/billing-page';
import { signUpAndConfirm } from './support/flows';
import { createSuperAdmin, signInSuperAdmin } from './support/super-admin';

/**
 * The e2e server runs with a Stripe stand-in; a self-hosted server without Stripe differs to the
 * browser only in /config.json's billingEnabled, so the real answer is taken with that turned off.
 */
async function withoutStripe(page: Page) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), billingEnabled: false } });
  });
}

test('without Stripe, "Upgrade to Starter" leads to a plan change request that a super admin approves (issue 23, defect 5)', async ({ page, browser }) => {
  // Two people, two areas (customer and console) in one story on a shared machine: more than a minute.
  test.setTimeout(150_000);
  await withoutStripe(page);
  const customer = await signUpAndConfirm(page, 'plan-request');
  const shell = new AppShell(page);

  await page.goto('/app/rules/advanced');
  await shell.expectPage('Advanced Rules Requires Starter Plan');
  await page.getByRole('link', { name: 'Upgrade to Starter' }).click();
  await shell.expectPage('Billing & Plans');

  // Who changes plans on this server, and how.
  const panel = page.getByTestId('billing-plan-requests');
  await expect(panel).toContainText('plans are changed by its super admins');
  await expect(panel).toContainText(`Organizations → ${customer.organizationName} → Change plan`);

  const billing = new BillingPage(page);
  await billing.planCard('starter').getByRole('button', { name: 'Ask for Starter' }).click();
  await expect(page.getByTestId('billing-plan-request-state')).toContainText('You asked for Starter');
  await expect(page.getByTestId('billing-plan-request-state')).toContainText('Waiting for an administrator of this server.');
  // One open request per organization.
  await expect(billing.planCard('pro').getByRole('button', { name: 'Ask for Pro' })).toBeDisabled();

  const adminEmail = createSuperAdmin('plan');
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signInSuperAdmin(admin, adminEmail);
  await expect(admin.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await admin.goto('/super-admin/organizations');
  const requests = admin.getByRole('region', { name: 'Plan change requests' });
  const row = requests.getByRole('row').filter({ hasText: customer.organizationName });
  await expect(row).toContainText('Free → Starter');
  await expect(row).toContainText(customer.email);
  await row.getByRole('button', { name: `Approve Starter for ${customer.organizationName}` }).click();
  await admin.getByRole('dialog').getByLabel('Reason').fill('Invoice paid by bank transfer');
  await admin.getByRole('dialog').getByRole('button', { name: 'Change plan to Starter' }).click();
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(requests).toBeHidden();
  await context.close();

  await page.reload();
  await shell.expectPage('Billing & Plans');
  await expect(page.getByTestId('billing-plan-request-state')).toContainText('Your request for Starter was approved');
  await expect(billing.planCard('starter')).toContainText('Current plan');
});
