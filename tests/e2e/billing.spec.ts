import { expect, test } from '@playwright/test';
import { AppShell, toast } from './pages/app-shell';
import { Mailbox } from './support/mailbox';
import { newAccount } from './support/test-data';
import { E2E_STRIPE_WEBHOOK_SECRET, e2eStripePort } from './support/stripe-settings';
import { stripeRequests } from '../support/stripe-stand-in';
import { envelope, invoice, postSignedEvent, subscription } from '../support/stripe-events';

// The e2e server's billing talks to a local Stripe stand-in (tests/support/stripe-stand-in.ts):
// Stripe's servers cannot be reached from here. Checkout lands on the stand-in's page, and the
// webhook events Stripe would send are signed with the Stripe SDK's own test-header helper.
test('from the pricing page: a Pro trial without a card, Stripe Checkout, then a signed webhook makes it active with an invoice', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const account = newAccount('billing-pro', 'pro');
  await page.goto('/pricing');
  await page.getByRole('link', { name: 'Start with Pro: Pro plan' }).click();
  await expect(page).toHaveURL(/\/signup\?plan=pro$/);
  await expect(page.getByTestId('signup-trial-note')).toContainText('14-day free trial, no card needed');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill(account.fullName);
  await page.getByRole('textbox', { name: 'Organization name', exact: true }).fill(account.organizationName);
  await page.getByRole('textbox', { name: 'Organization slug', exact: true }).fill(account.organizationSlug);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page, 'Account created!')).toBeVisible();
  await page.goto(await new Mailbox(page.request).verificationLinkFor(account.email));
  await page.getByRole('link', { name: 'Continue to dashboard' }).click();
  await expect(page.getByTestId('plan-badge')).toHaveText('PRO');

  await page.goto('/app/billing');
  await new AppShell(page).expectPage('Billing & Plans');
  const current = page.getByTestId('billing-current-plan');
  await expect(current).toContainText('Trialing · 14 days left');
  await page.getByTestId('plan-card-pro').getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe Checkout (local stand-in)' })).toBeVisible();
  expect(page.url()).toContain(`127.0.0.1:${e2eStripePort()}/checkout/cs_test_`);

  // What Stripe would send once the customer paid.
  const standIn = `http://127.0.0.1:${e2eStripePort()}`;
  const session = (await stripeRequests(standIn)).filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
  expect(session.params['line_items[0][price]']).toBe('price_pro_test');
  const orgId = session.params.client_reference_id!;
  const customer = session.params.customer!;
  const sub = `sub_e2e${Date.now().toString(36)}`;
  const post = (event: Record<string, unknown>) => postSignedEvent(baseURL!, event, E2E_STRIPE_WEBHOOK_SECRET);
  expect((await post(envelope('checkout.session.completed', { id: 'cs_test_e2e', object: 'checkout.session', mode: 'subscription', client_reference_id: orgId, customer, subscription: sub }))).status).toBe(200);
  expect((await post(envelope('customer.subscription.created', subscription({ id: sub, orgId, customer, status: 'active', plan: 'pro' })))).status).toBe(200);
  expect((await post(envelope('invoice.paid', invoice({ id: `in_e2e${Date.now().toString(36)}`, orgId, customer, subscription: sub, status: 'paid', amountDue: 9900, amountPaid: 9900 })))).status).toBe(200);

  await page.goto('/app/billing?checkout=success');
  await expect(toast(page, 'Subscription started')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(current).toContainText('Active');
  await expect(current).toContainText('$99.00 / month');
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row')).toHaveCount(2);
  await expect(invoices).toContainText('Paid');
  await expect(invoices).toContainText('$99.00');
  await expect(invoices.getByRole('link', { name: /^PDF/ })).toHaveAttribute('href', /\/pdf$/);
  await current.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe Customer Portal (local stand-in)' })).toBeVisible();
});
