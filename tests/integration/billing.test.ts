import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { sendTrialReminders } from '../../src/server/billing/notices';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { anonClient, latestMailTo, serviceClient, sql } from '../support/clients';
import { api, createTenant, signUpConfirmed, type Persona, type Tenant } from '../support/personas';
import { stripeRequests, TEST_STRIPE_PRICES } from '../support/stripe-stand-in';
import { envelope, invoice, nextEventTime, postSignedEvent, subscription } from '../support/stripe-events';

/*
 * Billing through real HTTP against the real server and Postgres. Webhook events are signed with
 * the Stripe SDK's own test-header helper. Checkout and Portal sessions are created against a
 * small local stand-in for Stripe's API (tests/support/stripe-stand-in.ts), configured through
 * the SDK's host/port/protocol options, because Stripe's servers cannot be reached from here.
 */


function url(p: string): string {
  return `${inject('serverUrl')}${p}`;
}

const postEvent = (event: Record<string, unknown>, secret = inject('stripeWebhookSecret')) => postSignedEvent(inject('serverUrl'), event, secret);

async function organization(orgId: string) {
  const rows = await sql<{ plan: string; subscription_status: string; stripe_customer_id: string | null; stripe_subscription_id: string | null; past_due_since: Date | null; cancel_at_period_end: boolean; plan_variant: string | null }>(
    'select plan, subscription_status, stripe_customer_id, stripe_subscription_id, past_due_since, cancel_at_period_end, plan_variant from public.organizations where id = $1',
    [orgId],
  );
  return rows[0]!;
}

async function planState(persona: Persona, orgId: string) {
  const { data, error } = await persona.client.rpc('get_organization_plan_state', { org_id: orgId });
  if (error) throw error;
  return data as { plan: string; effective_plan: string; billing_state: string; trial_days_left: number | null; grace_ends_at: string | null };
}

async function hasFeature(persona: Persona, orgId: string, feature: string): Promise<boolean> {
  const { data, error } = await persona.client.rpc('organization_has_feature', { org_id: orgId, feature_name: feature });
  if (error) throw error;
  return data as boolean;
}

/** A new owner with a Pro trial started at sign-up (no card), as the pricing page's "Start with Pro" does. */
async function proTrial(label: string): Promise<{ owner: Persona; orgId: string }> {
  const owner = await signUpConfirmed(label);
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: `${label} Org`, org_slug: `${label}-${Date.now().toString(36)}-${randomBytes(2).toString('hex')}`, org_plan: 'pro' });
  if (error) throw error;
  return { owner, orgId: (data as { organization_id: string }).organization_id };
}

/** A new owner of a free organization (no teammates: the Free plan has one seat). */
async function freeOrg(label: string): Promise<{ owner: Persona; orgId: string }> {
  const owner = await signUpConfirmed(label);
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: `${label} Org`, org_slug: `${label}-${Date.now().toString(36)}-${randomBytes(2).toString('hex')}`, org_plan: 'free' });
  if (error) throw error;
  return { owner, orgId: (data as { organization_id: string }).organization_id };
}

async function endTrial(orgId: string) {
  await sql(`update public.organizations set trial_ends_at = now() - interval '1 minute' where id = $1`, [orgId]);
}

