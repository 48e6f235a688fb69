import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createTenant, type Tenant } from '../support/personas';

// Issue 25 through HTTP: a published plan guards every hit the collector stores, and the right
// plan.* findings land on the right hits.

const SHOP = 'plans.example.com';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
let tenant: Tenant;
let site: { id: string; site_key: string };
let seq = 0;

interface StoredIssue {
  ruleId: string;
  severity: string;
  path: string;
  message: string;
  plan?: { version: string; expected: string; parameter?: string };
}

function hit(en: string, extra = '', domain = SHOP) {
  seq += 1;
  return {
    k: `tp${Date.now().toString(36)}${seq}`,
    m: 'POST',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=G-PLAN1234&cid=111.222&sid=1700000000&sct=1&seg=1&_s=${seq}&dl=https%3A%2F%2F${domain}%2F&dt=Home&en=${en}${extra}`,
    b: '',
  };
}

/** Sends hits through the collector; returns their stored ids in order. */
async function send(hits: Array<ReturnType<typeof hit>>): Promise<string[]> {
  const res = await fetch(`${inject('serverUrl')}/collect/g?site=${site.site_key}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA, origin: `https://${SHOP}` },
    body: JSON.stringify({ v: 1, hits }),
  });
  expect(res.status).toBe(200);
  const json = (await res.json()) as { results: Array<{ id: string }> };
  return json.results.map((r) => r.id);
}

async function issuesOf(id: string): Promise<StoredIssue[]> {
  const { data, error } = await tenant.member.client.from('collected_requests').select('issues').eq('id', id).single();
  if (error) throw error;
  return (data!.issues as StoredIssue[]).filter((i) => i.ruleId.startsWith('plan.'));
}

const PURCHASE = '&cu=EUR&ep.transaction_id=T1&epn.value=20&pr1=idSKU1~nmShirt~pr10~qt2';

beforeAll(async () => {
  tenant = await createTenant('tp-collector', 'pro');
  const { data, error } = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'Plans', domain: SHOP, measurement_ids: ['G-PLAN1234'] }).select('id, site_key').single();
  if (error) throw error;
  site = data as { id: string; site_key: string };
}, 120_000);

