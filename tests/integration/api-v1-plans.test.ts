import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCheck } from '../../src/cli/check';
import { runPlan } from '../../src/cli/plan';
import { callV1, createApiKey, createWebsite } from '../support/api-v1';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';

// Issue 27, the tracking plan through /api/v1 and the command line a CI runs: plan pull and push
// with a real server and Postgres, `tracklint check` failing on plan violations, the audit log
// and the alert rules' validation.

let tenant: Tenant;
let starter: Tenant;
let site: string;
let starterSite: string;
let planId: string;
let writeKey: string;
let readKey: string;
let collectKey: string;
let dir: string;

const PLAN_CSV = [
  'event,parameter,scope,type,required,allowed values,description,status,owner,triggers',
  'login,,,,,,Signed in,live,,',
  'login,method,event,string,yes,Google|Email,How,,,',
].join('\n');

const call = callV1;
const key = (t: Tenant, scopes: string[]) => createApiKey(t.owner, t.orgId, `k ${scopes.join('+')}`, scopes);
const websiteOf = (t: Tenant, domain: string, mid: string) => createWebsite(t.owner, t.orgId, domain, mid);

/** A plan guarding the website, made by the owner through the data API as the app does. */
async function planFor(t: Tenant, websiteId: string, name: string): Promise<string> {
  const plan = await t.owner.client.from('tracking_plans').insert({ organization_id: t.orgId, name }).select('id').single();
  if (plan.error) throw plan.error;
  const assigned = await t.owner.client.from('tracking_plan_websites').insert({ website_id: websiteId, plan_id: plan.data.id });
  if (assigned.error) throw assigned.error;
  return plan.data.id as string;
}

const cli = async (fn: typeof runPlan, args: string[], apiKey: string) => {
  let out = '';
  let err = '';
  const code = await fn(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t) }, { TRACKLINT_API_URL: inject('serverUrl'), TRACKLINT_API_KEY: apiKey });
  return { code, out, err };
};

const draftEvents = async () =>
  (await sql<{ name: string }>(
    `select e.name from public.tracking_plan_events e join public.tracking_plan_versions v on v.id = e.version_id where v.plan_id = $1 and v.status = 'draft' order by e.name`,
    [planId],
  )).map((r) => r.name);

