import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RunningServer } from '../../src/server/server';
import { createAlertReceivers, removeAlertsServerDirs, startAlertsServer, waitFor } from '../support/alert-receivers';
import { sql } from '../support/clients';
import { createTenant, signUpConfirmed, type Tenant } from '../support/personas';

// Issue 25, drift: a tracking_drift rule compares each website's traffic (the hourly inventory
// counters the collector keeps) with its published plan and with its own usual volume, and the
// alerts reach email and webhooks like every alert. The evaluator runs at explicit times; past
// weeks' counters are inserted directly (nobody waits four weeks), today's hits go through HTTP.

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

let tenant: Tenant;
const receivers = createAlertReceivers();
let server: RunningServer;
let fixedNow: Date | null = null;
let seq = 0;

interface Site {
  id: string;
  site_key: string;
  domain: string;
}

interface AlertRow {
  id: string;
  status: string;
  subject: string;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  resolution: string | null;
}

function hit(domain: string, en: string, extra = '') {
  seq += 1;
  return {
    k: `dr${Date.now().toString(36)}${seq}`,
    m: 'POST',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=G-DRIFT1234&cid=111.222&sid=1700000000&sct=1&seg=1&_s=${seq}&dl=https%3A%2F%2F${domain}%2F&dt=Home&en=${en}${extra}`,
    b: '',
  };
}

async function send(site: Site, hits: Array<ReturnType<typeof hit>>): Promise<string[]> {
  const res = await fetch(`${inject('serverUrl')}/collect/g?site=${site.site_key}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA, origin: `https://${site.domain}` },
    body: JSON.stringify({ v: 1, hits }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Array<{ id: string; status: string }> }).results.map((r) => r.id);
}

async function createSite(label: string): Promise<Site> {
  const domain = `${label}-${Date.now().toString(36)}.example.com`;
  const { data, error } = await tenant.owner.client
    .from('websites')
    .insert({ organization_id: tenant.orgId, name: `Drift ${label}`, domain, measurement_ids: ['G-DRIFT1234'] })
    .select('id, site_key, domain')
    .single();
  if (error) throw error;
  return data as Site;
}

/**
 * A plan with page_view and purchase (value: number; currency: EUR or USD), published for the
 * website; `valueSets`: currency without an allowed list, and payment_type (string) too.
 */
async function publishPlan(site: Site, name: string, options: { valueSets?: boolean } = {}): Promise<void> {
  const admin = tenant.admin.client;
  const plan = await admin.from('tracking_plans').insert({ organization_id: tenant.orgId, name }).select('id').single();
  expect(plan.error).toBeNull();
  const planId = plan.data!.id as string;
  const versionId = (await admin.from('tracking_plan_versions').select('id').eq('plan_id', planId).eq('status', 'draft').single()).data!.id as string;
  const events = await admin.from('tracking_plan_events').insert([{ version_id: versionId, name: 'page_view', status: 'live' }, { version_id: versionId, name: 'purchase', status: 'live' }]).select('id, name');
  expect(events.error).toBeNull();
  const purchaseId = events.data!.find((e) => e.name === 'purchase')!.id as string;
  const params = await admin.from('tracking_plan_parameters').insert([
    { version_id: versionId, event_id: purchaseId, scope: 'event', name: 'value', type: 'number', required: true },
    { version_id: versionId, event_id: purchaseId, scope: 'event', name: 'currency', type: 'string', required: true, allowed_values: options.valueSets ? null : ['EUR', 'USD'] },
    ...(options.valueSets ? [{ version_id: versionId, event_id: purchaseId, scope: 'event', name: 'payment_type', type: 'string', required: false }] : []),
  ]);
  expect(params.error).toBeNull();
  expect((await admin.from('tracking_plan_websites').insert({ website_id: site.id, plan_id: planId })).error).toBeNull();
  expect((await admin.rpc('publish_tracking_plan', { plan_id: planId })).error).toBeNull();
}

/**
 * The catalog the collector keeps with the counters (tracking_inventory_catalog, which the drift
 * evaluator reads for first and last seen), rebuilt after counters are inserted directly.
 */
async function catalogued(site: Site): Promise<void> {
  await sql('select tracklint_private.rebuild_inventory_catalog($1)', [site.id]);
}

