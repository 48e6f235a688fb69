import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApiV1Routes } from '../../src/server/api-v1';
import type { AppDeps } from '../../src/server/deps';
import { callV1, createApiKey, createWebsite } from '../support/api-v1';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';

// Issue 27: the public API v1. A contract test walks the served OpenAPI document and calls every
// operation against the real server and Postgres; a persona matrix checks tenancy through HTTP.

const RULE_ID = 'basic.endpoint_known';
const customRule = (id: string, websiteId: string | null = null) => ({
  name: `Rule ${id}`,
  website_id: websiteId,
  definition: { id, title: `Rule ${id}`, events: ['login'], assert: { field: 'params.method', op: 'exists' } },
});
const base = () => `${inject('serverUrl')}/api/v1`;
const LOGIN = JSON.stringify({ client_id: '555.666', events: [{ name: 'login', params: { method: 'Google', session_id: '1700000000', engagement_time_msec: 100 } }] });

interface OpenApiDoc {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown>; requestBody?: unknown }>>;
  components: Record<string, unknown>;
}

let tenant: Tenant;
let other: Tenant;
const keys: Record<string, string> = {};
let siteA: string;
let siteB: string;
let requestId: string;
let doc: OpenApiDoc;
const PLAN_CSV = 'event,parameter,scope,type,required\nlogin,,,,\nlogin,method,event,string,yes\n';

const call = callV1;
const createKey = createApiKey;
const website = createWebsite;

/** A fresh open alert on a website (one unresolved alert per rule: earlier ones are resolved first). */
async function openAlert(websiteId: string): Promise<string> {
  await sql(`update public.alerts set status = 'resolved', resolved_at = now(), resolution = 'manual' where website_id = $1 and status <> 'resolved'`, [websiteId]);
  const rows = await sql<{ id: string }>(
    `insert into public.alerts (organization_id, rule_id, website_id, kind, severity, title, opened_at, last_evaluated_at)
     select r.organization_id, r.id, r.website_id, r.kind, 'warning', 'Test alert', now(), now()
     from public.alert_rules r where r.website_id = $1 limit 1 returning id`,
    [websiteId],
  );
  return rows[0]!.id;
}

/** A fresh alert rule on a website, inserted as the database's owner. */
async function alertRuleOf(websiteId: string): Promise<string> {
  const rows = await sql<{ id: string }>(
    `insert into public.alert_rules (organization_id, website_id, name, kind, params)
     select organization_id, id, 'Fixture', 'no_hits', '{}' from public.websites where id = $1 returning id`,
    [websiteId],
  );
  return rows[0]!.id;
}

/** A tracking plan guarding a website, with one event in its draft so it can be published. */
async function planOf(websiteId: string, name: string): Promise<void> {
  const plan = await sql<{ id: string }>(`insert into public.tracking_plans (organization_id, name) select organization_id, $2 from public.websites where id = $1 returning id`, [websiteId, name]);
  await sql('insert into public.tracking_plan_websites (website_id, plan_id) values ($1, $2)', [websiteId, plan[0]!.id]);
  await sql(`insert into public.tracking_plan_events (version_id, name) select id, 'login' from public.tracking_plan_versions where plan_id = $1 and status = 'draft'`, [plan[0]!.id]);
}