beforeAll(async () => {
  [tenant, starter] = await Promise.all([createTenant('apiv1-plans', 'pro'), createTenant('apiv1-starter', 'starter')]);
  site = await websiteOf(tenant, 'plans.apiv1.example.com', 'G-APIV1P01');
  starterSite = await websiteOf(starter, 'starter.apiv1.example.com', 'G-APIV1S01');
  planId = await planFor(tenant, site, 'Shop plan');
  [writeKey, readKey, collectKey] = await Promise.all([key(tenant, ['read', 'write']), key(tenant, ['read']), key(tenant, ['collect'])]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-plan-cli-'));
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tracklint plan push and pull', () => {
  it('push refuses a file with problems whole (exit 4, the first problem named) and changes nothing', async () => {
    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'event,parameter,scope,type\n1 bad event,,,\n');
    const r = await cli(runPlan, ['push', '--website', site, bad], writeKey);
    expect(r.code).toBe(4);
    expect(r.err).toContain('The plan file was not imported');
    expect(await draftEvents()).toEqual([]);
  });

  it('push needs the write scope; pull works with read', async () => {
    const file = path.join(dir, 'plan.csv');
    writeFileSync(file, PLAN_CSV);
    const refused = await cli(runPlan, ['push', '--website', site, file], readKey);
    expect(refused.code).toBe(4);
    expect(refused.err).toContain('insufficient_scope');
    expect(await draftEvents()).toEqual([]);
  });

  it('push --publish imports a CSV into the draft and publishes version 1; pull returns it as a JSON Schema bundle and as CSV', async () => {
    const file = path.join(dir, 'plan.csv');
    writeFileSync(file, PLAN_CSV);
    const pushed = await cli(runPlan, ['push', '--website', site, '--publish', file], writeKey);
    expect(pushed.err).toBe('');
    expect(pushed.out).toContain('Imported');
    expect(pushed.out).toContain('1 events, 1 parameters');
    expect(pushed.out).toContain('Published version 1.');
    expect(pushed.code).toBe(0);

    const pulled = await cli(runPlan, ['pull', '--website', site, '--version', '1'], readKey);
    expect(pulled.code).toBe(0);
    const bundle = JSON.parse(pulled.out) as { events: Record<string, { properties: Record<string, { enum?: string[] }>; required?: string[] }> };
    expect(Object.keys(bundle.events)).toEqual(['login']);
    expect(bundle.events.login!.properties.method!.enum).toEqual(['Google', 'Email']);
    expect(bundle.events.login!.required).toEqual(['method']);

    const out = path.join(dir, 'pulled.csv');
    const csv = await cli(runPlan, ['pull', '--website', site, '--out', out], readKey);
    expect(csv.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^event,parameter,scope,type/);
    expect(readFileSync(out, 'utf8')).toContain('login,method,event,string,yes');

    // The pulled bundle pushes back unchanged: the round trip a repository keeps.
    const json = path.join(dir, 'plan.schema.json');
    writeFileSync(json, pulled.out);
    const again = await cli(runPlan, ['push', '--website', site, json], writeKey);
    expect(again.code).toBe(0);
    expect(again.out).toContain('1 events, 1 parameters');
    const audit = await sql<{ action: string }>(`select action from public.api_audit_log where target_id = $1 order by created_at`, [planId]);
    expect(audit.map((a) => a.action)).toEqual(['tracking_plan.import', 'tracking_plan.publish', 'tracking_plan.import']);
  });

  it('bad arguments exit 2 and call nothing', async () => {
    expect((await cli(runPlan, ['pull', '--website', 'nope'], readKey)).code).toBe(2);
    expect((await cli(runPlan, ['push', '--website', site], writeKey)).code).toBe(2);
    expect((await cli(runPlan, ['pull', '--website', site, '--format', 'xml'], readKey)).code).toBe(2);
  });
});

describe('tracklint check and plan violations', () => {
  it('exits 3 when plan.* findings appeared in the last hour, and names them', async () => {
    // An event the published plan does not list (version 1 lists login only).
    const hit = JSON.stringify({ client_id: '555.666', events: [{ name: 'unplanned_thing', params: { session_id: '1700000000', engagement_time_msec: 100 } }] });
    const res = await fetch(`${inject('serverUrl')}/mp/collect?measurement_id=G-APIV1P01&api_secret=${collectKey}`, { method: 'POST', body: hit });
    expect(res.status).toBeLessThan(300);
    const r = await cli(runCheck, ['--website', site, '--since', '1h'], readKey);
    expect(r.out).toMatch(/Plan violations: [1-9]/);
    expect(r.out).toContain('plan.unplanned_event');
    expect(r.code).toBe(3);
  });

  it('counts only plan findings above info, as tracklint validate does: a plan that makes unplanned events info exits 0', async () => {
    const quiet = await websiteOf(tenant, 'quiet.apiv1.example.com', 'G-APIV1Q01');
    const plan = await tenant.owner.client.from('tracking_plans').insert({ organization_id: tenant.orgId, name: 'Quiet plan', severities: { 'plan.unplanned_event': 'info' } }).select('id').single();
    expect(plan.error).toBeNull();
    expect((await tenant.owner.client.from('tracking_plan_websites').insert({ website_id: quiet, plan_id: plan.data!.id })).error).toBeNull();
    const file = path.join(dir, 'quiet.csv');
    writeFileSync(file, PLAN_CSV);
    expect((await cli(runPlan, ['push', '--website', quiet, '--publish', file], writeKey)).code).toBe(0);
    const hit = JSON.stringify({ client_id: '555.777', events: [{ name: 'unplanned_thing', params: { session_id: '1700000001', engagement_time_msec: 100 } }] });
    const res = await fetch(`${inject('serverUrl')}/mp/collect?measurement_id=G-APIV1Q01&api_secret=${collectKey}`, { method: 'POST', body: hit });
    expect(res.status).toBeLessThan(300);
    // The finding is there, at info; it violates nothing.
    const summary = await call(readKey, 'GET', `/findings/summary?website_id=${quiet}&group_by=rule`);
    expect(summary.status).toBe(200);
    expect(summary.json.totals).toMatchObject({ plan_violations: 0 });
    expect((summary.json.series as Array<{ key: string }>).map((x) => x.key)).toContain('plan.unplanned_event');
    const r = await cli(runCheck, ['--website', quiet, '--since', '1h'], readKey);
    expect(r.out).toContain('Plan violations: 0');
    expect(r.code).toBe(0);
    // The website of the test before: its warning-level finding is one violation in the summary.
    expect(((await call(readKey, 'GET', `/findings/summary?website_id=${site}`)).json.totals as { plan_violations: number }).plan_violations).toBeGreaterThan(0);
  });
});

