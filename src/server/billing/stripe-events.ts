import type Stripe from 'stripe';
import type { SqlClient } from '../db/database';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { planForPrice, type PaidPlan } from './prices';

/** Work to do after the event's transaction committed (emails are not rolled back). */
export interface PaymentFailedNotice {
  organizationId: string;
  invoiceId: string;
  amountDue: number;
  currency: string;
  hostedInvoiceUrl: string | null;
}

export interface AppliedEvent {
  organizationId: string | null;
  paymentFailed?: PaymentFailedNotice;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stripe's subscription states mapped onto ours (organizations.subscription_status). */
const SUBSCRIPTION_STATUS: Record<string, string> = {
  active: 'active',
  trialing: 'trialing',
  past_due: 'past_due',
  canceled: 'canceled',
  unpaid: 'unpaid',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  // A trial that ended without a payment method pauses the subscription: nothing is being paid.
  paused: 'unpaid',
};

const INVOICE_STATUSES = new Set(['draft', 'open', 'paid', 'void', 'uncollectible']);

function idOf(ref: string | { id: string } | null | undefined): string | null {
  if (!ref) return null;
  return typeof ref === 'string' ? ref : ref.id;
}

function dateOf(unixSeconds: number | null | undefined): Date | null {
  return typeof unixSeconds === 'number' ? new Date(unixSeconds * 1000) : null;
}

function organizationIdFrom(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value : null;
}

async function organizationForCustomer(client: SqlClient, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const { rows } = await client.query<{ id: string }>('select id from public.organizations where stripe_customer_id = $1 limit 1', [customerId]);
  return rows[0]?.id ?? null;
}

async function organizationExists(client: SqlClient, id: string | null): Promise<string | null> {
  if (!id) return null;
  const { rows } = await client.query<{ id: string }>('select id from public.organizations where id = $1', [id]);
  return rows[0]?.id ?? null;
}

/**
 * Applies one verified Stripe event inside the caller's transaction, as the server (service role).
 * Subscription events carry the whole subscription, so the newest one (by Stripe's `created`)
 * wins and an older one arriving later changes nothing.
 */
export async function applyStripeEvent(
  client: SqlClient,
  event: Stripe.Event,
  prices: Map<PaidPlan, string>,
  log: Logger,
): Promise<AppliedEvent> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case 'checkout.session.completed':
      return applyCheckoutCompleted(client, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(client, event.data.object, at, prices, log);
    case 'invoice.finalized':
      return { organizationId: await upsertInvoice(client, event.data.object) };
    case 'invoice.paid':
      return applyInvoicePaid(client, event.data.object);
    case 'invoice.payment_failed':
      return applyPaymentFailed(client, event.data.object, at);
    default:
      // Recorded as received; nothing of ours depends on it.
      return { organizationId: null };
  }
}

async function applyCheckoutCompleted(client: SqlClient, session: Stripe.Checkout.Session): Promise<AppliedEvent> {
  const orgId = await organizationExists(client, organizationIdFrom(session.client_reference_id));
  if (!orgId || session.mode !== 'subscription') return { organizationId: orgId };
  // Links the customer, and the subscription unless a live one is already linked (its own events set the rest).
  await client.query(
    `update public.organizations
        set stripe_customer_id = coalesce($2, stripe_customer_id),
            stripe_subscription_id = case when stripe_subscription_id is null or subscription_status in ('canceled', 'unpaid', 'incomplete')
                                          then coalesce($3, stripe_subscription_id) else stripe_subscription_id end,
            updated_at = now()
      where id = $1`,
    [orgId, idOf(session.customer), idOf(session.subscription)],
  );
  return { organizationId: orgId };
}

async function applySubscription(
  client: SqlClient,
  subscription: Stripe.Subscription,
  at: Date,
  prices: Map<PaidPlan, string>,
  log: Logger,
): Promise<AppliedEvent> {
  const customerId = idOf(subscription.customer);
  const orgId =
    (await organizationExists(client, organizationIdFrom(subscription.metadata?.organization_id))) ?? (await organizationForCustomer(client, customerId));
  if (!orgId) {
    log.warn({ subscription: subscription.id }, 'stripe subscription for no known organization');
    return { organizationId: null };
  }
  // Signed is not well-formed: an event without the subscription's items list (or an item without
  // a price) is refused with a 400 that names what is missing, and nothing is recorded.
  if (!Array.isArray(subscription.items?.data)) throw new HttpError(400, `Stripe subscription ${String(subscription.id)} has no items list (items.data)`);
  const item = subscription.items.data[0];
  if (item && typeof item.price?.id !== 'string') throw new HttpError(400, `Stripe subscription ${String(subscription.id)} has an item without a price id`);
  const plan = item ? planForPrice(prices, item.price.id) : undefined;
  if (item && !plan) log.warn({ subscription: subscription.id, price: item.price.id }, 'stripe subscription with a price that is no plan; plan unchanged');
  const status = SUBSCRIPTION_STATUS[subscription.status] ?? 'incomplete';
  await client.query(
    `update public.organizations
        set plan = coalesce($2, plan),
            subscription_status = $3,
            stripe_customer_id = coalesce($4, stripe_customer_id),
            stripe_subscription_id = $5,
            current_period_end = $6,
            trial_ends_at = $7,
            plan_variant = $8,
            cancel_at_period_end = $9,
            past_due_since = case when $3 = 'past_due' then coalesce(past_due_since, $10) else null end,
            billing_synced_at = $10,
            updated_at = now()
      where id = $1
        and (billing_synced_at is null or billing_synced_at <= $10)
        -- The end of an older subscription does not touch the one that replaced it.
        and (stripe_subscription_id is null or stripe_subscription_id = $5 or $3 not in ('canceled', 'unpaid'))`,
    [
      orgId,
      plan ?? null,
      status,
      customerId,
      subscription.id,
      dateOf(item?.current_period_end),
      dateOf(subscription.trial_end),
      item?.price.recurring?.interval ?? null,
      subscription.cancel_at_period_end === true,
      at,
    ],
  );
  return { organizationId: orgId };
}