/** A fresh custom rule on a website, inserted as the database's owner. */
async function ruleOf(websiteId: string): Promise<string> {
  const rows = await sql<{ id: string }>(
    `insert into public.custom_rules (organization_id, website_id, name, definition)
     select organization_id, id, 'Fixture', $2::jsonb from public.websites where id = $1 returning id`,
    [websiteId, JSON.stringify(customRule(`r${Math.random().toString(36).slice(2, 8)}`).definition)],
  );
  return rows[0]!.id;
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant('apiv1', 'enterprise'), createTenant('apiv1-other', 'pro')]);
  siteA = await website(tenant.owner, tenant.orgId, 'a.apiv1.example.com', 'G-APIV1A01');
  siteB = await website(tenant.owner, tenant.orgId, 'b.apiv1.example.com', 'G-APIV1B01');
  await website(other.owner, other.orgId, 'o.apiv1.example.com', 'G-APIV1O01');
  keys.write = await createKey(tenant.owner, tenant.orgId, 'ci write', ['read', 'write']);
  keys.read = await createKey(tenant.admin, tenant.orgId, 'bi read', ['read']);
  keys.siteA = await createKey(tenant.owner, tenant.orgId, 'site A only', ['read', 'write'], [siteA]);
  keys.collect = await createKey(tenant.owner, tenant.orgId, 'collector', ['collect']);
  keys.revoked = await createKey(tenant.owner, tenant.orgId, 'revoked', ['read', 'write']);
  keys.other = await createKey(other.owner, other.orgId, 'other org', ['read', 'write']);
  const { data: revokedRow } = await tenant.owner.client.from('api_keys').select('id').eq('name', 'revoked').single();
  const revoked = await tenant.owner.client.rpc('revoke_api_key', { key_id: (revokedRow as { id: string }).id });
  if (revoked.error) throw revoked.error;
  // One hit per website through the collector, with the collect key as Measurement Protocol secret.
  for (const mid of ['G-APIV1A01', 'G-APIV1B01']) {
    const res = await fetch(`${inject('serverUrl')}/mp/collect?measurement_id=${mid}&api_secret=${keys.collect}`, { method: 'POST', body: LOGIN });
    expect(res.status).toBeLessThan(300);
  }
  requestId = (await sql<{ id: string }>('select id from public.collected_requests where website_id = $1 limit 1', [siteA]))[0]!.id;
  await planOf(siteA, 'Plan A');
  await planOf(siteB, 'Plan B');
  doc = (await (await fetch(`${base()}/openapi.json`)).json()) as OpenApiDoc;
}, 180_000);

/** A valid call of every operation in the document, by method and path; a missing entry fails the test. */
function fixtures(): Record<string, { path: string; body?: unknown }> {
  return {
    'get /websites': { path: '/websites?limit=1' },
    'get /websites/{id}': { path: `/websites/${siteA}` },
    'post /websites': { path: '/websites', body: { name: 'Contract', domain: `c${Date.now()}.apiv1.example.com` } },
    'patch /websites/{id}': { path: `/websites/${siteA}`, body: { name: 'Site A renamed' } },
    'post /websites/{id}/deactivate': { path: `/websites/${siteB}/deactivate` },
    'get /requests': { path: `/requests?website_id=${siteA}&event_name=login` },
    'get /requests/{id}': { path: `/requests/${requestId}` },
    'get /findings/summary': { path: '/findings/summary?interval=hour&group_by=rule' },
    'get /usage': { path: '/usage' },
    'get /alerts': { path: '/alerts?status=open' },
    'post /alerts/{id}/acknowledge': { path: '/alerts/{alert}/acknowledge' },
    'post /alerts/{id}/resolve': { path: '/alerts/{alert}/resolve' },
    'get /rules': { path: '/rules' },
    'get /websites/{id}/rule-settings': { path: `/websites/${siteA}/rule-settings` },
    'put /websites/{id}/rule-settings/{rule_id}': { path: `/websites/${siteA}/rule-settings/${RULE_ID}`, body: { enabled: false } },
    'get /custom-rules': { path: '/custom-rules' },
    'post /custom-rules': { path: '/custom-rules', body: customRule('contract_rule') },
    'patch /custom-rules/{id}': { path: '/custom-rules/{rule}', body: { enabled: false } },
    'delete /custom-rules/{id}': { path: '/custom-rules/{rule}' },
    'get /websites/{id}/tracking-plan': { path: `/websites/${siteA}/tracking-plan` },
    'get /websites/{id}/tracking-plan/export': { path: `/websites/${siteA}/tracking-plan/export?format=csv` },
    'post /websites/{id}/tracking-plan/import': { path: `/websites/${siteA}/tracking-plan/import`, body: { format: 'csv', content: PLAN_CSV } },
    'post /websites/{id}/tracking-plan/publish': { path: `/websites/${siteA}/tracking-plan/publish` },
    'get /websites/{id}/inventory': { path: `/websites/${siteA}/inventory?days=1` },
    'get /alert-rules': { path: '/alert-rules' },
    'post /alert-rules': { path: '/alert-rules', body: { name: 'Contract', kind: 'failure_rate', website_id: siteA, params: { threshold_pct: 25 } } },
    'patch /alert-rules/{id}': { path: '/alert-rules/{arule}', body: { enabled: false } },
    'delete /alert-rules/{id}': { path: '/alert-rules/{arule}' },
    'get /audit-log': { path: '/audit-log?limit=5' },
  };
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and every operation lists its errors in the one error shape', () => {
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const status of ['400', '401', '403', '429']) expect(op.responses[status], `${method} ${path} ${status}`).toBeDefined();
      }
    }
  });

  it('describes every route the API serves', () => {
    const app = createApiV1Routes({ config: {}, log: console } as unknown as AppDeps);
    const served = new Set(app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`));
    served.delete('get /openapi.json');
    const documented = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`)));
    expect([...served].sort()).toEqual([...documented].sort());
  });

  it('every operation answers as its schema says (validated with Ajv against the document)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'openapi.json' });
    const all = fixtures();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) {
        const fixture = all[`${method} ${path}`];
        expect(fixture, `no contract call for ${method} ${path}`).toBeDefined();
        const target = fixture!.path.replace('{alert}', await openAlert(siteA)).replace('{rule}', await ruleOf(siteA)).replace('{arule}', await alertRuleOf(siteA));
        const res = await call(keys.write!, method.toUpperCase(), target, fixture!.body);
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBeLessThan(300);
        const pointer = `openapi.json#/paths/${path.replaceAll('/', '~1')}/${method}/responses/${res.status}/content/application~1json/schema`;
        const validate = ajv.getSchema(pointer);
        expect(validate, pointer).toBeDefined();
        expect(validate!(res.json), `${method} ${path}: ${JSON.stringify(validate!.errors)}`).toBe(true);
        expect(res.headers.get('ratelimit-limit')).toBeTruthy();
      }
    }
  });
});