/** Counters as the collector's storage step writes them, for hours in the past or the simulated future. */
async function counters(site: Site, rows: Array<{ hour: number; event: string; hits: number }>): Promise<void> {
  for (const r of rows) {
    await sql(
      `insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, first_seen, last_seen)
       values ($1, $2, $3, $4, 'event', '', $5, $3, $3)
       on conflict (website_id, hour, event_name, scope, name) do update set hits = excluded.hits`,
      [tenant.orgId, site.id, new Date(r.hour), r.event, r.hits],
    );
  }
  await catalogued(site);
}

/** A parameter's counter and its value set for a past hour, as the collector writes them. */
async function valueSet(site: Site, hour: number, name: string, counts: Record<string, number>): Promise<void> {
  const hits = Object.values(counts).reduce((n, c) => n + c, 0);
  await sql(
    `insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, types, first_seen, last_seen)
     values ($1, $2, $3, 'purchase', 'param', $4, $5, '{string}', $3, $3)`,
    [tenant.orgId, site.id, new Date(hour), name, hits],
  );
  await sql(
    `insert into public.tracking_inventory_values_hourly (organization_id, website_id, hour, event_name, scope, name, value_counts)
     values ($1, $2, $3, 'purchase', 'param', $4, $5)`,
    [tenant.orgId, site.id, new Date(hour), name, JSON.stringify(counts)],
  );
  await catalogued(site);
}

async function driftAlerts(site: Site): Promise<AlertRow[]> {
  return sql<AlertRow>(`select * from public.alerts where website_id = $1 and kind = 'tracking_drift' order by opened_at, subject`, [site.id]);
}

async function createDriftRule(site: Site, channelIds: string[]) {
  // Publishing gave the website a default drift rule on the owners' email channel: this test's own replaces it.
  await sql(`delete from public.alert_rules where website_id = $1 and kind = 'tracking_drift' and is_default`, [site.id]);
  const { error } = await tenant.owner.client
    .from('alert_rules')
    .insert({ organization_id: tenant.orgId, website_id: site.id, name: 'Plan drift', kind: 'tracking_drift', severity: 'critical', params: { weeks: 4 }, channel_ids: channelIds });
  expect(error).toBeNull();
}

const evaluate = async (at: number) => {
  fixedNow = new Date(at);
  return server.alerts!.evaluate(new Date(at));
};

beforeAll(async () => {
  await receivers.listen();
  server = await startAlertsServer(receivers.smtpPort, () => fixedNow ?? new Date());
  tenant = await createTenant('drift', 'enterprise');
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await receivers.close();
  removeAlertsServerDirs();
});