function subscriptionOfInvoice(invoice: Stripe.Invoice): { id: string | null; organizationId: string | null } {
  const details = invoice.parent?.subscription_details;
  return { id: idOf(details?.subscription), organizationId: organizationIdFrom(details?.metadata?.organization_id) };
}

/** Stores the invoice for its organization (newest state wins, a settled one stays settled); returns the organization. */
async function upsertInvoice(client: SqlClient, invoice: Stripe.Invoice): Promise<string | null> {
  const orgId = (await organizationForCustomer(client, idOf(invoice.customer))) ?? (await organizationExists(client, subscriptionOfInvoice(invoice).organizationId));
  if (!orgId || !invoice.id) return orgId;
  const status = invoice.status && INVOICE_STATUSES.has(invoice.status) ? invoice.status : 'open';
  await client.query(
    `insert into public.billing_invoices
       (organization_id, stripe_invoice_id, number, amount_due, amount_paid, currency, status, period_start, period_end, hosted_invoice_url, invoice_pdf, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     on conflict (stripe_invoice_id) do update set
       number = coalesce(excluded.number, billing_invoices.number),
       amount_due = excluded.amount_due,
       amount_paid = greatest(excluded.amount_paid, billing_invoices.amount_paid),
       -- A settled invoice stays settled (see tracklint_private.invoice_status_rank).
       status = case when tracklint_private.invoice_status_rank(excluded.status) >= tracklint_private.invoice_status_rank(billing_invoices.status)
                     then excluded.status else billing_invoices.status end,
       hosted_invoice_url = coalesce(excluded.hosted_invoice_url, billing_invoices.hosted_invoice_url),
       invoice_pdf = coalesce(excluded.invoice_pdf, billing_invoices.invoice_pdf)`,
    [
      orgId,
      invoice.id,
      invoice.number ?? null,
      invoice.amount_due / 100,
      invoice.amount_paid / 100,
      invoice.currency,
      status,
      dateOf(invoice.period_start),
      dateOf(invoice.period_end),
      invoice.hosted_invoice_url ?? null,
      invoice.invoice_pdf ?? null,
      dateOf(invoice.created) ?? new Date(),
    ],
  );
  return orgId;
}

async function applyInvoicePaid(client: SqlClient, invoice: Stripe.Invoice): Promise<AppliedEvent> {
  const orgId = await upsertInvoice(client, invoice);
  const subscriptionId = subscriptionOfInvoice(invoice).id;
  if (orgId && subscriptionId && invoice.amount_paid > 0) {
    // A paid invoice of the organization's subscription settles it: the plan applies again at once.
    await client.query(
      `update public.organizations
          set subscription_status = 'active', past_due_since = null, updated_at = now(),
              stripe_subscription_id = coalesce(stripe_subscription_id, $2)
        where id = $1 and (stripe_subscription_id is null or stripe_subscription_id = $2)
          and subscription_status in ('past_due', 'unpaid', 'incomplete', 'trialing', 'active')`,
      [orgId, subscriptionId],
    );
  }
  return { organizationId: orgId };
}

async function applyPaymentFailed(client: SqlClient, invoice: Stripe.Invoice, at: Date): Promise<AppliedEvent> {
  const orgId = await upsertInvoice(client, invoice);
  if (!orgId || !invoice.id) return { organizationId: orgId };
  const subscriptionId = subscriptionOfInvoice(invoice).id;
  if (subscriptionId) {
    // The grace period starts with the first failure and is not restarted by retries.
    await client.query(
      `update public.organizations
          set subscription_status = 'past_due', past_due_since = coalesce(past_due_since, $3), updated_at = now()
        where id = $1 and (stripe_subscription_id is null or stripe_subscription_id = $2) and subscription_status in ('active', 'trialing', 'past_due')`,
      [orgId, subscriptionId, at],
    );
  }
  return {
    organizationId: orgId,
    paymentFailed: { organizationId: orgId, invoiceId: invoice.id, amountDue: invoice.amount_due / 100, currency: invoice.currency, hostedInvoiceUrl: invoice.hosted_invoice_url ?? null },
  };
}