describe('the tracking plan endpoints', () => {
  it('reads the plan with its published versions, exports the GA4 custom definition list and imports one back', async () => {
    const plan = await call(readKey, 'GET', `/websites/${site}/tracking-plan`);
    expect(plan.status).toBe(200);
    expect(plan.json).toMatchObject({ id: planId, name: 'Shop plan', versions: [{ number: 1 }] });
    const list = { customDimensions: [{ parameterName: 'method', displayName: 'Login method', scope: 'EVENT' }] };
    const imported = await call(writeKey, 'POST', `/websites/${site}/tracking-plan/import`, { format: 'ga4-custom-definitions', content: JSON.stringify(list) });
    expect(imported.status).toBe(200);
    expect(imported.json).toMatchObject({ custom_definitions: 1 });
    const exported = await call(readKey, 'GET', `/websites/${site}/tracking-plan/export?format=ga4-custom-definitions`);
    expect(exported.status).toBe(200);
    expect(JSON.parse(exported.json.content as string)).toEqual({ ...list, customMetrics: [] });
  });

  it('a bad file, field or version is a 400 or 404 that names it and changes nothing', async () => {
    const before = await draftEvents();
    const bad = await call(writeKey, 'POST', `/websites/${site}/tracking-plan/import`, { format: 'csv', content: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('The plan file was not imported') });
    const field = await call(writeKey, 'POST', `/websites/${site}/tracking-plan/import`, { format: 'csv', content: PLAN_CSV, replace: true });
    expect(field.json.error).toMatchObject({ message: 'Unknown field: replace' });
    const version = await call(readKey, 'GET', `/websites/${site}/tracking-plan/export?version=99`);
    expect(version.status).toBe(404);
    expect(version.json.error).toMatchObject({ code: 'not_found', message: 'Version 99 of this plan was not published' });
    expect(await draftEvents()).toEqual(before);
  });

  it('the inventory lists what the traffic carried', async () => {
    const inv = await call(readKey, 'GET', `/websites/${site}/inventory?days=1`);
    expect(inv.status).toBe(200);
    expect((inv.json.data as Array<{ event_name: string; scope: string }>).some((i) => i.event_name === 'unplanned_thing' && i.scope === 'event')).toBe(true);
  });

  it('feature gates follow the app: on Starter the inventory is open and the tracking plan needs Pro', async () => {
    const plan = await call(starter.owner.accessToken, 'GET', `/websites/${starterSite}/tracking-plan`);
    expect(plan.status).toBe(403);
    expect(plan.json.error).toMatchObject({ code: 'plan_required', details: { feature: 'tracking_plans' } });
    expect((await call(starter.owner.accessToken, 'GET', `/websites/${starterSite}/inventory`)).status).toBe(200);
  });
});