describe('plans clients cannot give themselves', () => {
  let user: Persona;
  beforeAll(async () => {
    user = await signUpConfirmed('billing-self');
  });

  it('refuses Enterprise at sign-up, on create_organization and on a plain insert', async () => {
    const slug = `ent-${Date.now().toString(36)}`;
    const signup = await user.client.rpc('complete_user_signup', { user_id: user.user.id, org_name: 'Ent', org_slug: slug, org_plan: 'enterprise' });
    expect(signup.error?.message).toBe('The Enterprise plan is sold by our sales team: contact sales');
    const created = await user.client.rpc('create_organization', { org_name: 'Ent', org_slug: `${slug}-2`, org_plan: 'enterprise' });
    expect(created.error?.message).toBe('The Enterprise plan is sold by our sales team: contact sales');
    const inserted = await user.client.from('organizations').insert({ name: 'Ent', slug: `${slug}-3`, plan: 'enterprise' });
    expect(inserted.error?.code).toBe('42501');
    expect(await sql('select 1 from public.organizations where slug like $1', [`${slug}%`])).toHaveLength(0);
  });

  it('refuses billing fields on insert instead of trimming them', async () => {
    const slug = `variant-${Date.now().toString(36)}`;
    for (const fields of [{ plan_variant: 'year' }, { subscription_status: 'trialing' }, { trial_ends_at: '2099-01-01T00:00:00Z' }, { stripe_customer_id: 'cus_x' }]) {
      const { error } = await user.client.from('organizations').insert({ name: 'Variant', slug, plan: 'pro', ...fields });
      expect(error?.message, JSON.stringify(fields)).toMatch(/set by billing, not by clients/);
    }
    expect(await sql('select 1 from public.organizations where slug = $1', [slug])).toHaveLength(0);
  });

  it('lets an owner not change billing columns added for Stripe', async () => {
    const { owner, orgId } = await proTrial('billing-cols');
    for (const fields of [{ past_due_since: null, cancel_at_period_end: true }, { billing_synced_at: '2099-01-01T00:00:00Z' }]) {
      const { error } = await owner.client.from('organizations').update(fields).eq('id', orgId);
      expect(error?.code).toBe('42501');
    }
    expect((await organization(orgId)).cancel_at_period_end).toBe(false);
  });
});

