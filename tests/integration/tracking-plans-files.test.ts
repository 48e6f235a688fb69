import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { TrackingPlanDocument } from '../../src/shared/ga4';
import { sql } from '../support/clients';
import { createTenant, type Persona, type Tenant } from '../support/personas';

// Issue 25: plan files through HTTP. Import and export round-trip the JSON Schema bundle and the
// CSV; bad files are a 4xx naming the problem and change nothing.

let tenant: Tenant;
let planId: string;

const PLAN: TrackingPlanDocument = {
  format: 'tracklint-plan/1',
  events: [
    {
      name: 'purchase',
      status: 'live',
      description: 'Order completed',
      owner: 'Checkout team',
      triggers: 'Thank-you page',
      parameters: [
        { name: 'currency', type: 'string', required: true, allowedValues: ['EUR', 'USD'] },
        { name: 'transaction_id', type: 'string', required: true, pattern: '^T[0-9]+$' },
        { name: 'value', type: 'number', required: true, minimum: 0, maximum: 100000 },
      ],
      itemParameters: [{ name: 'item_id', type: 'string', required: true, maxLength: 40 }, { name: 'quantity', type: 'integer' }],
    },
    { name: 'sign_up', status: 'deprecated', parameters: [{ name: 'method', type: 'string', description: 'google, email' }] },
  ],
  userProperties: [{ name: 'tier', type: 'string', allowedValues: ['gold', 'silver'] }],
};

