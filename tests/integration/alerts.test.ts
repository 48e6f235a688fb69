import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RunningServer } from '../../src/server/server';
import type { AlertsOptions } from '../../src/server/alerts/service';
import { createAlertReceivers, removeAlertsServerDirs, startAlertsServer as startAlertsServerOn, waitFor, type ReceivedRequest } from '../support/alert-receivers';
import { serviceClient, sql } from '../support/clients';
import { createTenant, signUpConfirmed, type Persona, type Tenant } from '../support/personas';

// ---------------------------------------------------------------------------------------------
// Receivers the notifications really go to: an SMTP server and an HTTP server on 127.0.0.1.
// ---------------------------------------------------------------------------------------------

const receivers = createAlertReceivers();
const { mails, answers } = receivers;
const received = receivers.requests;

/** Verifies X-Tracklint-Signature the way a receiver would. */
function signatureValid(r: ReceivedRequest, secret: string): boolean {
  const header = String(r.headers['x-tracklint-signature'] ?? '');
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const expected = createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'));
}

// ---------------------------------------------------------------------------------------------
// A second server on the shared database, with SMTP pointed at the test's SMTP server, and a
// clock the tests move.
// ---------------------------------------------------------------------------------------------

let fixedNow: Date | null = null;
const clock = () => fixedNow ?? new Date();
const startAlertsServer = (alerts: AlertsOptions) => startAlertsServerOn(receivers.smtpPort, clock, alerts);

let server: RunningServer;

// ---------------------------------------------------------------------------------------------
// Hits, posted through the collector like a website's tracker would.
// ---------------------------------------------------------------------------------------------

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
let keySeq = 0;

function hit(domain: string, options: { en?: string; cid?: boolean; tid?: string; extra?: string; sid?: number } = {}) {
  keySeq += 1;
  const cid = options.cid === false ? '' : '&cid=111.222';
  const sid = options.sid ?? 1700000000;
  return {
    k: `al${Date.now().toString(36)}${keySeq.toString(36).padStart(6, '0')}`,
    m: 'POST',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=${options.tid ?? 'G-ALERT1234'}${cid}&sid=${sid}&sct=1&seg=1&_s=1&dl=https%3A%2F%2F${domain}%2F&dt=Home&en=${options.en ?? 'page_view'}${options.extra ?? ''}`,
    b: '',
  };
}

/** Posts n hits in batches of at most 50 and returns each hit's result. */
async function post(site: Site, n: number, options: Parameters<typeof hit>[1] & { origin?: string; ua?: string } = {}) {
  const results: Array<{ status: string; validation?: string; reason?: string }> = [];
  for (let done = 0; done < n; done += 50) {
    const batch = Array.from({ length: Math.min(50, n - done) }, () => hit(site.domain, options));
    const res = await fetch(`${inject('serverUrl')}/collect/g?site=${site.site_key}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'user-agent': options.ua ?? UA, origin: options.origin ?? `https://${site.domain}` },
      body: JSON.stringify({ v: 1, hits: batch }),
    });
    const json = (await res.json()) as { results?: typeof results; reason?: string };
    results.push(...(json.results ?? batch.map(() => ({ status: 'refused', reason: json.reason }))));
  }
  return results;
}

interface Site {
  id: string;
  site_key: string;
  domain: string;
}

let siteSeq = 0;
async function createWebsite(owner: Persona, orgId: string, label: string, extra: Record<string, unknown> = {}): Promise<Site> {
  siteSeq += 1;
  const domain = `${label}-${siteSeq}-${Date.now().toString(36)}.example.com`;
  const { data, error } = await owner.client
    .from('websites')
    .insert({ organization_id: orgId, name: `Site ${label}`, domain, measurement_ids: ['G-ALERT1234'], ...extra })
    .select('id, site_key, domain')
    .single();
  if (error) throw error;
  return data as Site;
}

interface AlertRow {
  id: string;
  status: string;
  kind: string;
  severity: string;
  subject: string;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  link: string | null;
  resolution: string | null;
  acknowledged_by: string | null;
}

async function alertsOf(websiteId: string | null, kind: string, orgId?: string): Promise<AlertRow[]> {
  return websiteId
    ? sql<AlertRow>('select * from public.alerts where website_id = $1 and kind = $2 order by opened_at, id', [websiteId, kind])
    : sql<AlertRow>('select * from public.alerts where organization_id = $1 and kind = $2 order by opened_at, subject', [orgId, kind]);
}

interface DeliveryRow {
  id: string;
  status: string;
  event: string;
  attempts: number;
  last_status_code: number | null;
  attempt_log: Array<{ status_code: number | null; error: string | null }>;
}

/** Polls until every delivery of the alert (and event) is settled: sends are jobs, so they finish after the evaluation returns. */
async function settledDeliveries(alertId: string, event: string, count = 1): Promise<DeliveryRow[]> {
  for (let i = 0; i < 300; i++) {
    const rows = await sql<DeliveryRow>(`select d.*, c.kind as channel_kind from public.alert_deliveries d join public.alert_channels c on c.id = d.channel_id where alert_id = $1 and event = $2 order by c.kind`, [
      alertId,
      event,
    ]);
    if (rows.length >= count && rows.every((r) => r.status !== 'pending')) return rows;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`deliveries of ${alertId} (${event}) did not settle`);
}