describe('the effective plan', () => {
  it('a Pro trial has Pro features, loses them on every path when it ends, and gets them back when an invoice is paid', async () => {
    const { owner, orgId } = await proTrial('billing-trial');
    expect(await planState(owner, orgId)).toMatchObject({ plan: 'pro', effective_plan: 'pro', billing_state: 'trialing', trial_days_left: 14 });
    expect(await hasFeature(owner, orgId, 'custom_rules')).toBe(true);
    const sites = [];
    for (const domain of ['one.example', 'two.example']) {
      const { data, error } = await owner.client.from('websites').insert({ organization_id: orgId, name: domain, domain }).select('id, site_key').single();
      if (error) throw error;
      sites.push(data as { id: string; site_key: string });
    }

    await endTrial(orgId);
    expect(await planState(owner, orgId)).toMatchObject({ plan: 'pro', effective_plan: 'free', billing_state: 'trial_ended' });
    // RPC and data API
    expect(await hasFeature(owner, orgId, 'advanced_rules')).toBe(false);
    expect(await hasFeature(owner, orgId, 'custom_rules')).toBe(false);
    const customRule = {
      organization_id: orgId,
      name: 'Needs Pro',
      severity: 'error',
      definition: { id: 'needs_pro', title: 'Needs Pro', message: 'Logins carry a method', events: ['login'], assert: { field: 'params.method', op: 'exists' } },
    };
    const rule = await owner.client.from('custom_rules').insert(customRule);
    // Refused by the Free plan's limit of 0 custom rules (and its missing custom_rules feature).
    expect(rule.error?.message).toMatch(/Custom rule limit reached|row-level security/);
    const key = await owner.client.rpc('create_api_key', { org_id: orgId, key_name: 'CI' });
    expect(key.error?.message).toBe('API keys need the Pro plan. Upgrade to create one.');
    const usage = await owner.client.rpc('get_organization_usage_status', { org_id: orgId });
    expect((usage.data as { plan: string; limits: { websites: number } }).plan).toBe('free');
    expect((usage.data as { limits: { websites: number } }).limits.websites).toBe(1);
    // /api
    const channel = await api(owner, 'POST', '/api/alerts/channels', { organization_id: orgId, kind: 'webhook', name: 'Hook', url: 'https://hooks.example.com/x' });
    expect(channel.status).toBe(403);
    // The newer website is past the Free plan's one website: read-only, and the collector treats it as paused.
    const rename = await owner.client.from('websites').update({ name: 'Renamed' }).eq('id', sites[1]!.id).select('id');
    expect(rename.error?.message).toMatch(/This website is read-only: your plan allows 1 website/);
    const renameFirst = await owner.client.from('websites').update({ name: 'Still mine' }).eq('id', sites[0]!.id).select('id');
    expect(renameFirst.error).toBeNull();
    const hit = await fetch(url(`/collect/g?site=${sites[1]!.site_key}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://two.example' },
      body: JSON.stringify({ v: 1, hits: [{ k: `billing-${Date.now()}`, m: 'POST', u: 'https://www.google-analytics.com/g/collect?v=2&tid=G-TWO1234&cid=1.2&en=page_view&dl=https%3A%2F%2Ftwo.example%2F', b: '' }] }),
    });
    expect(hit.status).toBe(403);
    expect(((await hit.json()) as { error: string }).error).toMatch(/inactive/);
    // Nothing was deleted.
    expect(await sql('select 1 from public.websites where organization_id = $1', [orgId])).toHaveLength(2);

    // The owner subscribes: checkout links the customer, the first invoice is paid.
    const customer = `cus_${randomBytes(6).toString('hex')}`;
    const sub = `sub_${randomBytes(6).toString('hex')}`;
    expect((await postEvent(envelope('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', client_reference_id: orgId, customer, subscription: sub }))).status).toBe(200);
    expect((await postEvent(envelope('invoice.paid', invoice({ id: `in_${randomBytes(6).toString('hex')}`, orgId, customer, subscription: sub, status: 'paid', amountDue: 9900, amountPaid: 9900 })))).status).toBe(200);
    expect(await planState(owner, orgId)).toMatchObject({ effective_plan: 'pro', billing_state: 'active' });
    expect(await hasFeature(owner, orgId, 'custom_rules')).toBe(true);
    expect((await owner.client.rpc('create_api_key', { org_id: orgId, key_name: 'CI' })).error).toBeNull();
    expect((await owner.client.from('custom_rules').insert(customRule)).error).toBeNull();
    expect((await owner.client.from('websites').update({ name: 'Renamed' }).eq('id', sites[1]!.id).select('id')).error).toBeNull();
  });
});

describe('members past the plan\'s seats', () => {
  it('keep reading but cannot change anything until the plan covers them again; owners keep their rights', async () => {
    const t = await createTenant('billing-seats', 'starter');
    const addSite = (p: Persona, domain: string) => p.client.from('websites').insert({ organization_id: t.orgId, name: domain, domain }).select('id');
    const site = await addSite(t.admin, 'seat-one.example');
    expect(site.error).toBeNull();
    const siteId = (site.data as { id: string }[])[0]!.id;

    // The subscription ends: the Free plan has one seat, the owner's.
    await sql(`update public.organizations set subscription_status = 'canceled' where id = $1`, [t.orgId]);
    const refused = await t.admin.client.from('websites').update({ name: 'Renamed by admin' }).eq('id', siteId).select('id');
    expect(refused.data ?? []).toEqual([]);
    expect((await sql<{ name: string }>('select name from public.websites where id = $1', [siteId]))[0]!.name).toBe('seat-one.example');
    const rename = await t.admin.client.from('organizations').update({ name: 'Renamed by admin' }).eq('id', t.orgId).select('id');
    expect(rename.data ?? []).toEqual([]);
    // Reading stays.
    expect((await t.admin.client.from('websites').select('id').eq('organization_id', t.orgId)).data).toHaveLength(1);
    expect((await t.member.client.from('organizations').select('name').eq('id', t.orgId).single()).data?.name).toBe('billing-seats Org');
    // The owner is never locked out (the one website left on Free is already used, so rename it).
    const ownerRename = await t.owner.client.from('organizations').update({ name: 'Renamed by owner' }).eq('id', t.orgId).select('id');
    expect(ownerRename.data).toHaveLength(1);

    await sql(`update public.organizations set subscription_status = 'active' where id = $1`, [t.orgId]);
    expect((await addSite(t.admin, 'seat-two.example')).error).toBeNull();
  });
});

describe('Stripe webhook', () => {
  let tenant: Tenant;
  let orgId: string;
  const customer = `cus_${randomBytes(6).toString('hex')}`;
  const sub = `sub_${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    // A Starter organization set up by an operator (no Stripe subscription yet), with a member and an owner.
    tenant = await createTenant('billing-hook', 'starter');
    orgId = tenant.orgId;
  });

  it('refuses a bad signature and changes nothing', async () => {
    const event = envelope('customer.subscription.created', subscription({ id: sub, orgId, customer, status: 'active' }));
    const forged = await postEvent(event, 'whsec_not_the_secret');
    expect(forged).toEqual({ status: 400, json: { error: 'Invalid Stripe signature' } });
    const unsigned = await fetch(url('/api/billing/webhook'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    expect(await organization(orgId)).toMatchObject({ plan: 'starter', stripe_subscription_id: null });
    expect(await sql('select 1 from public.billing_events where id = $1', [event.id])).toHaveLength(0);
  });

  it('drives trialing → active → past due (grace) → expired → paid → canceled', async () => {
    const trialEnd = Math.floor(Date.now() / 1000) + 10 * 86_400;
    expect((await postEvent(envelope('customer.subscription.created', subscription({ id: sub, orgId, customer, status: 'trialing', trialEnd })))).status).toBe(200);
    expect(await organization(orgId)).toMatchObject({ plan: 'pro', subscription_status: 'trialing', stripe_customer_id: customer, stripe_subscription_id: sub, plan_variant: 'month' });
    expect(await planState(tenant.member, orgId)).toMatchObject({ effective_plan: 'pro', billing_state: 'trialing', trial_days_left: 10 });

    await postEvent(envelope('customer.subscription.updated', subscription({ id: sub, orgId, customer, status: 'active' })));
    expect(await planState(tenant.member, orgId)).toMatchObject({ effective_plan: 'pro', billing_state: 'active' });

    const failedInvoice = `in_${randomBytes(6).toString('hex')}`;
    const failed = envelope('invoice.payment_failed', invoice({ id: failedInvoice, orgId, customer, subscription: sub, status: 'open', amountDue: 9900, amountPaid: 0 }));
    expect((await postEvent(failed)).status).toBe(200);
    const pastDue = await planState(tenant.member, orgId);
    expect(pastDue).toMatchObject({ effective_plan: 'pro', billing_state: 'past_due' });
    expect(Date.parse(pastDue.grace_ends_at!) - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const mail = await latestMailTo(tenant.owner.email);
    expect(mail.subject).toMatch(/Payment failed/);
    expect(mail.text).toContain('$99.00');

    // Past the grace period the plan falls back to free.
    await sql(`update public.organizations set past_due_since = now() - interval '8 days' where id = $1`, [orgId]);
    expect(await planState(tenant.member, orgId)).toMatchObject({ effective_plan: 'free', billing_state: 'past_due_expired' });
    expect(await hasFeature(tenant.owner, orgId, 'advanced_rules')).toBe(false);

    await postEvent(envelope('invoice.paid', invoice({ id: failedInvoice, orgId, customer, subscription: sub, status: 'paid', amountDue: 9900, amountPaid: 9900 })));
    expect(await planState(tenant.member, orgId)).toMatchObject({ effective_plan: 'pro', billing_state: 'active' });
    expect((await organization(orgId)).past_due_since).toBeNull();

    // A replayed event is acknowledged and changes nothing: the failure does not come back.
    const replay = await postEvent(failed);
    expect(replay).toEqual({ status: 200, json: { received: true, duplicate: true } });
    expect(await planState(tenant.member, orgId)).toMatchObject({ billing_state: 'active' });

    // The owner sees the invoice once, paid, with its links.
    const invoices = await tenant.owner.client.from('billing_invoices').select('stripe_invoice_id, status, amount_due, amount_paid, number, hosted_invoice_url, invoice_pdf').eq('organization_id', orgId);
    expect(invoices.data).toEqual([
      expect.objectContaining({ stripe_invoice_id: failedInvoice, status: 'paid', amount_due: 99, amount_paid: 99, hosted_invoice_url: expect.stringContaining(failedInvoice), invoice_pdf: expect.stringContaining('/pdf') }),
    ]);
    const asMember = await tenant.member.client.from('billing_invoices').select('id').eq('organization_id', orgId);
    expect(asMember.data).toEqual([]);

    await postEvent(envelope('customer.subscription.deleted', subscription({ id: sub, orgId, customer, status: 'canceled' })));
    expect(await organization(orgId)).toMatchObject({ plan: 'pro', subscription_status: 'canceled' });
    expect(await planState(tenant.member, orgId)).toMatchObject({ plan: 'pro', effective_plan: 'free', billing_state: 'canceled' });
  });

  it('ignores an older subscription event that arrives after a newer one', async () => {
    const t = await freeOrg('billing-order');
    const c = `cus_${randomBytes(6).toString('hex')}`;
    const s = `sub_${randomBytes(6).toString('hex')}`;
    const createdAt = nextEventTime();
    const updatedAt = nextEventTime();
    await postEvent(envelope('customer.subscription.updated', subscription({ id: s, orgId: t.orgId, customer: c, status: 'active', plan: 'starter', cancelAtPeriodEnd: true }), updatedAt));
    await postEvent(envelope('customer.subscription.created', subscription({ id: s, orgId: t.orgId, customer: c, status: 'incomplete', plan: 'starter' }), createdAt));
    expect(await organization(t.orgId)).toMatchObject({ plan: 'starter', subscription_status: 'active', cancel_at_period_end: true });
  });

  it('keeps a settled invoice settled when a late finalized event arrives', async () => {
    const t = await freeOrg('billing-inv');
    const c = `cus_${randomBytes(6).toString('hex')}`;
    const s = `sub_${randomBytes(6).toString('hex')}`;
    const inv = `in_${randomBytes(6).toString('hex')}`;
    await postEvent(envelope('customer.subscription.created', subscription({ id: s, orgId: t.orgId, customer: c, status: 'active', plan: 'starter' })));
    await postEvent(envelope('invoice.paid', invoice({ id: inv, orgId: t.orgId, customer: c, subscription: s, status: 'paid', amountDue: 2900, amountPaid: 2900 })));
    await postEvent(envelope('invoice.finalized', invoice({ id: inv, orgId: t.orgId, customer: c, subscription: s, status: 'open', amountDue: 2900, amountPaid: 0 })));
    const rows = await sql<{ status: string; amount_paid: string }>('select status, amount_paid from public.billing_invoices where stripe_invoice_id = $1', [inv]);
    expect(rows).toEqual([{ status: 'paid', amount_paid: '29.00' }]);
  });
});

describe('checkout and portal', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant('billing-checkout', 'starter');
  });

  it('opens Stripe Checkout for the owner with the plan price, the organization as reference and one reused customer', async () => {
    const first = await api(tenant.owner, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'pro' });
    expect(first.status).toBe(200);
    expect(first.json.url).toMatch(new RegExp(`^${inject('stripeStandInUrl')}/checkout/cs_test_`));
    const second = await api(tenant.owner, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'starter' });
    expect(second.status).toBe(200);

    const sessions = (await stripeRequests(inject('stripeStandInUrl'))).filter((r) => r.path === '/v1/checkout/sessions' && r.params.client_reference_id === tenant.orgId);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]!.params).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': TEST_STRIPE_PRICES.pro,
      'subscription_data[metadata][organization_id]': tenant.orgId,
      success_url: expect.stringMatching(/\/app\/billing\?checkout=success$/),
      cancel_url: expect.stringMatching(/\/app\/billing\?checkout=canceled$/),
    });
    expect(sessions[1]!.params['line_items[0][price]']).toBe(TEST_STRIPE_PRICES.starter);
    // One customer, created once and reused.
    expect(sessions[0]!.params.customer).toMatch(/^cus_/);
    expect(sessions[1]!.params.customer).toBe(sessions[0]!.params.customer);
    expect((await organization(tenant.orgId)).stripe_customer_id).toBe(sessions[0]!.params.customer);

    const portal = await api(tenant.owner, 'POST', '/api/billing/portal', { organization_id: tenant.orgId });
    expect(portal.status).toBe(200);
    expect(portal.json.url).toMatch(/\/portal\/bps_/);
  });

  it('refuses non-owners, enterprise, unknown fields and portals without a billing account, asking Stripe nothing', async () => {
    const before = (await stripeRequests(inject('stripeStandInUrl'))).length;
    expect(await api(tenant.admin, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'pro' })).toEqual({ status: 403, json: { error: 'Only the organization owner can manage billing' } });
    expect((await api(null, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'pro' })).status).toBe(401);
    expect(await api(tenant.owner, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'enterprise' })).toEqual({ status: 400, json: { error: 'The Enterprise plan is sold by our sales team: contact sales' } });
    expect(await api(tenant.owner, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'pro', price: 'price_free' })).toEqual({ status: 400, json: { error: 'unknown field "price"' } });
    const stranger = await signUpConfirmed('billing-stranger');
    expect((await api(stranger, 'POST', '/api/billing/checkout', { organization_id: tenant.orgId, plan: 'pro' })).status).toBe(404);
    const fresh = await freeOrg('billing-fresh');
    expect(await api(fresh.owner, 'POST', '/api/billing/portal', { organization_id: fresh.orgId })).toEqual({ status: 409, json: { error: 'This organization has no billing account yet: choose a plan first' } });
    expect((await stripeRequests(inject('stripeStandInUrl'))).length).toBe(before);
  });

  it('sends an already subscribed organization to the portal instead of a second subscription', async () => {
    const t = await freeOrg('billing-live');
    await postEvent(envelope('customer.subscription.created', subscription({ id: `sub_${randomBytes(6).toString('hex')}`, orgId: t.orgId, customer: `cus_${randomBytes(6).toString('hex')}`, status: 'active', plan: 'starter' })));
    expect(await api(t.owner, 'POST', '/api/billing/checkout', { organization_id: t.orgId, plan: 'starter' })).toEqual({ status: 409, json: { error: 'The organization is already subscribed to Starter' } });
    expect((await api(t.owner, 'POST', '/api/billing/checkout', { organization_id: t.orgId, plan: 'pro' })).json.error).toBe('The organization already has a subscription: change its plan under Manage billing');
  });
});