async function call(persona: Persona, method: string, path: string, body?: string, contentType = 'application/json') {
  const res = await fetch(`${inject('serverUrl')}/api/tracking-plans/${planId}${path}`, {
    method,
    headers: { authorization: `Bearer ${persona.accessToken}`, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    body,
  });
  const text = await res.text();
  return { status: res.status, text, contentType: res.headers.get('content-type') ?? '' };
}

async function draftContent(): Promise<unknown> {
  const rows = await sql<{ doc: TrackingPlanDocument }>(
    `select public.tracking_plan_document(v.id) as doc from public.tracking_plan_versions v where v.plan_id = $1 and v.status = 'draft'`,
    [planId],
  );
  const { events, userProperties } = rows[0]!.doc;
  return { events, userProperties };
}

beforeAll(async () => {
  tenant = await createTenant('tp-files', 'pro');
  const plan = await tenant.admin.client.from('tracking_plans').insert({ organization_id: tenant.orgId, name: 'Files' }).select('id').single();
  if (plan.error) throw plan.error;
  planId = plan.data!.id as string;
}, 120_000);

describe('import and export', () => {
  it('a plan document imported, exported as a JSON Schema bundle, imported again: the same plan', async () => {
    const imported = await call(tenant.admin, 'POST', '/import?format=plan', JSON.stringify(PLAN));
    expect(imported.status, imported.text).toBe(200);
    expect(JSON.parse(imported.text)).toMatchObject({ events: 2, parameters: 7 });
    const content = await draftContent();
    expect(content).toEqual({ events: PLAN.events, userProperties: PLAN.userProperties });

    const exported = await call(tenant.member, 'GET', '/export?format=json-schema');
    expect(exported.status).toBe(200);
    const bundle = JSON.parse(exported.text) as { $schema: string; events: Record<string, { required: string[]; properties: Record<string, unknown> }>; user_properties: unknown };
    expect(bundle.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(bundle.events.purchase!.required).toEqual(['currency', 'transaction_id', 'value']);
    expect(bundle.events.purchase!.properties.currency).toEqual({ type: 'string', enum: ['EUR', 'USD'] });

    await call(tenant.admin, 'POST', '/import?format=plan', JSON.stringify({ format: 'tracklint-plan/1', events: [{ name: 'other', status: 'planned' }] }));
    const again = await call(tenant.admin, 'POST', '/import?format=json-schema', exported.text);
    expect(again.status, again.text).toBe(200);
    expect(await draftContent()).toEqual(content);
  });

  it('CSV export and import round-trip', async () => {
    const before = await draftContent();
    const csv = await call(tenant.viewer, 'GET', '/export?format=csv');
    expect(csv.status, csv.text).toBe(200);
    expect(csv.contentType).toMatch(/^text\/csv/);
    expect(csv.text.split('\n')[0]).toBe('event,parameter,scope,type,required,allowed values,description,status,owner,triggers');
    expect(csv.text).toContain('purchase,value,event,number,yes,range:0..100000,,,,');
    await call(tenant.admin, 'POST', '/import?format=plan', JSON.stringify({ format: 'tracklint-plan/1', events: [{ name: 'other', status: 'planned' }] }));
    const back = await call(tenant.admin, 'POST', '/import?format=csv', csv.text, 'text/csv');
    expect(back.status, back.text).toBe(200);
    expect(await draftContent()).toEqual(before);
  });

  it('bad files are refused with an error that names the problem, and change nothing', async () => {
    const before = await draftContent();
    const cases: Array<[string, string, string, string | RegExp]> = [
      ['csv', 'event,parameter,scope,type,required\npurchase,value,event,float,yes\n', 'text/csv', 'The plan file was not imported: CSV row 2: unknown type "float" for "value" (string, integer, number or boolean)'],
      ['csv', 'event,parameter,scope,type,required,colour\n', 'text/csv', /unknown CSV column "colour"/],
      ['plan', JSON.stringify({ format: 'tracklint-plan/1', events: [{ name: 'a', parameters: [{ name: 'v', type: 'number' }, { name: 'v', type: 'string' }] }] }), 'application/json', 'The plan file was not imported: events[0].parameters: the parameter "v" is named twice'],
      ['json-schema', JSON.stringify({ events: { purchase: { type: 'object', properties: { value: { oneOf: [{ type: 'number' }] } } } } }), 'application/json', /the keyword "oneOf" is not supported/],
      ['json-schema', JSON.stringify({ events: { purchase: { type: 'object', properties: { value: { type: 'float' } } } } }), 'application/json', /type must be one of string, integer, number, boolean/],
      ['json-schema', '{"events": ', 'application/json', /not valid JSON/],
    ];
    for (const [format, body, type, error] of cases) {
      const r = await call(tenant.admin, 'POST', `/import?format=${format}`, body, type);
      expect(r.status, body).toBe(400);
      const json = JSON.parse(r.text) as { error: string };
      if (typeof error === 'string') expect(json.error).toBe(error);
      else expect(json.error).toMatch(error);
    }
    const big = await call(tenant.admin, 'POST', '/import?format=csv', `event,parameter,scope,type,required\n${'x,,event,,\n'.repeat(30_000)}`, 'text/csv');
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).error).toMatch(/larger than/);
    expect((await call(tenant.admin, 'POST', '/import?format=xml', '<a/>', 'text/plain')).status).toBe(400);
    expect(JSON.parse((await call(tenant.admin, 'GET', '/export?colour=red')).text).error).toBe('Unknown query parameter: colour');
    // A member may read but not import.
    const member = await call(tenant.member, 'POST', '/import?format=plan', JSON.stringify(PLAN));
    expect(member.status).toBe(403);
    expect(await draftContent()).toEqual(before);
  });

  it("GA4's custom definition list: registered definitions replace the old ones, with the property's limits", async () => {
    const list = {
      customDimensions: [
        { parameterName: 'plan_tier', displayName: 'Plan tier', scope: 'EVENT' },
        { parameterName: 'tier', displayName: 'Tier', scope: 'USER' },
      ],
      customMetrics: [{ parameterName: 'points', displayName: 'Points', scope: 'EVENT', measurementUnit: 'STANDARD' }],
    };
    const r = await call(tenant.admin, 'POST', '/custom-definitions', JSON.stringify(list));
    expect(r.status, r.text).toBe(200);
    expect(JSON.parse(r.text)).toMatchObject({ registered: 3, limits: [{ kind: 'event-scoped custom dimensions', used: 1, limit: 50, warning: null }, { used: 1, limit: 25 }, { used: 0, limit: 10 }, { used: 1, limit: 50 }] });
    const bad = await call(tenant.admin, 'POST', '/custom-definitions', JSON.stringify({ customDimensions: [{ parameterName: 'x', scope: 'SESSION' }] }));
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error).toBe('The custom definitions were not imported: customDimensions[0].scope must be EVENT, USER or ITEM');
    const rows = await sql<{ parameter_name: string }>('select parameter_name from public.tracking_plan_custom_definitions where plan_id = $1 order by 1', [planId]);
    expect(rows.map((x) => x.parameter_name)).toEqual(['plan_tier', 'points', 'tier']);
  });
});
