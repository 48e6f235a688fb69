import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RunningServer } from '../../src/server/server';
import { createAlertReceivers, removeAlertsServerDirs, startAlertsServer, waitFor } from '../support/alert-receivers';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';

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

/** A plan with page_view and purchase (value: number; currency: EUR or USD), published for the website. */
async function publishPlan(site: Site, name: string): Promise<void> {
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
    { version_id: versionId, event_id: purchaseId, scope: 'event', name: 'currency', type: 'string', required: true, allowed_values: ['EUR', 'USD'] },
  ]);
  expect(params.error).toBeNull();
  expect((await admin.from('tracking_plan_websites').insert({ website_id: site.id, plan_id: planId })).error).toBeNull();
  expect((await admin.rpc('publish_tracking_plan', { plan_id: planId })).error).toBeNull();
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
    await evaluate(at);
    const alerts = await driftAlerts(site);
    expect(alerts.map((a) => a.subject)).toEqual(['param_vanished:purchase.currency']);
    expect(alerts[0]!.details).toMatchObject({ change: 'parameter_vanished', parameter: 'currency', hits: 30, plan_entry: 'purchase.currency (required)', started_at: new Date(lastHour - 24 * HOUR).toISOString() });
  });
});