describe('trial emails', () => {
  it('sends "ends in 3 days" and "has ended" once each to the owners', async () => {
    const ending = await proTrial('billing-ending');
    const ended = await proTrial('billing-ended');
    await sql(`update public.organizations set trial_ends_at = now() + interval '2 days' where id = $1`, [ending.orgId]);
    await endTrial(ended.orgId);
    const pool = new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
    const mailer = createMailer(undefined, 'Tracklint <billing@tracklint.test>');
    const deps = { db: { pool }, mailer, log: createLogger('silent'), publicUrl: () => 'https://tracklint.test' };
    try {
      await sendTrialReminders(deps);
      await sendTrialReminders(deps);
      const sent = mailer.mailbox!.list();
      const to = (email: string) => sent.filter((m) => m.to === email).map((m) => m.subject);
      expect(to(ending.owner.email)).toEqual([expect.stringMatching(/^Your Tracklint Pro trial ends on /)]);
      expect(to(ended.owner.email)).toEqual(['Your Tracklint Pro trial has ended']);
      expect(sent.find((m) => m.to === ended.owner.email)!.links).toContain('https://tracklint.test/app/billing');
    } finally {
      await pool.end();
    }
  });
});

describe('public config and event store', () => {
  it('says whether billing is on, and keeps the stored Stripe events from API clients', async () => {
    const res = await fetch(url('/config.json'));
    expect(((await res.json()) as { billingEnabled: boolean }).billingEnabled).toBe(true);
    // The webhook tests above stored events; only the server (service role) may read them.
    const stored = await serviceClient().from('billing_events').select('id, type');
    expect(stored.error).toBeNull();
    expect((stored.data ?? []).length).toBeGreaterThan(0);
    const asAnon = await anonClient().from('billing_events').select('id');
    expect(asAnon.error?.code).toBe('42501');
    const member = await signUpConfirmed('billing-events-reader');
    const asUser = await member.client.from('billing_events').select('id');
    expect(asUser.error?.code).toBe('42501');
  });
});