describe('a key limited to some websites', () => {
  it('reads the plan of its website but may not change a plan that also guards another website', async () => {
    const other = await websiteOf(tenant, 'plans2.apiv1.example.com', 'G-APIV1P02');
    const limited = await createApiKey(tenant.owner, tenant.orgId, 'one site', ['read', 'write'], [site]);
    const payload = { format: 'csv', content: `${PLAN_CSV}\nsign_up,,,,,,,planned,,` };
    // While the plan guards only its website, the key may change it.
    expect((await call(limited, 'POST', `/websites/${site}/tracking-plan/import`, payload)).status).toBe(200);
    const assigned = await tenant.owner.client.from('tracking_plan_websites').insert({ website_id: other, plan_id: planId });
    if (assigned.error) throw assigned.error;
    const before = await draftEvents();
    const versions = await sql('select count(*)::int as n from public.tracking_plan_versions where plan_id = $1', [planId]);
    for (const [method, p, body] of [['POST', 'import', { ...payload, content: PLAN_CSV }], ['POST', 'publish', undefined]] as const) {
      const res = await call(limited, method, `/websites/${site}/tracking-plan/${p}`, body);
      expect(res.status, p).toBe(403);
      expect(res.json.error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('also guards websites this API key is not limited to') });
    }
    expect(await draftEvents()).toEqual(before);
    expect(await sql('select count(*)::int as n from public.tracking_plan_versions where plan_id = $1', [planId])).toEqual(versions);
    expect((await call(limited, 'GET', `/websites/${site}/tracking-plan`)).status).toBe(200);
    expect((await call(limited, 'GET', `/websites/${other}/tracking-plan`)).status).toBe(404);
  });
});

describe('alert rules', () => {
  it("are validated by the database's alert_rule_params_problem, with its message, and a refused one is not stored", async () => {
    const before = await sql<{ n: number }>('select count(*)::int as n from public.alert_rules where organization_id = $1', [tenant.orgId]);
    const bad = await call(writeKey, 'POST', '/alert-rules', { name: 'Too strict', kind: 'failure_rate', website_id: site, params: { threshold_pct: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid_request', message: 'Invalid alert rule: threshold_pct must be between 1 and 100' });
    const after = await sql<{ n: number }>('select count(*)::int as n from public.alert_rules where organization_id = $1', [tenant.orgId]);
    expect(after[0]!.n).toBe(before[0]!.n);
    const good = await call(writeKey, 'POST', '/alert-rules', { name: 'Failing', kind: 'failure_rate', website_id: site, params: { threshold_pct: 30 } });
    expect(good.status).toBe(201);
    const patched = await call(writeKey, 'PATCH', `/alert-rules/${good.json.id as string}`, { params: { window_minutes: 2 } });
    expect(patched.json.error).toMatchObject({ message: 'Invalid alert rule: window_minutes must be between 5 and 1440' });
  });
});

describe('the audit log', () => {
  it('pages the API writes newest first, filtered by key and time range, with the key that made each', async () => {
    const all = await call(writeKey, 'GET', '/audit-log?limit=2');
    expect(all.status).toBe(200);
    const page1 = all.json.data as Array<{ api_key_name: string; created_at: string; id: string }>;
    expect(page1).toHaveLength(2);
    const page2 = await call(writeKey, 'GET', `/audit-log?limit=100&cursor=${all.json.next_cursor as string}`);
    const ids = [...page1, ...(page2.json.data as typeof page1)].map((e) => e.id);
    const expected = (await sql<{ id: string }>('select id::text from public.api_audit_log where organization_id = $1 order by created_at desc, id desc', [tenant.orgId])).map((r) => r.id);
    expect(ids).toEqual(expected);

    const keyId = (await sql<{ id: string }>(`select id from public.api_keys where organization_id = $1 and scopes = '{read,write}'`, [tenant.orgId]))[0]!.id;
    const byKey = await call(tenant.admin.accessToken, 'GET', `/audit-log?organization_id=${tenant.orgId}&api_key_id=${keyId}&limit=100`);
    expect(byKey.status).toBe(200);
    expect((byKey.json.data as Array<{ api_key_id: string }>).every((e) => e.api_key_id === keyId)).toBe(true);
    const future = await call(writeKey, 'GET', `/audit-log?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(future.json.data).toEqual([]);
  });

  it('is for owners and admins only', async () => {
    for (const token of [tenant.member.accessToken, tenant.viewer.accessToken, readKey]) {
      const res = await call(token, 'GET', `/audit-log?organization_id=${tenant.orgId}`);
      expect(res.status).toBe(403);
      expect(res.json.error).toMatchObject({ code: expect.stringMatching(/forbidden|insufficient_scope/) });
    }
  });
});