async function createChannel(persona: Persona, body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/alerts/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${persona.accessToken}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { channel?: { id: string; target_hint: string | null }; signing_secret?: string; error?: string } };
}

async function callApi(persona: Persona, method: string, p: string, body?: unknown) {
  const res = await fetch(`${server.url}${p}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${persona.accessToken}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function createRule(persona: Persona, rule: Record<string, unknown>) {
  return persona.client.from('alert_rules').insert(rule).select('*').single();
}

const HOUR = 3_600_000;
const floorHour = (ms: number) => Math.floor(ms / HOUR) * HOUR;

let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  await receivers.listen();
  server = await startAlertsServer({});
  [tenant, other] = await Promise.all([createTenant('alerts', 'enterprise'), createTenant('alerts-other', 'enterprise')]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await receivers.close();
  removeAlertsServerDirs();
});

describe('default rules and plans', () => {
  it('gives every new website the default rules and the organization one email channel to owners and admins', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'defaults');
    const { data: rules } = await tenant.viewer.client.from('alert_rules').select('kind, is_default, website_id, channel_ids').eq('organization_id', tenant.orgId);
    const mine = (rules ?? []).filter((r) => r.website_id === site.id);
    expect(mine.map((r) => r.kind).sort()).toEqual(['failure_rate', 'no_hits', 'refused_hits', 'rule_failing', 'volume_drop']);
    expect(mine.every((r) => r.is_default)).toBe(true);
    expect((rules ?? []).filter((r) => r.kind === 'usage')).toHaveLength(1);
    const { data: channels } = await tenant.member.client.from('alert_channels').select('id, kind, email_members, is_default').eq('organization_id', tenant.orgId).eq('is_default', true);
    expect(channels).toEqual([expect.objectContaining({ kind: 'email', email_members: true })]);
    expect(mine[0]!.channel_ids).toEqual([channels![0]!.id]);
  });

  it('lets owners and admins change rules, members and viewers only read them', async () => {
    const { data: rule } = await tenant.owner.client.from('alert_rules').select('id, params').eq('organization_id', tenant.orgId).eq('kind', 'usage').single();
    const byMember = await tenant.member.client.from('alert_rules').update({ enabled: false }).eq('id', rule!.id).select('id');
    expect(byMember.data).toEqual([]);
    const byViewer = await tenant.viewer.client.from('alert_rules').delete().eq('id', rule!.id).select('id');
    expect(byViewer.data).toEqual([]);
    const byAdmin = await tenant.admin.client.from('alert_rules').update({ name: 'Usage (checked)' }).eq('id', rule!.id).select('name, is_default');
    expect(byAdmin.data).toEqual([{ name: 'Usage (checked)', is_default: true }]);
    const bad = await tenant.admin.client.from('alert_rules').update({ params: { thresholds: [0.5] } }).eq('id', rule!.id);
    expect(bad.error?.message).toContain('thresholds must be a list of 0.8, 0.9 and 1');
    const byMemberInsert = await createRule(tenant.member, { organization_id: tenant.orgId, name: 'x', kind: 'no_hits', params: { minutes: 30 } });
    expect(byMemberInsert.error).not.toBeNull();
  });

  it('gates custom rules, Slack and webhooks behind custom_alerts while free organizations keep default rules and email', async () => {
    const free = await signUpConfirmed('alerts-free');
    const { data } = await free.client.rpc('complete_user_signup', { user_id: free.user.id, org_name: 'Free Alerts', org_slug: `free-alerts-${Date.now().toString(36)}`, org_plan: 'free' });
    const orgId = (data as { organization_id: string }).organization_id;
    await createWebsite(free, orgId, 'free');
    const { data: defaults } = await free.client.from('alert_rules').select('id').eq('organization_id', orgId);
    expect(defaults!.length).toBe(6);
    const custom = await createRule(free, { organization_id: orgId, name: 'Mine', kind: 'no_hits', params: { minutes: 30 } });
    expect(custom.error).not.toBeNull();
    const slack = await createChannel(free, { organization_id: orgId, name: 'Slack', kind: 'slack', url: `${receivers.url}/free-slack` });
    expect(slack.status).toBe(403);
    expect(slack.json.error).toBe('Slack and webhook channels need the Starter plan or higher.');
    const email = await createChannel(free, { organization_id: orgId, name: 'Ops', kind: 'email', email_recipients: ['ops@example.test'], email_members: false });
    expect(email.status).toBe(201);
  });
});

describe('evaluation: each kind opens, deduplicates and resolves from collected hits', () => {
  it('failure rate: opens on failing hits, keeps one alert, emails owners and admins, resolves when good hits bring the rate down', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'failrate');
    const bad = await post(site, 20, { cid: false });
    expect(bad.every((r) => r.status === 'stored' && r.validation === 'fail')).toBe(true);

    const first = await server.alerts!.evaluate(new Date());
    const [alert] = await alertsOf(site.id, 'failure_rate');
    expect(first.opened).toContain(alert!.id);
    expect(alert).toMatchObject({ status: 'open', severity: 'critical', link: `/app/requests?website=${site.id}&status=fail&range=1h` });
    expect(alert!.details).toMatchObject({ stored: 20, failed: 20, rate_pct: 100 });

    const second = await server.alerts!.evaluate(new Date());
    expect(second.kept).toContain(alert!.id);
    expect(await alertsOf(site.id, 'failure_rate')).toHaveLength(1);

    const [delivery] = await settledDeliveries(alert!.id, 'opened');
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1, last_status_code: 250 });
    const mail = await waitFor('alert email', () => mails.find((m) => m.to.includes(tenant.owner.email) && m.text.includes(site.id) && m.subject.includes('fail validation')));
    expect(mail.subject).toBe(`[Tracklint] Critical alert: Site failrate: 100% of requests fail validation`);
    expect(mail.text).toContain('20 of 20 requests failed in the last 60 minutes (alert above 20%).');
    expect(mail.text).toContain(`${server.deps.publicUrl}/app/requests?website=${site.id}&status=fail&range=1h`);
    expect(mails.some((m) => m.to.includes(tenant.admin.email) && m.text.includes(site.id))).toBe(true);
    expect(mails.some((m) => m.to.includes(tenant.member.email))).toBe(false);

    const good = await post(site, 80);
    expect(good.every((r) => r.status === 'stored' && r.validation !== 'fail')).toBe(true);
    const third = await server.alerts!.evaluate(new Date());
    expect(third.resolved).toContain(alert!.id);
    expect((await alertsOf(site.id, 'failure_rate'))[0]).toMatchObject({ status: 'resolved', resolution: 'auto' });
    await settledDeliveries(alert!.id, 'resolved');
    const resolvedMail = await waitFor('resolve email', () => mails.find((m) => m.to.includes(tenant.owner.email) && m.subject.includes('Resolved: Site failrate')));
    expect(resolvedMail.text).toContain('The condition has cleared; the alert resolved itself.');
  });

  it('a chosen rule fires: signed webhook on open and on resolve when the window has passed', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'chosen');
    const hook = await createChannel(tenant.admin, { organization_id: tenant.orgId, name: 'Ops webhook', kind: 'webhook', url: `${receivers.url}/hook/chosen?token=s3cret` });
    expect(hook.status).toBe(201);
    expect(hook.json.signing_secret).toMatch(/^whsec_/);
    expect(JSON.stringify(hook.json)).not.toContain('s3cret');
    expect(hook.json.channel!.target_hint).toBe(`${receivers.url}/…cret`);
    const rule = await createRule(tenant.admin, {
      organization_id: tenant.orgId,
      website_id: site.id,
      name: 'Client ID must be there',
      kind: 'rule_failing',
      params: { rule_id: 'basic.cid_present', min_count: 1, window_hours: 1 },
      severity: 'critical',
      channel_ids: [hook.json.channel!.id],
    });
    expect(rule.error).toBeNull();

    await post(site, 1, { cid: false });
    const now = Date.now();
    await server.alerts!.evaluate(new Date(now));
    const alert = (await sql<AlertRow>('select * from public.alerts where rule_id = $1', [rule.data!.id]))[0]!;
    expect(alert).toMatchObject({ status: 'open', link: `/app/requests?website=${site.id}&rule=basic.cid_present` });
    const opened = await waitFor('webhook', () => received.find((r) => r.path === '/hook/chosen?token=s3cret' && r.body.includes(alert.id)));
    expect(signatureValid(opened, hook.json.signing_secret!)).toBe(true);
    expect(signatureValid(opened, 'whsec_wrong')).toBe(false);
    expect(JSON.parse(opened.body)).toMatchObject({ type: 'alert.opened', alert: { id: alert.id, kind: 'rule_failing', severity: 'critical' }, website: 'Site chosen' });

    await server.alerts!.evaluate(new Date(floorHour(now) + 2 * HOUR + 60_000));
    expect((await sql<AlertRow>('select * from public.alerts where id = $1', [alert.id]))[0]).toMatchObject({ status: 'resolved', resolution: 'auto' });
    const resolved = await waitFor('resolve webhook', () => received.find((r) => r.path.startsWith('/hook/chosen') && r.body.includes('"alert.resolved"')));
    expect(signatureValid(resolved, hook.json.signing_secret!)).toBe(true);
  });

  it('a rule starts failing (default rule): new findings after none in the day before', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'regress');
    await post(site, 5, { cid: false });
    await server.alerts!.evaluate(new Date());
    const [alert] = await alertsOf(site.id, 'rule_failing');
    expect(alert).toMatchObject({ status: 'open', link: `/app/requests?website=${site.id}&rule=basic.cid_present` });
    // Titled by what is wrong, not by the rule's positive name followed by "started failing".
    expect(alert!.title).toMatch(/^Site regress: Hits without a client ID( \(\+\d+ more problems?\))?$/);
    expect(alert!.severity).toBe('critical');
    await server.alerts!.evaluate(new Date(floorHour(Date.now()) + 2 * HOUR + 60_000));
    expect((await alertsOf(site.id, 'rule_failing'))[0]!.status).toBe('resolved');
  });

  // Issue 22: alerts rank by the severity of the findings behind them.
  const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36';
  const recentSid = () => Math.floor(Date.now() / 1000) - 60;

  it('an info-level rule (headless-browser traffic) never opens an alert unless the alert rule opts in', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'headless');
    const sent = await post(site, 6, { ua: HEADLESS, sid: recentSid() });
    expect(sent.every((r) => r.status === 'stored')).toBe(true);
    const findings = await sql<{ rule_ids: string[] }>('select rule_ids from public.collected_requests where website_id = $1', [site.id]);
    expect(findings.every((f) => f.rule_ids.includes('dq.bot_ua'))).toBe(true);
    await server.alerts!.evaluate(new Date());
    expect(await alertsOf(site.id, 'rule_failing')).toEqual([]);

    const optedIn = await createRule(tenant.admin, {
      organization_id: tenant.orgId,
      website_id: site.id,
      name: 'Bots too',
      kind: 'rule_failing',
      params: { rule_id: null, min_count: 1, window_hours: 1, include_info: true },
      severity: 'warning',
      channel_ids: [],
    });
    expect(optedIn.error).toBeNull();
    await server.alerts!.evaluate(new Date());
    const [alert] = await sql<AlertRow>('select * from public.alerts where rule_id = $1', [optedIn.data!.id]);
    expect(alert).toMatchObject({ status: 'open', severity: 'info', title: 'Site headless: Headless-browser traffic reaching production' });

    const bad = await createRule(tenant.admin, { organization_id: tenant.orgId, name: 'Bad', kind: 'rule_failing', params: { include_info: 'yes' }, severity: 'info', channel_ids: [] });
    expect(bad.error?.message).toBe('Invalid alert rule: include_info must be true or false');
  });

  it("the critical findings behind an alert set its severity and title, and ongoing critical findings keep alerting", async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'shop');
    // Purchases without transaction_id carrying an email address, from a headless browser.
    await post(site, 6, { ua: HEADLESS, sid: recentSid(), en: 'purchase', extra: '&epn.value=5&cu=USD&up.email=jane%40example.com' });
    await server.alerts!.evaluate(new Date());
    const [alert] = await alertsOf(site.id, 'rule_failing');
    expect(alert).toMatchObject({ status: 'open', severity: 'critical' });
    expect(alert!.title).toMatch(/^Site shop: (Email addresses sent to GA4 \(personal data\)|Purchases or refunds without transaction_id \(cannot be deduplicated\)|E-commerce events without items) \(\+2 more problems\)$/);
    const rules = (alert!.details as { rules: Array<{ id: string; level: string }> }).rules;
    expect(rules.map((r) => r.level)).toEqual(['critical', 'critical', 'critical']);
    expect(rules.map((r) => r.id)).not.toContain('dq.bot_ua');
  });

  it('volume: hits below half of the same hour last week, resolved when the hour has its usual hits', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'volume');
    await post(site, 25);
    // The hour the hits were counted in (not the clock's: the test may cross an hour boundary).
    const hour = (await sql<{ hour: Date }>(`select max(hour) as hour from public.website_hourly_rollups where website_id = $1`, [site.id]))[0]!.hour.getTime();
    const weekLater = new Date(hour + 7 * 24 * HOUR + HOUR + 60_000);
    await server.alerts!.evaluate(weekLater);
    const [alert] = await alertsOf(site.id, 'volume_drop');
    expect(alert).toMatchObject({ status: 'open' });
    expect(alert!.details).toMatchObject({ current: 0, baseline: 25 });
    await server.alerts!.evaluate(weekLater);
    expect(await alertsOf(site.id, 'volume_drop')).toHaveLength(1);
    await server.alerts!.evaluate(new Date(hour + HOUR + 60_000));
    expect((await alertsOf(site.id, 'volume_drop'))[0]).toMatchObject({ status: 'resolved', resolution: 'auto' });
  });

  it('tracking is down: no hits for N minutes sends a Slack Block Kit message; hits again resolve it', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'silent');
    const slack = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Slack #tracking', kind: 'slack', url: `${receivers.url}/slack/silent` });
    expect(slack.status).toBe(201);
    const { data: rule } = await tenant.owner.client.from('alert_rules').select('id, channel_ids').eq('website_id', site.id).eq('kind', 'no_hits').single();
    const updated = await tenant.admin.client.from('alert_rules').update({ channel_ids: [slack.json.channel!.id], params: { minutes: 30 } }).eq('id', rule!.id).select('id');
    expect(updated.data).toHaveLength(1);

    await post(site, 3);
    const now = Date.now();
    await server.alerts!.evaluate(new Date(now));
    expect(await alertsOf(site.id, 'no_hits')).toEqual([]);
    await server.alerts!.evaluate(new Date(now + 40 * 60_000));
    const [alert] = await alertsOf(site.id, 'no_hits');
    expect(alert).toMatchObject({ status: 'open', title: 'Site silent: no hits for 30 minutes' });
    const message = await waitFor('slack message', () => received.find((r) => r.path === '/slack/silent' && r.body.includes('no hits for 30 minutes')));
    const payload = JSON.parse(message.body) as { text: string; blocks: Array<{ type: string; elements?: Array<{ url?: string }> }> };
    expect(payload.text).toBe('Critical alert: Site silent: no hits for 30 minutes');
    expect(payload.blocks.map((b) => b.type)).toEqual(['header', 'section', 'section', 'actions', 'context']);
    expect(payload.blocks[3]!.elements![0]!.url).toBe(`${server.deps.publicUrl}/app/requests?website=${site.id}`);

    await server.alerts!.evaluate(new Date(now));
    expect((await alertsOf(site.id, 'no_hits'))[0]!.status).toBe('resolved');
  });

  it('an event disappears: not seen for N hours after being seen before; seen again resolves it', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'purchase');
    const rule = await createRule(tenant.owner, { organization_id: tenant.orgId, website_id: site.id, name: 'Purchases', kind: 'event_missing', params: { event_name: 'purchase', hours: 2 } });
    expect(rule.error).toBeNull();
    await post(site, 2, { en: 'purchase' });
    const now = Date.now();
    await server.alerts!.evaluate(new Date(now));
    expect(await alertsOf(site.id, 'event_missing')).toEqual([]);
    await server.alerts!.evaluate(new Date(floorHour(now) + 3 * HOUR + 60_000));
    const [alert] = await alertsOf(site.id, 'event_missing');
    expect(alert).toMatchObject({ status: 'open', title: 'Site purchase: no purchase event for 2 hours', link: `/app/requests?website=${site.id}&event=purchase&range=7d` });
    await server.alerts!.evaluate(new Date(now));
    expect((await alertsOf(site.id, 'event_missing'))[0]!.status).toBe('resolved');
  });

  it('refused hits: counts refusals per reason (origin, measurement ID) and resolves when the window has passed', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'refused');
    const wrongOrigin = await post(site, 6, { origin: 'https://evil.example.org' });
    expect(wrongOrigin.every((r) => r.reason === 'origin_not_allowed')).toBe(true);
    const wrongId = await post(site, 5, { tid: 'G-NOTMINE99' });
    expect(wrongId.every((r) => r.reason === 'measurement_id_mismatch')).toBe(true);
    const now = Date.now();
    // Refusals are written with the collector's next batch (or within a moment when none follows).
    await waitForAsync('refusal counters', async () => {
      const rows = await sql<{ n: string }>(`select coalesce(sum(count), 0) as n from public.website_hit_counters where website_id = $1 and outcome = 'refused'`, [site.id]);
      return Number(rows[0]!.n) === 11;
    });
    const { data: visible } = await tenant.viewer.client.from('website_hit_counters').select('reason, count').eq('website_id', site.id).eq('outcome', 'refused');
    expect(Object.fromEntries((visible ?? []).map((r) => [r.reason, Number(r.count)]))).toEqual({ origin_not_allowed: 6, measurement_id_mismatch: 5 });

    await server.alerts!.evaluate(new Date(now));
    const [alert] = await alertsOf(site.id, 'refused_hits');
    expect(alert).toMatchObject({ status: 'open' });
    expect(alert!.details).toMatchObject({ refused: 11, by_reason: { origin_not_allowed: 6, measurement_id_mismatch: 5 } });
    await server.alerts!.evaluate(new Date(now + 2 * HOUR));
    expect((await alertsOf(site.id, 'refused_hits'))[0]!.status).toBe('resolved');
  });

  it('usage: 0.8, 0.9 and 1 of the monthly requests each open once with the spec severities, and resolve in a new month', async () => {
    const owner = await signUpConfirmed('alerts-usage');
    const { data } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Usage Alerts', org_slug: `usage-alerts-${Date.now().toString(36)}`, org_plan: 'free' });
    const orgId = (data as { organization_id: string }).organization_id;
    const site = await createWebsite(owner, orgId, 'usage');
    const limit = Number((await sql<{ l: string }>("select monthly_requests as l from public.subscription_plan_limits where plan = 'free'"))[0]!.l);
    const month = new Date().toISOString().slice(0, 7) + '-01';
    // Usage as the collector counted it earlier this month: three requests below the limit.
    expect((await serviceClient().from('organization_usage').upsert({ organization_id: orgId, month, monthly_requests: limit - 3 })).error).toBeNull();
    const hits = await post(site, 3);
    expect(hits.every((r) => r.status === 'stored')).toBe(true);

    await server.alerts!.evaluate(new Date());
    const requests = (await alertsOf(null, 'usage', orgId)).filter((a) => a.subject.startsWith('monthly_requests@'));
    expect(requests.map((a) => [a.subject, a.severity, a.status])).toEqual([
      ['monthly_requests@0.8', 'info', 'open'],
      ['monthly_requests@0.9', 'warning', 'open'],
      ['monthly_requests@1', 'critical', 'open'],
    ]);
    expect(requests[2]!.title).toBe('Monthly requests: plan limit reached');
    await server.alerts!.evaluate(new Date());
    expect((await alertsOf(null, 'usage', orgId)).filter((a) => a.subject.startsWith('monthly_requests@'))).toHaveLength(3);

    // A new month starts from zero.
    await sql('update public.organization_usage set monthly_requests = 0 where organization_id = $1', [orgId]);
    await server.alerts!.evaluate(new Date());
    expect((await alertsOf(null, 'usage', orgId)).filter((a) => a.subject.startsWith('monthly_requests@')).every((a) => a.status === 'resolved')).toBe(true);
  });
});

async function waitForAsync(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('lifecycle by hand', () => {
  it('admins acknowledge (who and when) and resolve by hand; members cannot; resolving notifies', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'manual');
    await post(site, 20, { cid: false });
    await server.alerts!.evaluate(new Date());
    const [alert] = await alertsOf(site.id, 'failure_rate');
    await settledDeliveries(alert!.id, 'opened');

    const byMember = await tenant.member.client.rpc('acknowledge_alert', { alert_id: alert!.id });
    expect(byMember.error?.message).toBe('Only owners and admins can acknowledge alerts');
    const ack = await tenant.admin.client.rpc('acknowledge_alert', { alert_id: alert!.id });
    expect(ack.error).toBeNull();
    expect(ack.data).toMatchObject({ status: 'acknowledged', acknowledged_by: tenant.admin.user.id });
    // Still firing: the evaluation keeps the acknowledged alert instead of opening another.
    await server.alerts!.evaluate(new Date());
    expect((await alertsOf(site.id, 'failure_rate')).map((a) => a.status)).toEqual(['acknowledged']);

    const resolved = await tenant.owner.client.rpc('resolve_alert', { alert_id: alert!.id });
    expect(resolved.data).toMatchObject({ status: 'resolved', resolution: 'manual', resolved_by: tenant.owner.user.id });
    const again = await tenant.owner.client.rpc('resolve_alert', { alert_id: alert!.id });
    expect(again.error?.message).toBe('This alert is already resolved');
    // The resolve notification was queued by the database; the next evaluation hands it to a send job.
    await server.alerts!.evaluate(new Date());
    const [delivery] = await settledDeliveries(alert!.id, 'resolved');
    expect(delivery!.status).toBe('sent');
    await waitFor('manual resolve email', () => mails.find((m) => m.subject.includes('Resolved: Site manual') && m.text.includes('This alert was resolved by hand.')));
  });
});

describe('channels', () => {
  it('sends a test through Slack and webhooks (signed), logs it, and lets only admins send one', async () => {
    const hook = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Test hook', kind: 'webhook', url: `${receivers.url}/hook/test` });
    const sent = await callApi(tenant.admin, 'POST', `/api/alerts/channels/${hook.json.channel!.id}/test`);
    expect(sent).toMatchObject({ status: 200, json: { status: 'sent', status_code: 200 } });
    const request = received.find((r) => r.path === '/hook/test')!;
    expect(JSON.parse(request.body)).toMatchObject({ type: 'test', organization: { id: tenant.orgId } });
    expect(signatureValid(request, hook.json.signing_secret!)).toBe(true);
    const byMember = await callApi(tenant.member, 'POST', `/api/alerts/channels/${hook.json.channel!.id}/test`);
    expect(byMember.status).toBe(403);

    answers.set('/hook/broken', [404]);
    const broken = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Broken hook', kind: 'webhook', url: `${receivers.url}/hook/broken` });
    const failed = await callApi(tenant.owner, 'POST', `/api/alerts/channels/${broken.json.channel!.id}/test`);
    // One text for every failure (safety-round-two.test.ts): the 404 is in the delivery log only.
    expect(failed).toMatchObject({ status: 502, json: { error: 'The test was not delivered. The receiver did not accept the message' } });
    const { data: log } = await tenant.viewer.client.from('alert_deliveries').select('event, status, last_status_code').eq('channel_id', broken.json.channel!.id);
    expect(log).toEqual([{ event: 'test', status: 'failed', last_status_code: 404 }]);
  });

  it('rotating a webhook secret returns the new one once; the URL is never readable, not even by owners', async () => {
    const hook = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Rotating', kind: 'webhook', url: `${receivers.url}/hook/rotate?key=abc123` });
    const rotated = await callApi(tenant.owner, 'PATCH', `/api/alerts/channels/${hook.json.channel!.id}`, { rotate_secret: true });
    expect(rotated.status).toBe(200);
    expect(rotated.json.signing_secret).toMatch(/^whsec_/);
    expect(rotated.json.signing_secret).not.toBe(hook.json.signing_secret);
    const renamed = await callApi(tenant.owner, 'PATCH', `/api/alerts/channels/${hook.json.channel!.id}`, { name: 'Renamed' });
    expect(renamed.json.signing_secret).toBeUndefined();
    const { data: row } = await tenant.owner.client.from('alert_channels').select('*').eq('id', hook.json.channel!.id).single();
    expect(JSON.stringify(row)).not.toContain('abc123');
    const targets = await tenant.owner.client.from('alert_channel_targets').select('*');
    expect(targets.error).not.toBeNull();
    const stored = await sql<{ url_encrypted: string }>('select url_encrypted from public.alert_channel_targets where channel_id = $1', [hook.json.channel!.id]);
    expect(stored[0]!.url_encrypted).not.toContain('rotate');

    await callApi(tenant.owner, 'POST', `/api/alerts/channels/${hook.json.channel!.id}/test`);
    const request = received.find((r) => r.path === '/hook/rotate?key=abc123')!;
    expect(signatureValid(request, rotated.json.signing_secret as string)).toBe(true);
    expect(signatureValid(request, hook.json.signing_secret!)).toBe(false);
  });

  it('retries a failing receiver with backoff and logs every attempt; gives up after the last one', async () => {
    answers.set('/hook/flaky', [503, 500, 200]);
    answers.set('/hook/down', [500]);
    const flaky = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Flaky', kind: 'webhook', url: `${receivers.url}/hook/flaky` });
    const down = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Down', kind: 'webhook', url: `${receivers.url}/hook/down` });
    const site = await createWebsite(tenant.owner, tenant.orgId, 'retry');
    const rule = await createRule(tenant.owner, {
      organization_id: tenant.orgId,
      website_id: site.id,
      name: 'Any failure',
      kind: 'failure_rate',
      params: { threshold_pct: 10, window_minutes: 30, min_requests: 1 },
      channel_ids: [flaky.json.channel!.id, down.json.channel!.id],
    });
    await post(site, 2, { cid: false });
    await server.alerts!.evaluate(new Date());
    const alert = (await sql<AlertRow>('select * from public.alerts where rule_id = $1', [rule.data!.id]))[0]!;
    const deliveries = await settledDeliveries(alert.id, 'opened', 2);
    const byChannel = new Map((await sql<{ id: string; channel_id: string }>('select id, channel_id from public.alert_deliveries where alert_id = $1', [alert.id])).map((d) => [d.channel_id, d.id]));
    const flakyDelivery = deliveries.find((d) => d.id === byChannel.get(flaky.json.channel!.id))!;
    const downDelivery = deliveries.find((d) => d.id === byChannel.get(down.json.channel!.id))!;
    expect(flakyDelivery).toMatchObject({ status: 'sent', attempts: 3, last_status_code: 200 });
    expect(flakyDelivery.attempt_log.map((a) => a.status_code)).toEqual([503, 500, 200]);
    expect(downDelivery).toMatchObject({ status: 'failed', attempts: 3, last_status_code: 500 });
    // One error text for every failure; the status code of each attempt stays in the log.
    expect(downDelivery.attempt_log.map((a) => a.error)).toEqual(Array(3).fill('The receiver did not accept the message'));
    expect(received.filter((r) => r.path === '/hook/flaky' && r.body.includes(alert.id))).toHaveLength(3);
    const { data: visible } = await tenant.viewer.client.from('alert_deliveries').select('status, attempts, attempt_log').eq('alert_id', alert.id);
    expect(visible).toHaveLength(2);
  }, 60_000);
});

describe('daily digest', () => {
  it('emails channels that ask for it once a day from 08:00 UTC, whichever process evaluates', async () => {
    const digest = await createChannel(tenant.owner, { organization_id: tenant.orgId, name: 'Digest', kind: 'email', email_recipients: ['digest@example.test'], email_members: false, daily_digest: true });
    expect(digest.status).toBe(201);
    const channelId = digest.json.channel!.id;
    const digests = async () => (await sql<{ digest_day: string }>(`select to_char(digest_day, 'YYYY-MM-DD') as digest_day from public.alert_deliveries where channel_id = $1 and event = 'digest' order by 1`, [channelId])).map((r) => r.digest_day);

    await server.alerts!.evaluate(new Date(Date.UTC(2031, 5, 1, 7, 59)));
    expect(await digests()).toEqual([]);
    await Promise.all([server.alerts!.evaluate(new Date(Date.UTC(2031, 5, 1, 8, 0))), server.alerts!.evaluate(new Date(Date.UTC(2031, 5, 1, 8, 1)))]);
    await server.alerts!.evaluate(new Date(Date.UTC(2031, 5, 1, 17, 30)));
    expect(await digests()).toEqual(['2031-06-01']);
    const mail = await waitFor('digest', () => mails.find((m) => m.to.includes('digest@example.test')));
    expect(mail.subject).toMatch(/^\[Tracklint\] Daily digest for alerts Org: \d+ unresolved alerts?$/);
    expect(mail.text).toContain('Alerts of alerts Org on 2031-06-01');
    await server.alerts!.evaluate(new Date(Date.UTC(2031, 5, 2, 8, 0)));
    expect(await digests()).toEqual(['2031-06-01', '2031-06-02']);
    const off = await callApi(tenant.owner, 'PATCH', `/api/alerts/channels/${channelId}`, { daily_digest: false });
    expect(off.json.channel).toMatchObject({ daily_digest: false });
    await server.alerts!.evaluate(new Date(Date.UTC(2031, 5, 3, 8, 0)));
    expect(await digests()).toEqual(['2031-06-01', '2031-06-02']);
  });
});

describe('tenancy', () => {
  it('another organization cannot read or change any alert rule, channel, alert or delivery', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'tenancy');
    await post(site, 20, { cid: false });
    await server.alerts!.evaluate(new Date());
    const [alert] = await alertsOf(site.id, 'failure_rate');
    await settledDeliveries(alert!.id, 'opened');
    const { data: channel } = await tenant.owner.client.from('alert_channels').select('id').eq('organization_id', tenant.orgId).eq('is_default', true).single();
    const { data: rule } = await tenant.owner.client.from('alert_rules').select('id').eq('website_id', site.id).eq('kind', 'failure_rate').single();

    for (const outsider of [other.owner, other.admin, other.member, other.viewer]) {
      for (const table of ['alert_rules', 'alert_channels', 'alerts', 'alert_deliveries', 'website_hit_counters']) {
        const { data } = await outsider.client.from(table).select('organization_id').eq('organization_id', tenant.orgId);
        expect(data, `${table} as ${outsider.email}`).toEqual([]);
      }
      expect((await outsider.client.from('alert_rules').update({ enabled: false }).eq('id', rule!.id).select('id')).data).toEqual([]);
      expect((await outsider.client.from('alert_rules').delete().eq('id', rule!.id).select('id')).data).toEqual([]);
      expect((await outsider.client.from('alert_channels').update({ enabled: false }).eq('id', channel!.id).select('id')).data).toEqual([]);
      expect((await outsider.client.from('alert_channels').delete().eq('id', channel!.id).select('id')).data).toEqual([]);
      expect((await outsider.client.from('alert_rules').insert({ organization_id: tenant.orgId, name: 'x', kind: 'no_hits' })).error).not.toBeNull();
      expect((await outsider.client.rpc('acknowledge_alert', { alert_id: alert!.id })).error?.message).toBe('Alert not found');
      expect((await outsider.client.rpc('resolve_alert', { alert_id: alert!.id })).error?.message).toBe('Alert not found');
      expect((await callApi(outsider, 'POST', `/api/alerts/channels/${channel!.id}/test`)).status).toBe(404);
      expect((await callApi(outsider, 'PATCH', `/api/alerts/channels/${channel!.id}`, { name: 'mine' })).status).toBe(404);
      expect((await createChannel(outsider, { organization_id: tenant.orgId, name: 'x', kind: 'email', email_recipients: ['a@example.test'] })).status).toBe(404);
    }
    // Rules may not point at another organization's channels or websites.
    const { data: theirChannel } = await other.owner.client.from('alert_channels').select('id').eq('organization_id', other.orgId).limit(1);
    const foreignChannel = await createRule(other.owner, { organization_id: other.orgId, name: 'x', kind: 'no_hits', channel_ids: [channel!.id] });
    expect(foreignChannel.error?.message).toBe('Every channel must belong to this organization');
    const foreignSite = await createRule(other.owner, { organization_id: other.orgId, website_id: site.id, name: 'x', kind: 'no_hits', channel_ids: theirChannel?.map((c) => c.id) ?? [] });
    expect(foreignSite.error?.message).toBe('The website does not belong to this organization');
    expect((await sql<AlertRow>('select * from public.alerts where id = $1', [alert!.id]))[0]!.status).toBe('open');
    expect((await sql<{ enabled: boolean }>('select enabled from public.alert_rules where id = $1', [rule!.id]))[0]!.enabled).toBe(true);
  });
});

describe('scheduling', () => {
  it('evaluates each minute once across server processes', async () => {
    const second = await startAlertsServer({ workers: false });
    try {
      fixedNow = new Date(Date.UTC(2031, 0, 1, 12, 34, 56));
      const results = await Promise.all([server.alerts!.tick(), second.alerts!.tick(), server.alerts!.tick()]);
      expect(results.filter((r) => r.evaluated)).toHaveLength(1);
      expect(results.every((r) => r.at === '2031-01-01T12:34:00.000Z')).toBe(true);
      const runs = await sql<{ finished_at: Date | null }>(`select finished_at from public.alert_evaluation_runs where period = '2031-01-01T12:34:00Z'`);
      expect(runs).toHaveLength(1);
      expect(runs[0]!.finished_at).not.toBeNull();
    } finally {
      fixedNow = null;
      await second.stop();
    }
  });

  it('a restart between evaluation and delivery loses nothing', async () => {
    // Only a server without workers is running when the alert opens: the send jobs wait in Postgres.
    await server.stop();
    const evaluator = await startAlertsServer({ workers: false });
    const site = await createWebsite(tenant.owner, tenant.orgId, 'restart');
    await post(site, 20, { cid: false });
    await evaluator.alerts!.evaluate(new Date());
    const [alert] = await alertsOf(site.id, 'failure_rate');
    const pending = await sql<{ status: string; queued_at: Date | null }>('select status, queued_at from public.alert_deliveries where alert_id = $1', [alert!.id]);
    expect(pending).toEqual([expect.objectContaining({ status: 'pending' })]);
    expect(pending[0]!.queued_at).not.toBeNull();
    await evaluator.stop();

    server = await startAlertsServer({});
    const [delivery] = await settledDeliveries(alert!.id, 'opened');
    expect(delivery).toMatchObject({ status: 'sent', attempts: 1 });
    await waitFor('email after restart', () => mails.find((m) => m.to.includes(tenant.owner.email) && m.text.includes(site.id)));
  });
});