describe('/docs/api', () => {
  it('is a readable page of every operation with the worked example, and loads no script', async () => {
    const res = await fetch(`${inject('serverUrl')}/docs/api`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    for (const path of Object.keys(doc.paths)) expect(html).toContain(`<code>/api/v1${path}</code>`);
    expect(html).toContain('npx tracklint check --website $WEBSITE_ID --since 1h');
    expect(html).toContain('npx tracklint plan push --website $WEBSITE_ID tracking-plan.schema.json --publish');
    expect(html).toContain('npx tracklint plan pull --website $WEBSITE_ID --out tracking-plan.schema.json');
    expect(html).toContain('curl -s -H &quot;Authorization: Bearer $TRACKLINT_API_KEY&quot;');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('bad input', () => {
  it('refuses unknown query parameters and body fields with a 400 naming them, and changes nothing', async () => {
    const q = await call(keys.write!, 'GET', '/websites?limit=2&colour=red');
    expect(q.status).toBe(400);
    expect(q.json.error).toMatchObject({ code: 'invalid_request', message: 'Unknown query parameter: colour' });
    const b = await call(keys.write!, 'PATCH', `/websites/${siteA}`, { name: 'Hacked', organization_id: other.orgId });
    expect(b.status).toBe(400);
    expect(b.json.error).toMatchObject({ code: 'invalid_request', message: 'Unknown field: organization_id' });
    expect((await sql<{ name: string }>('select name from public.websites where id = $1', [siteA]))[0]!.name).not.toBe('Hacked');
  });

  it('a body that is not JSON is a 400', async () => {
    const res = await fetch(`${base()}/websites`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.write}` }, body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: unknown }).error).toBeTruthy();
  });

  it('an unknown route under /api/v1 is a 404 in the error shape', async () => {
    const res = await call(keys.write!, 'GET', '/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ code: 'not_found' });
  });
});

describe('cursor pagination', () => {
  it('pages newest first and a website created meanwhile does not shift the next page', async () => {
    const first = await call(keys.write!, 'GET', '/websites?limit=1');
    const ids1 = (first.json.data as Array<{ id: string }>).map((w) => w.id);
    await call(keys.write!, 'POST', '/websites', { name: 'Meanwhile', domain: `m${Date.now()}.apiv1.example.com` });
    const second = await call(keys.write!, 'GET', `/websites?limit=100&cursor=${first.json.next_cursor as string}`);
    const ids2 = (second.json.data as Array<{ id: string }>).map((w) => w.id);
    const all = (await sql<{ id: string }>('select id from public.websites where organization_id = $1 order by created_at desc, id desc', [tenant.orgId])).map((r) => r.id);
    // Everything older than the first page's last row, nothing newer, no repeats.
    expect([...ids1, ...ids2]).toEqual(all.slice(all.indexOf(ids1[0]!)));
  });
});

describe('persona matrix', () => {
  type Who = 'owner' | 'admin' | 'member' | 'viewer' | 'otherOrgKey' | 'siteAKey' | 'revokedKey' | 'readKey' | 'collectKey' | 'none';
  const token = (who: Who): string | null => {
    switch (who) {
      case 'owner': case 'admin': case 'member': case 'viewer': return tenant[who].accessToken;
      case 'otherOrgKey': return keys.other!;
      case 'siteAKey': return keys.siteA!;
      case 'revokedKey': return keys.revoked!;
      case 'readKey': return keys.read!;
      case 'collectKey': return keys.collect!;
      case 'none': return null;
    }
  };
  // Each operation on site B's resources (site-limited key: site A only) and what each persona gets.
  const ops: Array<{ op: string; method: string; path: () => string; body?: () => unknown; expect: Record<Who, number> }> = [
    { op: 'list websites', method: 'GET', path: () => '/websites', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'read website B', method: 'GET', path: () => `/websites/${siteB}`, expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'create website', method: 'POST', path: () => '/websites', body: () => ({ name: 'M', domain: `p${Math.random().toString(36).slice(2, 10)}.apiv1.example.com`, organization_id: tenant.orgId }),
      expect: { owner: 201, admin: 201, member: 403, viewer: 403, otherOrgKey: 403, siteAKey: 403, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'update website B', method: 'PATCH', path: () => `/websites/${siteB}`, body: () => ({ name: 'Site B' }),
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'deactivate website B', method: 'POST', path: () => `/websites/${siteB}/deactivate`,
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'list requests', method: 'GET', path: () => '/requests', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'read a request of B', method: 'GET', path: () => `/requests/${requestIdB}`, expect: { owner: 200, admin: 200, member: 200, viewer: 404, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'findings summary', method: 'GET', path: () => '/findings/summary', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'usage', method: 'GET', path: () => `/usage?organization_id=${tenant.orgId}`, expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 403, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'list alerts', method: 'GET', path: () => '/alerts', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'acknowledge an alert of B', method: 'POST', path: () => '/alerts/{alert}/acknowledge', expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'resolve an alert of B', method: 'POST', path: () => '/alerts/{alert}/resolve', expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'rule catalogue', method: 'GET', path: () => '/rules', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: "website B's rule settings", method: 'GET', path: () => `/websites/${siteB}/rule-settings`, expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: "set website B's rule", method: 'PUT', path: () => `/websites/${siteB}/rule-settings/${RULE_ID}`, body: () => ({ enabled: false, severity: 'info' }),
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'list custom rules', method: 'GET', path: () => '/custom-rules', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    // The site-limited key cannot see website B, so the rule's trigger finds no such website (409).
    { op: 'create a custom rule on B', method: 'POST', path: () => '/custom-rules', body: () => ({ ...customRule(`m${Math.random().toString(36).slice(2, 8)}`, siteB), organization_id: tenant.orgId }),
      expect: { owner: 201, admin: 201, member: 403, viewer: 403, otherOrgKey: 403, siteAKey: 409, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'update a custom rule of B', method: 'PATCH', path: () => '/custom-rules/{rule}', body: () => ({ name: 'Renamed' }),
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'delete a custom rule of B', method: 'DELETE', path: () => '/custom-rules/{rule}',
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: "read website B's tracking plan", method: 'GET', path: () => `/websites/${siteB}/tracking-plan`, expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: "export website B's tracking plan", method: 'GET', path: () => `/websites/${siteB}/tracking-plan/export?format=plan`, expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: "import into website B's tracking plan", method: 'POST', path: () => `/websites/${siteB}/tracking-plan/import`, body: () => ({ format: 'csv', content: PLAN_CSV }),
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: "publish website B's tracking plan", method: 'POST', path: () => `/websites/${siteB}/tracking-plan/publish`,
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: "website B's inventory", method: 'GET', path: () => `/websites/${siteB}/inventory`, expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'list alert rules', method: 'GET', path: () => '/alert-rules', expect: { owner: 200, admin: 200, member: 200, viewer: 200, otherOrgKey: 200, siteAKey: 200, revokedKey: 401, readKey: 200, collectKey: 403, none: 401 } },
    { op: 'create an alert rule on B', method: 'POST', path: () => '/alert-rules', body: () => ({ name: 'No hits on B', kind: 'no_hits', website_id: siteB, organization_id: tenant.orgId }),
      expect: { owner: 201, admin: 201, member: 403, viewer: 403, otherOrgKey: 403, siteAKey: 409, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'update an alert rule of B', method: 'PATCH', path: () => '/alert-rules/{arule}', body: () => ({ severity: 'critical' }),
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    { op: 'delete an alert rule of B', method: 'DELETE', path: () => '/alert-rules/{arule}',
      expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 404, siteAKey: 404, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
    // The log spans every website: a key held to some websites is refused; another organization's key may not name this one.
    { op: 'read the audit log', method: 'GET', path: () => `/audit-log?organization_id=${tenant.orgId}`, expect: { owner: 200, admin: 200, member: 403, viewer: 403, otherOrgKey: 403, siteAKey: 403, revokedKey: 401, readKey: 403, collectKey: 403, none: 401 } },
  ];
  let requestIdB: string;
  beforeAll(async () => {
    requestIdB = (await sql<{ id: string }>('select id from public.collected_requests where website_id = $1 limit 1', [siteB]))[0]!.id;
    // Site B must be active again for updates (the contract test deactivated it).
    await sql('update public.websites set is_active = true where id = $1', [siteB]);
  });

  const personas: Who[] = ['owner', 'admin', 'member', 'viewer', 'otherOrgKey', 'siteAKey', 'revokedKey', 'readKey', 'collectKey', 'none'];
  it.each(ops.map((o) => [o.op, o] as const))('%s', async (_name, o) => {
    for (const who of personas) {
      const template = o.path();
      const path = template
        .replace('{alert}', template.includes('{alert}') ? await openAlert(siteB) : '')
        .replace('{rule}', template.includes('{rule}') ? await ruleOf(siteB) : '')
        .replace('{arule}', template.includes('{arule}') ? await alertRuleOf(siteB) : '');
      const before = await sql('select count(*)::int as n from public.api_audit_log where organization_id = $1', [tenant.orgId]);
      const res = await call(token(who), o.method, path, o.body?.());
      expect(res.status, `${who} ${o.op}: ${JSON.stringify(res.json)}`).toBe(o.expect[who]);
      if (res.status >= 400) expect(res.json.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      const after = await sql('select count(*)::int as n from public.api_audit_log where organization_id = $1', [tenant.orgId]);
      // Every successful write is audited; a refused one records (and changes) nothing.
      expect(after[0]!.n - before[0]!.n, `${who} ${o.op} audit`).toBe(o.method !== 'GET' && res.status < 300 ? 1 : 0);
    }
  });

  it("an other organization's key and a site-limited key see none of what they may not in lists", async () => {
    const otherList = await call(keys.other!, 'GET', '/websites?limit=100');
    expect((otherList.json.data as Array<{ organization_id: string }>).every((w) => w.organization_id === other.orgId)).toBe(true);
    const limited = await call(keys.siteA!, 'GET', '/requests?limit=100');
    expect((limited.json.data as Array<{ website_id: string }>).map((r) => r.website_id)).toEqual([siteA]);
  });

  it('a write through a key is audited with that key', async () => {
    const res = await call(keys.write!, 'PATCH', `/websites/${siteA}`, { name: 'Audited' });
    expect(res.status).toBe(200);
    const rows = await sql<{ key_name: string; action: string }>(
      `select k.name as key_name, l.action from public.api_audit_log l join public.api_keys k on k.id = l.api_key_id
       where l.target_id = $1 order by l.created_at desc limit 1`, [siteA]);
    expect(rows[0]).toEqual({ key_name: 'ci write', action: 'website.update' });
  });
});