describe('a published plan guards the collector', () => {
  it('hits before a plan carry no plan finding; after publishing, breaking hits carry the right ones', async () => {
    const [before] = await send([hit('formSubmit')]);
    expect(await issuesOf(before!)).toEqual([]);

    const admin = tenant.admin.client;
    const plan = await admin.from('tracking_plans').insert({ organization_id: tenant.orgId, name: 'Shop' }).select('id').single();
    expect(plan.error).toBeNull();
    const planId = plan.data!.id as string;
    const draft = await admin.from('tracking_plan_versions').select('id').eq('plan_id', planId).eq('status', 'draft').single();
    const versionId = draft.data!.id as string;
    const events = await admin.from('tracking_plan_events').insert([{ version_id: versionId, name: 'page_view', status: 'live' }, { version_id: versionId, name: 'purchase', status: 'live' }]).select('id, name');
    expect(events.error).toBeNull();
    const purchaseId = events.data!.find((e) => e.name === 'purchase')!.id as string;
    const params = await admin.from('tracking_plan_parameters').insert([
      { version_id: versionId, event_id: purchaseId, scope: 'event', name: 'transaction_id', type: 'string', required: true },
      { version_id: versionId, event_id: purchaseId, scope: 'event', name: 'value', type: 'number', required: true },
      { version_id: versionId, event_id: purchaseId, scope: 'event', name: 'currency', type: 'string', required: true, allowed_values: ['EUR', 'USD'] },
      ...['item_id', 'item_name'].map((name) => ({ version_id: versionId, event_id: purchaseId, scope: 'item', name, type: 'string', required: false })),
      ...['price', 'quantity'].map((name) => ({ version_id: versionId, event_id: purchaseId, scope: 'item', name, type: 'number', required: false })),
    ]);
    expect(params.error).toBeNull();
    expect((await admin.from('tracking_plan_websites').insert({ website_id: site.id, plan_id: planId })).error).toBeNull();
    expect((await admin.rpc('publish_tracking_plan', { plan_id: planId })).error).toBeNull();

    // The publish reaches the collector's cache through NOTIFY: send until the plan applies.
    let ids: string[] = [];
    await expect
      .poll(
        async () => {
          ids = await send([hit('page_view'), hit('purchase', PURCHASE), hit('formSubmit'), hit('purchase', '&cu=eur&ep.transaction_id=T2&ep.value=20&pr1=idSKU1~nmShirt~pr10~qt2')]);
          return (await issuesOf(ids[2]!)).length;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(1);
    const [pageView, goodPurchase, renamed, badPurchase] = await Promise.all(ids.map(issuesOf));
    expect(pageView).toEqual([]);
    expect(goodPurchase).toEqual([]);
    expect(renamed!.map((i) => [i.ruleId, i.severity, i.path])).toEqual([['plan.unplanned_event', 'warning', 'events[0].name']]);
    expect(renamed![0]!.plan).toMatchObject({ version: 'v1', expected: 'events page_view, purchase' });
    expect(badPurchase!.map((i) => [i.ruleId, i.path]).sort()).toEqual([
      ['plan.parameter_type', 'events[0].params.value'],
      ['plan.value_not_allowed', 'events[0].params.currency'],
    ]);
    expect(badPurchase!.find((i) => i.ruleId === 'plan.parameter_type')!.plan).toMatchObject({ version: 'v1', parameter: 'value', expected: 'number, required' });

    // The severity per finding kind is the customer's: silence unplanned events.
    expect((await admin.from('tracking_plans').update({ severities: { 'plan.unplanned_event': 'off' } }).eq('id', planId)).error).toBeNull();
    await expect
      .poll(async () => (await issuesOf((await send([hit('formSubmit')]))[0]!)).length, { timeout: 10_000, interval: 100 })
      .toBe(0);
  });
});

describe('the plan writes itself from traffic', () => {
  let shop: { id: string; site_key: string };
  const INFERRED = 'inferred.example.com';
  const h = (en: string, extra = '') => hit(en, extra, INFERRED);

  async function sendTo(siteKey: string, hits: Array<ReturnType<typeof hit>>): Promise<string[]> {
    const res = await fetch(`${inject('serverUrl')}/collect/g?site=${siteKey}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': UA, origin: `https://${INFERRED}` },
      body: JSON.stringify({ v: 1, hits }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Array<{ id: string }> }).results.map((r) => r.id);
  }

  beforeAll(async () => {
    const { data, error } = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'Inferred', domain: INFERRED, measurement_ids: ['G-PLAN1234'] }).select('id, site_key').single();
    if (error) throw error;
    shop = data as { id: string; site_key: string };
  });

  it('counts every event and parameter as hits are stored, proposes a draft from them, and the published draft catches a breaking deploy', async () => {
    await sendTo(shop.site_key, [
      h('page_view'),
      h('page_view'),
      h('add_to_cart', '&cu=EUR&epn.value=10&pr1=idSKU1~nmShirt~pr10~qt1'),
      h('purchase', `${PURCHASE}&ep.contact=jane%40example.com&ep.payment_type=card`),
      h('purchase', '&cu=USD&ep.transaction_id=T9&epn.value=5.5&pr1=idSKU2~nmHat~pr5~qt1'),
    ]);

    // The inventory, read by a member: hourly counters, never a scan of the log.
    const inv = await tenant.member.client.rpc('tracking_inventory', { target_website_id: shop.id, days: 7 });
    expect(inv.error).toBeNull();
    const rows = inv.data as Array<{ event_name: string; scope: string; name: string; hits: number; share: number; types: string[]; examples: string[] }>;
    const find = (e: string, s: string, n: string) => rows.find((r) => r.event_name === e && r.scope === s && r.name === n);
    expect(find('page_view', 'event', '')?.hits).toBe(2);
    expect(find('purchase', 'param', 'value')).toMatchObject({ hits: 2, share: 1, types: ['integer', 'number'] });
    expect(find('purchase', 'param', 'payment_type')).toMatchObject({ hits: 1, share: 0.5 });
    expect(find('purchase', 'param', 'contact')?.examples).toEqual(['…@example.com']);
    expect(find('purchase', 'item', 'item_id')?.types).toEqual(['string']);

    const plan = await tenant.admin.client.from('tracking_plans').insert({ organization_id: tenant.orgId, name: 'Inferred' }).select('id').single();
    const planId = plan.data!.id as string;
    const proposed = await tenant.admin.client.rpc('tracking_plan_draft_from_traffic', { plan_id: planId, source_website_id: shop.id, days: 7 });
    expect(proposed.error).toBeNull();
    expect((proposed.data as { events: number }).events).toBe(3);
    const member = await tenant.member.client.rpc('tracking_plan_draft_from_traffic', { plan_id: planId, source_website_id: shop.id, days: 7 });
    expect(member.error?.message).toBe('Only owners and admins can edit a tracking plan');

    const draft = (await tenant.admin.client.from('tracking_plan_versions').select('id').eq('plan_id', planId).eq('status', 'draft').single()).data!.id as string;
    const params = await tenant.admin.client.from('tracking_plan_parameters').select('name, scope, type, required, event:tracking_plan_events(name)').eq('version_id', draft);
    const purchase = (params.data as unknown as Array<{ name: string; scope: string; type: string; required: boolean; event: { name: string } | null }>).filter((p) => p.event?.name === 'purchase');
    expect(purchase.find((p) => p.name === 'value')).toMatchObject({ scope: 'event', type: 'number', required: true });
    expect(purchase.find((p) => p.name === 'currency')).toMatchObject({ type: 'string', required: true });
    expect(purchase.find((p) => p.name === 'payment_type')).toMatchObject({ required: false });

    // The customer rejects one proposed parameter and publishes.
    expect((await tenant.admin.client.from('tracking_plan_parameters').delete().eq('version_id', draft).eq('name', 'contact')).error).toBeNull();
    expect((await tenant.admin.client.from('tracking_plan_websites').insert({ website_id: shop.id, plan_id: planId })).error).toBeNull();
    expect((await tenant.admin.client.rpc('publish_tracking_plan', { plan_id: planId })).error).toBeNull();

    let ids: string[] = [];
    await expect
      .poll(
        async () => {
          ids = await sendTo(shop.site_key, [h('purchase', '&cu=EUR&ep.transaction_id=T3&ep.value=20&ep.contact=x'), h('add_to_cart', '&cu=EUR&epn.value=10&pr1=idSKU1~nmShirt~pr10~qt1')]);
          return (await issuesOf(ids[0]!)).length;
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(0);
    expect((await issuesOf(ids[0]!)).map((i) => [i.ruleId, i.path]).sort()).toEqual([
      ['plan.parameter_type', 'events[0].params.value'],
      ['plan.unplanned_parameter', 'events[0].params.contact'],
    ]);
    expect(await issuesOf(ids[1]!)).toEqual([]);
  });
});
