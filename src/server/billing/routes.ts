import { Hono, type Context } from 'hono';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError, readJson } from '../http/errors';
import { parseInput } from '../http/parse-input';
import { requireUser, type ApiEnv } from '../api-auth/authenticate';
import { pgErrorToHttp } from '../http/pg-errors';
import { planName } from '../../shared/plans';
import { createStripeClient } from './stripe-client';
import { loadPlanPrices, type PaidPlan } from './prices';
import { applyStripeEvent } from './stripe-events';
import { sendBillingNotice } from './notices';

const uuid = z.string().uuid('organization_id must be a UUID');

const checkoutBody = z
  .object({
    organization_id: uuid,
    plan: z.enum(['free', 'starter', 'pro', 'enterprise'], { message: 'plan must be starter or pro' }),
  })
  .strict();
const portalBody = z.object({ organization_id: uuid }).strict();

interface BillingOrganization {
  id: string;
  name: string;
  plan: string;
  subscription_status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  trial_ends_at: Date | null;
  billing_state: string;
}

/** The organization, if the caller owns it (checked by Postgres under the caller's claims). */
async function loadOwnedOrganization(client: SqlClient, orgId: string): Promise<BillingOrganization> {
  const { rows: access } = await client.query<{ member: boolean; owner: boolean }>(
    `select public.has_org_role($1, 'viewer') as member, public.has_org_role($1, 'owner') as owner`,
    [orgId],
  );
  if (!access[0]?.member) throw new HttpError(404, 'Organization not found');
  if (!access[0].owner) throw new HttpError(403, 'Only the organization owner can manage billing');
  const { rows } = await client.query<BillingOrganization>(
    `select o.id, o.name, o.plan, o.subscription_status, o.stripe_customer_id, o.stripe_subscription_id, o.trial_ends_at,
            s.billing_state
       from public.organizations o, public.organization_billing_summary s
      where o.id = $1 and s.organization_id = o.id`,
    [orgId],
  );
  if (!rows[0]) throw new HttpError(404, 'Organization not found');
  return rows[0];
}

/**
 * /api/billing: Stripe Checkout and the Customer Portal for owners, and Stripe's webhook.
 * Plans change only when a signed webhook event says so; the buttons only open Stripe's pages.
 */
