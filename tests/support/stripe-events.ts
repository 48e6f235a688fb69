import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { TEST_STRIPE_PRICES } from './stripe-stand-in';

/*
 * Stripe webhook events as Stripe sends them (API version 2026-10-28), signed with the SDK's own
 * test-header helper, for the integration and e2e suites.
 */

// Only its webhook helpers are used: they sign locally and never call Stripe.
const stripe = new Stripe('sk_test_signing_only');
let clock = Math.floor(Date.now() / 1000);

/** A Stripe `created` time later than every one handed out before, as Stripe's would be. */
export function nextEventTime(): number {
  return ++clock;
}

function eventId(): string {
  return `evt_${randomBytes(10).toString('hex')}`;
}

/** Posts an event to the server's webhook with a valid (or, given another secret, invalid) signature. */
export async function postSignedEvent(serverUrl: string, event: Record<string, unknown>, secret: string) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  const res = await fetch(`${serverUrl}/api/billing/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** A Stripe event envelope; `created` increases with each call unless given, as Stripe's would. */
export function envelope(type: string, object: Record<string, unknown>, created = nextEventTime(), id = eventId()) {
  return { id, object: 'event', api_version: '2026-10-28.endive', created, type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
}

export interface SubscriptionShape {
  id: string;
  orgId: string;
  customer: string;
  status: string;
  plan?: keyof typeof TEST_STRIPE_PRICES;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
}

export function subscription(s: SubscriptionShape) {
  const periodEnd = Math.floor(Date.now() / 1000) + 30 * 86_400;
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd ?? false,
    trial_end: s.trialEnd ?? null,
    metadata: { organization_id: s.orgId, plan: s.plan ?? 'pro' },
    items: {
      object: 'list',
      data: [{ id: `si_${s.id}`, object: 'subscription_item', current_period_start: periodEnd - 30 * 86_400, current_period_end: periodEnd, price: { id: TEST_STRIPE_PRICES[s.plan ?? 'pro'], object: 'price', recurring: { interval: 'month' } } }],
    },
  };
}

export function invoice(i: { id: string; orgId: string; customer: string; subscription: string; status: string; amountDue: number; amountPaid: number }) {
  const now = Math.floor(Date.now() / 1000);
  return {
    id: i.id,
    object: 'invoice',
    customer: i.customer,
    number: `TL-${i.id.slice(-6).toUpperCase()}`,
    status: i.status,
    currency: 'usd',
    amount_due: i.amountDue,
    amount_paid: i.amountPaid,
    created: now,
    period_start: now - 30 * 86_400,
    period_end: now,
    hosted_invoice_url: `https://invoice.stripe.com/i/${i.id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/${i.id}/pdf`,
    parent: { type: 'subscription_details', subscription_details: { subscription: i.subscription, metadata: { organization_id: i.orgId } } },
  };
}