describe('tracking plan drift alerts', () => {
  it('rejects drift rule parameters out of range and changes nothing', async () => {
    const { error } = await tenant.owner.client.from('alert_rules').insert({ organization_id: tenant.orgId, name: 'x', kind: 'tracking_drift', params: { weeks: 12 } });
    expect(error?.message).toContain('weeks must be between 1 and 8');
    expect(await sql(`select 1 from public.alert_rules where organization_id = $1 and kind = 'tracking_drift'`, [tenant.orgId])).toEqual([]);
  });

  it("a plan's first publication gives each of its websites a default drift rule on the owners' email channel; later ones do not", async () => {
    const site = await createSite('defaults');
    await publishPlan(site, 'Defaults');
    const rules = () =>
      sql<{ id: string; name: string; is_default: boolean; severity: string; channels: string[] }>(
        `select r.id, r.name, r.is_default, r.severity,
                array(select c.kind || ':' || c.email_members from public.alert_channels c where c.id = any(r.channel_ids)) as channels
         from public.alert_rules r where r.website_id = $1 and r.kind = 'tracking_drift'`,
        [site.id],
      );
    const first = await rules();
    expect(first.map(({ id: _id, ...r }) => r)).toEqual([{ name: 'Tracking drift from the plan', is_default: true, severity: 'warning', channels: ['email:true'] }]);
    // The owner deletes it; the next version does not bring it back.
    expect((await tenant.owner.client.from('alert_rules').delete().eq('id', first[0]!.id)).error).toBeNull();
    const planId = (await sql<{ plan_id: string }>('select plan_id from public.tracking_plan_websites where website_id = $1', [site.id]))[0]!.plan_id;
    expect((await tenant.admin.client.rpc('publish_tracking_plan', { plan_id: planId })).error).toBeNull();
    expect(await rules()).toEqual([]);
  });

  it('a planned event with steady volume stops: email and webhook name the change, then it resolves when the event returns', async () => {
    const site = await createSite('stop');
    await publishPlan(site, 'Checkout');
    const hook = await fetch(`${server.url}/api/alerts/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.owner.accessToken}` },
      body: JSON.stringify({ organization_id: tenant.orgId, name: 'Drift hook', kind: 'webhook', url: `${receivers.url}/drift` }),
    });
    expect(hook.status).toBe(201);
    const hookId = ((await hook.json()) as { channel: { id: string } }).channel.id;
    const email = await fetch(`${server.url}/api/alerts/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.owner.accessToken}` },
      body: JSON.stringify({ organization_id: tenant.orgId, name: 'Drift mail', kind: 'email', email_recipients: ['analytics@drift.example.test'], email_members: false }),
    });
    expect(email.status).toBe(201);
    const emailId = ((await email.json()) as { channel: { id: string } }).channel.id;
    await createDriftRule(site, [hookId, emailId]);

    // Purchases arrive now through the collector (the steady traffic before it broke)…
    const sent = await send(site, Array.from({ length: 5 }, () => hit(site.domain, 'purchase', '&cu=EUR&epn.value=20')));
    // …and the evaluation runs two hours later: the hour before it, purchases usually number about
    // 120 on this weekday (four weeks of counters), page_view is usually quiet at that hour.
    const at = floorHour(Date.now()) + 2 * HOUR + 60_000;
    const lastHour = floorHour(at) - HOUR;
    await counters(site, [
      ...[1, 2, 3, 4].map((w) => ({ hour: lastHour - w * WEEK, event: 'purchase', hits: [118, 120, 125, 0][w - 1]! })),
      ...[1, 2, 3, 4].map((w) => ({ hour: lastHour - w * WEEK, event: 'page_view', hits: [0, 2, 1, 0][w - 1]! })),
    ]);

    const first = await evaluate(at);
    const opened = await driftAlerts(site);
    // A quiet hour is not an incident: page_view (usually ~1 at that hour) opens nothing.
    expect(opened.map((a) => [a.subject, a.status])).toEqual([['volume:purchase', 'open']]);
    const alert = opened[0]!;
    expect(first.opened).toContain(alert.id);
    expect(alert.title).toBe(`Drift stop: purchase stopped arriving`);
    expect(alert.details).toMatchObject({
      change: 'stopped',
      event_name: 'purchase',
      current: 0,
      baseline: 119,
      weekly: [118, 120, 125, 0],
      share_pct: 0,
      plan: 'Checkout',
      plan_version: 1,
      plan_entry: 'event purchase',
      hour: new Date(lastHour).toISOString(),
    });
    // When it started: the last purchase seen, within the minute the hits were sent.
    expect(Date.parse(String(alert.details.started_at))).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(alert.details.example_request_ids).toHaveLength(3);
    for (const id of alert.details.example_request_ids as string[]) expect(sent).toContain(id);

    const webhook = await waitFor('the drift webhook', () => receivers.requests.find((r) => r.path === '/drift' && r.body.includes('"alert.opened"')));
    const body = JSON.parse(webhook.body) as { alert: { kind: string; title: string; summary: string; details: Record<string, unknown> } };
    expect(body.alert).toMatchObject({ kind: 'tracking_drift', title: alert.title, details: expect.objectContaining({ change: 'stopped', plan_entry: 'event purchase' }) });
    expect(body.alert.summary).toContain('against a usual 119');
    const mail = await waitFor('the drift email', () => receivers.mails.find((m) => m.to.includes('analytics@drift.example.test') && m.subject.includes('purchase stopped arriving')));
    expect(mail.subject).toContain('Critical alert');
    expect(mail.text).toContain('Checkout v1: purchase');
    expect(mail.text).toContain((alert.details.example_request_ids as string[])[0]);

    // The same evaluation a minute later keeps the one alert and notifies nobody again.
    const again = await evaluate(at + 60_000);
    expect(again.kept).toContain(alert.id);
    expect(await driftAlerts(site)).toHaveLength(1);

    // Purchases return in the current hour (the collector's counter for it): resolved, and said so.
    await counters(site, [{ hour: floorHour(at), event: 'purchase', hits: 40 }]);
    const back = await evaluate(at + 5 * 60_000);
    expect(back.resolved).toContain(alert.id);
    const [resolved] = await driftAlerts(site);
    expect(resolved).toMatchObject({ id: alert.id, status: 'resolved', resolution: 'auto' });
    await waitFor('the resolved webhook', () => receivers.requests.find((r) => r.path === '/drift' && r.body.includes('"alert.resolved"')));
    await waitFor('the resolved email', () => receivers.mails.find((m) => m.to.includes('analytics@drift.example.test') && m.subject.startsWith('[Tracklint] Resolved') && m.subject.includes('purchase')));
  });

  it('traffic that contradicts the plan: a new event, a parameter changing type, values outside the list, each with examples', async () => {
    const site = await createSite('schema');
    await publishPlan(site, 'Shop');
    await createDriftRule(site, []);
    const [renamed] = await send(site, [hit(site.domain, 'formSubmit')]);
    const [typed] = await send(site, [hit(site.domain, 'purchase', '&cu=usd&ep.value=twenty')]);

    await evaluate(Date.now() + 60_000);
    const alerts = await driftAlerts(site);
    const bySubject = new Map(alerts.map((a) => [a.subject, a]));
    expect([...bySubject.keys()].sort()).toEqual(['new_event:formSubmit', 'param_type:purchase.param.value', 'values:purchase.param.currency']);
    expect(bySubject.get('new_event:formSubmit')!.details).toMatchObject({ change: 'new_event', example_request_ids: [renamed] });
    expect(bySubject.get('param_type:purchase.param.value')!.details).toMatchObject({ change: 'parameter_type', types_seen: ['string'], plan_entry: 'purchase.value: number', example_request_ids: [typed] });
    expect(bySubject.get('values:purchase.param.currency')!.details).toMatchObject({ change: 'value_set', values_seen: ['usd'], plan_entry: 'purchase.currency in [EUR, USD]' });

    // Two hours on, the window holds none of it: traffic is back to the plan and each resolves.
    await evaluate(floorHour(Date.now()) + 2 * HOUR + 60_000);
    expect((await driftAlerts(site)).map((a) => a.status)).toEqual(['resolved', 'resolved', 'resolved']);
  });

  it('a parameter vanishes from a planned event that still arrives', async () => {
    const site = await createSite('vanish');
    await publishPlan(site, 'Vanish');
    await createDriftRule(site, []);
    const at = floorHour(Date.now()) + 2 * HOUR + 60_000;
    const lastHour = floorHour(at) - HOUR;
    // currency came with purchase yesterday; in the last hour, 30 purchases came without it.
    await sql(
      `insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, first_seen, last_seen)
       values ($1, $2, $3, 'purchase', 'param', 'currency', 50, $3, $3), ($1, $2, $4, 'purchase', 'event', '', 30, $4, $4), ($1, $2, $4, 'purchase', 'param', 'value', 30, $4, $4)`,
      [tenant.orgId, site.id, new Date(lastHour - 24 * HOUR), new Date(lastHour)],
    );
    await catalogued(site);
    await evaluate(at);
    const alerts = await driftAlerts(site);
    expect(alerts.map((a) => a.subject)).toEqual(['param_vanished:purchase.currency']);
    expect(alerts[0]!.details).toMatchObject({ change: 'parameter_vanished', parameter: 'currency', hits: 30, plan_entry: 'purchase.currency (required)', started_at: new Date(lastHour - 24 * HOUR).toISOString() });
  });

  it('the collector keeps each parameter\'s hourly value set, bounded, and members of the organization alone read it', async () => {
    const site = await createSite('values-kept');
    const hits = Array.from({ length: 25 }, (_, i) => hit(site.domain, 'purchase', `&cu=${i % 5 === 0 ? 'eur' : 'EUR'}&ep.payment_type=card&ep.transaction_id=T-${i}&epn.value=${i + 0.5}`));
    await send(site, hits);
    const rows = await sql<{ name: string; value_counts: Record<string, number>; high_cardinality: boolean; hits: string }>(
      `select v.name, v.value_counts, v.high_cardinality, i.hits::text
       from public.tracking_inventory_values_hourly v
       join public.tracking_inventory_hourly i using (website_id, hour, event_name, scope, name)
       where v.website_id = $1 and v.name = any($2) order by v.name`,
      [site.id, ['currency', 'payment_type', 'transaction_id', 'value']],
    );
    // Prices are numbers: no value set. 25 distinct transaction ids: past the bound of 20, cut off.
    expect(rows.map((r) => [r.name, r.value_counts, r.high_cardinality, r.hits])).toEqual([
      ['currency', { EUR: 20, eur: 5 }, false, '25'],
      ['payment_type', { card: 25 }, false, '25'],
      ['transaction_id', {}, true, '25'],
    ]);
    const own = await tenant.member.client.from('tracking_inventory_values_hourly').select('name').eq('website_id', site.id).in('name', ['currency', 'payment_type', 'transaction_id']);
    expect(own.error).toBeNull();
    expect(own.data!.map((r) => r.name).sort()).toEqual(['currency', 'payment_type', 'transaction_id']);
    const outsider = await signUpConfirmed('values-outsider');
    const other = await outsider.client.from('tracking_inventory_values_hourly').select('name').eq('website_id', site.id);
    expect(other).toMatchObject({ error: null, data: [] });
    // Deleting the website's counters (retention does, by hour) takes their value sets with them.
    await sql(`delete from public.tracking_inventory_hourly where website_id = $1 and name = 'currency'`, [site.id]);
    const left = await sql<{ name: string }>(`select name from public.tracking_inventory_values_hourly where website_id = $1 and name in ('currency', 'payment_type') order by name`, [site.id]);
    expect(left.map((r) => r.name)).toEqual(['payment_type']);
  });

  it('a value set changes (a currency in lower case, a new payment_type, a usual currency gone): the webhook names the parameter and the values, then it resolves', async () => {
    const site = await createSite('values');
    await publishPlan(site, 'Values', { valueSets: true });
    const hook = await fetch(`${server.url}/api/alerts/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tenant.owner.accessToken}` },
      body: JSON.stringify({ organization_id: tenant.orgId, name: 'Values hook', kind: 'webhook', url: `${receivers.url}/values` }),
    });
    expect(hook.status).toBe(201);
    await createDriftRule(site, [((await hook.json()) as { channel: { id: string } }).channel.id]);

    const at = Date.now() + 60_000;
    const windowStart = floorHour(at) - HOUR;
    // The baseline: purchases always in EUR, paid by card or PayPal, the same hour yesterday and one and two weeks ago.
    for (const back of [24 * HOUR, 7 * 24 * HOUR, 14 * 24 * HOUR]) {
      await valueSet(site, windowStart - back, 'currency', { EUR: 120 });
      await valueSet(site, windowStart - back, 'payment_type', { card: 100, paypal: 20 });
    }
    // Now, through the collector: twelve purchases in "eur", ten by card and two in crypto.
    const sent = await send(site, Array.from({ length: 12 }, (_, i) => hit(site.domain, 'purchase', `&cu=eur&epn.value=20&ep.payment_type=${i < 10 ? 'card' : 'crypto'}`)));
    const cryptoIds = sent.slice(10);

    await evaluate(at);
    const alerts = await driftAlerts(site);
    const bySubject = new Map(alerts.map((a) => [a.subject, a]));
    // paypal (a sixth of the baseline, about 2 of 12 hits) is too rare to call gone; EUR (all of it) is not.
    expect([...bySubject.keys()].sort()).toEqual(['new_values:purchase.param.currency', 'new_values:purchase.param.payment_type', 'values_vanished:purchase.param.currency']);
    const crypto = bySubject.get('new_values:purchase.param.payment_type')!;
    expect(crypto.title).toBe('Drift values: purchase.payment_type has new values "crypto"');
    expect(crypto.details).toMatchObject({ change: 'new_values', parameter: 'payment_type', new_values: ['crypto'], hits: 2, usual_values: ['card', 'paypal'], plan: 'Values', plan_entry: 'purchase.payment_type' });
    expect(crypto.details.started_at).toBe(new Date(floorHour(Date.now())).toISOString());
    expect([...(crypto.details.example_request_ids as string[])].sort()).toEqual([...cryptoIds].sort());
    expect(bySubject.get('new_values:purchase.param.currency')!.details).toMatchObject({ new_values: ['eur'], hits: 12, usual_values: ['EUR'] });
    expect(bySubject.get('values_vanished:purchase.param.currency')!.details).toMatchObject({ change: 'values_vanished', vanished_values: ['EUR'], hits: 12 });

    const webhook = await waitFor('the value-set webhook', () => receivers.requests.find((r) => r.path === '/values' && r.body.includes('"alert.opened"') && r.body.includes('crypto')));
    const body = JSON.parse(webhook.body) as { alert: { kind: string; title: string; summary: string; details: Record<string, unknown> } };
    expect(body.alert).toMatchObject({ kind: 'tracking_drift', title: crypto.title, details: expect.objectContaining({ parameter: 'payment_type', new_values: ['crypto'] }) });
    expect(body.alert.summary).toContain('payment_type on purchase arrived with "crypto" (2 hits)');

    // Two hours on, the window holds none of it: each resolves.
    await evaluate(floorHour(Date.now()) + 2 * HOUR + 60_000);
    expect((await driftAlerts(site)).map((a) => a.status)).toEqual(['resolved', 'resolved', 'resolved']);
  });
});