export function createBillingRoutes(deps: AppDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  const settings = deps.config.stripe;
  const stripe = settings ? createStripeClient(settings) : undefined;
  const notices = { db: deps.db, mailer: deps.mailer, log: deps.log, publicUrl: () => deps.publicUrl };

  const requireBilling = (): { stripe: Stripe; settings: NonNullable<typeof settings> } => {
    if (!stripe || !settings) throw new HttpError(501, 'Billing is not set up on this server: an administrator manages plans');
    return { stripe, settings };
  };

  const asCaller = <T>(c: Context<ApiEnv>, fn: (client: SqlClient) => Promise<T>): Promise<T> =>
    deps.db.asCaller(c.get('claims'), fn).catch((err: unknown) => {
      const mapped = pgErrorToHttp(err);
      if (mapped) throw new HttpError(mapped.status, mapped.error);
      throw err;
    });

  const stripeFailure = (err: unknown): never => {
    deps.log.warn({ error: err instanceof Error ? err.message : String(err) }, 'stripe request failed');
    throw new HttpError(502, 'Stripe could not be reached. Please try again in a moment.');
  };

  app.post('/webhook', async (c) => {
    const { stripe, settings } = requireBilling();
    const signature = c.req.header('stripe-signature');
    if (!signature) return c.json({ error: 'Missing Stripe-Signature header' }, 400);
    // The signature covers the exact bytes Stripe sent.
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      event = await stripe.webhooks.constructEventAsync(payload, signature, settings.webhookSecret);
    } catch {
      return c.json({ error: 'Invalid Stripe signature' }, 400);
    }
    const outcome = await deps.db.transaction(async (client) => {
      const fresh = await client.query(
        `insert into public.billing_events (id, type, stripe_created) values ($1, $2, $3) on conflict (id) do nothing returning id`,
        [event.id, event.type, new Date(event.created * 1000)],
      );
      if (fresh.rowCount === 0) return { duplicate: true as const };
      const prices = await loadPlanPrices(client, settings);
      const applied = await applyStripeEvent(client, event, prices, deps.log);
      if (applied.organizationId) await client.query('update public.billing_events set organization_id = $2 where id = $1', [event.id, applied.organizationId]);
      return { duplicate: false as const, applied };
    });
    if (!outcome.duplicate && outcome.applied.paymentFailed) {
      const n = outcome.applied.paymentFailed;
      await sendBillingNotice(notices, n.organizationId, 'payment_failed', n.invoiceId, { amountDue: n.amountDue, currency: n.currency, invoiceUrl: n.hostedInvoiceUrl });
    }
    return c.json({ received: true, duplicate: outcome.duplicate });
  });

  app.use('/checkout', requireUser(deps));
  app.post('/checkout', async (c) => {
    const input = parseInput(checkoutBody, await readJson(c));
    if (input.plan === 'enterprise') throw new HttpError(400, 'The Enterprise plan is sold by our sales team: contact sales');
    if (input.plan === 'free') throw new HttpError(400, 'The Free plan needs no checkout: cancel the subscription under Manage billing instead');
    const { stripe, settings } = requireBilling();
    const plan: PaidPlan = input.plan;
    const org = await asCaller(c, (client) => loadOwnedOrganization(client, input.organization_id));
    const live = org.stripe_subscription_id !== null && ['active', 'trialing', 'past_due'].includes(org.billing_state);
    if (live && org.plan === plan) throw new HttpError(409, `The organization is already subscribed to ${planName(plan)}`);
    if (live) throw new HttpError(409, 'The organization already has a subscription: change its plan under Manage billing');
    const price = (await deps.db.transaction((client) => loadPlanPrices(client, settings))).get(plan);
    if (!price) throw new HttpError(501, `No Stripe price is set for the ${planName(plan)} plan: an administrator must set STRIPE_PRICE_${plan.toUpperCase()}`);

    let customerId = org.stripe_customer_id;
    if (!customerId) {
      const customer = await stripe.customers
        .create({ name: org.name, email: c.get('claims').email, metadata: { organization_id: org.id } }, { idempotencyKey: `customer-${org.id}` })
        .catch(stripeFailure);
      customerId = customer.id;
      // Only this server writes billing fields (the service role); the owner cannot.
      await deps.db.transaction((client) =>
        client.query('update public.organizations set stripe_customer_id = coalesce(stripe_customer_id, $2) where id = $1', [org.id, customerId]),
      );
    }
    // What is left of a sign-up trial carries over (Stripe needs the end at least two days ahead).
    const trialEnd = org.billing_state === 'trialing' && org.trial_ends_at && org.trial_ends_at.getTime() > Date.now() + 2 * 86_400_000 ? Math.floor(org.trial_ends_at.getTime() / 1000) : undefined;
    const billingUrl = `${deps.publicUrl}/app/billing`;
    const session = await stripe.checkout.sessions
      .create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: org.id,
        line_items: [{ price, quantity: 1 }],
        subscription_data: { metadata: { organization_id: org.id, plan }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
        metadata: { organization_id: org.id, plan },
        allow_promotion_codes: true,
        success_url: `${billingUrl}?checkout=success`,
        cancel_url: `${billingUrl}?checkout=canceled`,
      })
      .catch(stripeFailure);
    if (!session.url) throw new HttpError(502, 'Stripe did not return a checkout page');
    return c.json({ url: session.url });
  });

  app.use('/portal', requireUser(deps));
  app.post('/portal', async (c) => {
    const input = parseInput(portalBody, await readJson(c));
    const { stripe } = requireBilling();
    const org = await asCaller(c, (client) => loadOwnedOrganization(client, input.organization_id));
    if (!org.stripe_customer_id) throw new HttpError(409, 'This organization has no billing account yet: choose a plan first');
    const session = await stripe.billingPortal.sessions
      .create({ customer: org.stripe_customer_id, return_url: `${deps.publicUrl}/app/billing` })
      .catch(stripeFailure);
    return c.json({ url: session.url });
  });

  return app;
}
