import { expect, test, type Page } from '@playwright/test';
import { toast } from './pages/app-shell';
import { BillingPage } from './pages/billing-page';
import { expectNoSeriousViolations } from './support/axe';
import { expectNoHorizontalOverflow } from './support/layout';
import { Mailbox } from './support/mailbox';
import { newAccount } from './support/test-data';
import { E2E_STRIPE_WEBHOOK_SECRET, e2eStripePort } from './support/stripe-settings';
import { stripeRequests } from '../support/stripe-stand-in';
import { envelope, invoice, postSignedEvent, subscription } from '../support/stripe-events';

// The e2e server's billing talks to a local Stripe stand-in (tests/support/stripe-stand-in.ts):
// Stripe's servers cannot be reached from here. Checkout lands on the stand-in's page, and the
// webhook events Stripe would send are signed with the Stripe SDK's own test-header helper.

const standIn = () => `http://127.0.0.1:${e2eStripePort()}`;
const uniqueId = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** From /pricing: "Start with Pro", sign up (Pro preselected, a trial without a card), confirm the email, land in the app. */
async function signUpForProFromPricing(page: Page) {
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
  return account;
}

/**
 * On the billing page of a trialing Pro organization: "Subscribe to Pro" opens Stripe Checkout
 * (the stand-in), then the webhook events Stripe sends once the customer paid make it active.
 */
async function subscribeToPro(page: Page, baseURL: string) {
  const billing = new BillingPage(page);
  await billing.planCard('pro').getByRole('button', { name: 'Subscribe to Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe Checkout (local stand-in)' })).toBeVisible();
  expect(page.url()).toContain(`127.0.0.1:${e2eStripePort()}/checkout/cs_test_`);

  const session = (await stripeRequests(standIn())).filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
  expect(session.params['line_items[0][price]']).toBe('price_pro_test');
  const orgId = session.params.client_reference_id!;
  const customer = session.params.customer!;
  const sub = uniqueId('sub_e2e');
  const post = async (event: Record<string, unknown>) => expect((await postSignedEvent(baseURL, event, E2E_STRIPE_WEBHOOK_SECRET)).status).toBe(200);
  await post(envelope('checkout.session.completed', { id: 'cs_test_e2e', object: 'checkout.session', mode: 'subscription', client_reference_id: orgId, customer, subscription: sub }));
  await post(envelope('customer.subscription.created', subscription({ id: sub, orgId, customer, status: 'active', plan: 'pro' })));
  await post(envelope('invoice.paid', invoice({ id: uniqueId('in_e2e'), orgId, customer, subscription: sub, status: 'paid', amountDue: 9900, amountPaid: 9900 })));
  return { orgId, customer, sub, post };
}

test('from the pricing page: a Pro trial without a card, Stripe Checkout, then a signed webhook makes it active with an invoice', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpForProFromPricing(page);

  const billing = new BillingPage(page);
  await billing.open();
  await billing.expectStatus('Trialing · 14 days left');
  await expect(billing.currentPlan).toContainText('$99.00 / month');
  await subscribeToPro(page, baseURL!);

  await page.goto('/app/billing?checkout=success');
  await expect(toast(page, 'Subscription started')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await billing.expectStatus('Active');
  await expect(page.getByTestId('billing-next-amount')).toContainText('$99.00 / month');
  await expect(billing.invoices.getByRole('row')).toHaveCount(2);
  await expect(billing.invoices).toContainText('Paid');
  await expect(billing.invoices).toContainText('$99.00');
  await expect(billing.invoices.getByRole('link', { name: /^PDF/ })).toHaveAttribute('href', /\/pdf$/);
  await expect(billing.invoices.getByRole('link', { name: /^View/ })).toHaveAttribute('href', /^https:\/\/invoice\.stripe\.com\//);
  // A running subscription changes plan in Stripe's portal, not in a second checkout.
  await expect(billing.planCard('pro').getByRole('button')).toHaveCount(0);
  await expect(billing.planCard('starter').getByRole('button', { name: 'Switch to Starter under Manage billing' })).toBeVisible();
  await billing.currentPlan.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe Customer Portal (local stand-in)' })).toBeVisible();
});

test('a canceled checkout says so once; a failed payment keeps Pro until the grace end with a fix-it button; a canceled subscription falls back to Free for every member', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpForProFromPricing(page);
  const billing = new BillingPage(page);
  await billing.open('?checkout=canceled');
  await expect(toast(page, 'Checkout canceled')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/billing$/);

  const { orgId, customer, sub, post } = await subscribeToPro(page, baseURL!);

  // The renewal fails: Stripe retries, and Pro holds for the 7-day grace period.
  await post(envelope('invoice.payment_failed', invoice({ id: uniqueId('in_e2e'), orgId, customer, subscription: sub, status: 'open', amountDue: 9900, amountPaid: 0 })));
  // Every member sees one banner in the shell; the plan still applies.
  await page.goto('/app/dashboard');
  const banner = page.getByTestId('plan-notice');
  await expect(banner).toHaveCount(1);
  await expect(banner).toContainText('Payment failed');
  await expect(banner).toContainText(/Pro stays active until \w{3} \d{1,2}, \d{4}/);
  await expect(page.getByTestId('plan-badge')).toHaveText('PRO');
  // The owner's billing page says it once, with the button that fixes it.
  await billing.open();
  await billing.expectStatus(/Past due · plan kept until \w{3} \d{1,2}, \d{4}/);
  await expect(billing.attention).toContainText('Your last payment failed');
  await expect(billing.attention.getByRole('button', { name: 'Update payment method' })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(billing.invoices).toContainText('Open');
  await expectNoSeriousViolations(page, '/app/billing past due, with invoices');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(billing.currentPlan).toBeVisible();
  await expectNoHorizontalOverflow(page, '/app/billing past due at 375 px');
  await page.setViewportSize({ width: 1440, height: 900 });
  await billing.attention.getByRole('button', { name: 'Update payment method' }).click();
  await expect(page.getByRole('heading', { name: 'Stripe Customer Portal (local stand-in)' })).toBeVisible();

  // Stripe gives up and ends the subscription: the Free plan's features apply, nothing is deleted.
  await post(envelope('customer.subscription.deleted', subscription({ id: sub, orgId, customer, status: 'canceled', plan: 'pro' })));
  await page.goto('/app/dashboard');
  await expect(page.getByTestId('plan-badge')).toHaveText('FREE');
  await expect(page.getByTestId('plan-notice')).toContainText('The Pro subscription was canceled');
  await page.getByTestId('plan-notice').getByRole('link', { name: 'Open billing' }).click();
  await billing.expectStatus('Canceled');
  await expect(page.getByTestId('billing-effective-plan')).toContainText('Free plan');
  await expect(billing.planCard('pro').getByRole('button', { name: 'Subscribe to Pro' })).toBeVisible();
});
