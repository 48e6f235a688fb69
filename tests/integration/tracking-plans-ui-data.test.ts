import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchPlanAssignments, setPlanWebsites } from '../../src/renderer/data/tracking-plans/plan-websites';
import { exportPlanFile, importPlanFile } from '../../src/renderer/data/tracking-plans/plan-files';
import { severityFormValues, updatePlanSeverities } from '../../src/renderer/data/tracking-plans/severities';
import type { TracklintClient } from '../../src/renderer/lib/supabase';
import { sql } from '../support/clients';
import { createTenant, type Persona, type Tenant } from '../support/personas';

// Issue 25, the plan page's data layer (src/renderer/data/tracking-plans) through real HTTP against
// the real server and Postgres: severities, plan files and sharing, as owners, admins and members.

let tenant: Tenant;
let other: Tenant;
let planId: string;
let shop: string;
let outlet: string;
let foreignSite: string;

// The personas' clients are untyped SupabaseClients; the renderer's is the same client typed with Database.
const as = (p: Persona) => p.client as unknown as TracklintClient;
const serverUrl = () => inject('serverUrl');

async function website(t: Tenant, name: string): Promise<string> {
  const site = await t.owner.client.from('websites').insert({ organization_id: t.orgId, name, domain: `${name}-${Date.now().toString(36)}.example` }).select('id').single();
  if (site.error) throw site.error;
  return site.data.id as string;
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant('tp-ui', 'pro'), createTenant('tp-ui-other', 'pro')]);
  [shop, outlet, foreignSite] = await Promise.all([website(tenant, 'shop'), website(tenant, 'outlet'), website(other, 'foreign')]);
  const plan = await tenant.admin.client.from('tracking_plans').insert({ organization_id: tenant.orgId, name: 'Shops' }).select('id').single();
  if (plan.error) throw plan.error;
  planId = plan.data.id as string;
  const link = await tenant.admin.client.from('tracking_plan_websites').insert({ website_id: shop, plan_id: planId });
  if (link.error) throw link.error;
}, 180_000);

describe('severity per finding kind', () => {
  it('an admin sets it and every member reads it; a member cannot change it', async () => {
    const values = { ...severityFormValues({}), 'plan.unplanned_event': 'error' as const, 'plan.unregistered_dimension': 'off' as const };
    await updatePlanSeverities(as(tenant.admin), planId, values);
    // What the plan page reads (website-plan-query.ts embeds tracking_plans.severities), as a viewer.
    const read = await tenant.viewer.client.from('tracking_plans').select('severities').eq('id', planId).single();
    expect(read.data?.severities).toEqual({ 'plan.unplanned_event': 'error', 'plan.unregistered_dimension': 'off' });
    expect(severityFormValues(read.data!.severities as Parameters<typeof severityFormValues>[0])).toEqual(values);

    await expect(updatePlanSeverities(as(tenant.member), planId, severityFormValues({}))).rejects.toThrow('Nothing was changed: only owners and admins can edit a tracking plan.');
    await expect(updatePlanSeverities(as(other.owner), planId, severityFormValues({}))).rejects.toThrow('Nothing was changed');
    const rows = await sql<{ severities: unknown }>('select severities from public.tracking_plans where id = $1', [planId]);
    expect(rows[0]!.severities).toEqual({ 'plan.unplanned_event': 'error', 'plan.unregistered_dimension': 'off' });
  });
});

describe('plan files through the app API', () => {
  const CSV = 'event,parameter,scope,type,required,allowed values,description\npurchase,currency,event,string,yes,EUR|USD,\npurchase,value,event,number,yes,,\n';

  it('an admin imports a CSV; a member exports it as CSV and as a JSON Schema bundle', async () => {
    expect(await importPlanFile(as(tenant.admin), serverUrl(), planId, 'csv', CSV)).toMatchObject({ events: 1, parameters: 2 });
    const csv = await exportPlanFile(as(tenant.member), serverUrl(), planId, 'csv');
    expect(csv.filename).toMatch(/\.csv$/);
    expect(csv.text).toContain('purchase,currency,event,string,yes');
    const bundle = await exportPlanFile(as(tenant.member), serverUrl(), planId, 'json-schema');
    expect(bundle.contentType).toMatch(/json/);
    expect((JSON.parse(bundle.text) as { events: Record<string, { required: string[] }> }).events.purchase!.required).toEqual(['currency', 'value']);
    // The bundle imports back to the same draft.
    expect(await importPlanFile(as(tenant.admin), serverUrl(), planId, 'json-schema', bundle.text)).toMatchObject({ events: 1, parameters: 2 });
  });

  it("a bad file is refused with the server's message and changes nothing; a member cannot import", async () => {
    const before = await exportPlanFile(as(tenant.admin), serverUrl(), planId, 'csv');
    await expect(importPlanFile(as(tenant.admin), serverUrl(), planId, 'csv', 'event,parameter,scope,type,required\npurchase,value,event,float,yes\n')).rejects.toThrow(
      'The plan file was not imported: CSV row 2: unknown type "float" for "value" (string, integer, number or boolean)',
    );
    await expect(importPlanFile(as(tenant.admin), serverUrl(), planId, 'json-schema', '{"events": ')).rejects.toThrow(/not valid JSON/);
    await expect(importPlanFile(as(tenant.admin), serverUrl(), planId, 'csv', 'x'.repeat(300_000))).rejects.toThrow('The file was not imported: it is larger than 262,144 bytes');
    await expect(importPlanFile(as(tenant.member), serverUrl(), planId, 'csv', CSV)).rejects.toMatchObject({ status: 403 });
    expect((await exportPlanFile(as(tenant.admin), serverUrl(), planId, 'csv')).text).toBe(before.text);
  });

  it("GA4's custom definitions: imported, exported in the same shape, imported again", async () => {
    const list = { customDimensions: [{ parameterName: 'plan_tier', displayName: 'Plan tier', scope: 'EVENT' }], customMetrics: [{ parameterName: 'points', scope: 'EVENT' }] };
    expect(await importPlanFile(as(tenant.admin), serverUrl(), planId, 'custom-definitions', JSON.stringify(list))).toMatchObject({ registered: 2 });
    const exported = await exportPlanFile(as(tenant.viewer), serverUrl(), planId, 'custom-definitions');
    expect(exported.filename).toBe('shops-custom-definitions.json');
    expect(JSON.parse(exported.text)).toEqual(list);
    expect(await importPlanFile(as(tenant.admin), serverUrl(), planId, 'custom-definitions', exported.text)).toMatchObject({ registered: 2 });
    await expect(exportPlanFile(as(other.owner), serverUrl(), planId, 'custom-definitions')).rejects.toMatchObject({ status: 404 });
  });
});

describe('sharing the plan with other websites', () => {
  it('an admin shares it with a second website and takes it back; members read; other organizations are refused', async () => {
    await setPlanWebsites(as(tenant.admin), planId, [shop, outlet], await fetchPlanAssignments(as(tenant.admin), tenant.orgId));
    const shared = await fetchPlanAssignments(as(tenant.viewer), tenant.orgId);
    expect(shared.map((a) => [a.website_id, a.plan_name]).sort()).toEqual([[outlet, 'Shops'], [shop, 'Shops']].sort());

    await expect(setPlanWebsites(as(tenant.member), planId, [shop], shared)).rejects.toThrow('Nothing was changed: only owners and admins can share a tracking plan.');
    await expect(setPlanWebsites(as(tenant.admin), planId, [shop, outlet, foreignSite], shared)).rejects.toThrow();
    expect(await fetchPlanAssignments(as(other.owner), other.orgId)).toEqual([]);

    await setPlanWebsites(as(tenant.admin), planId, [shop], shared);
    expect((await fetchPlanAssignments(as(tenant.admin), tenant.orgId)).map((a) => a.website_id)).toEqual([shop]);
    expect((await fetchPlanAssignments(as(tenant.member), tenant.orgId)).some((a) => a.website_id === outlet)).toBe(false);
  });

  it('a website that follows another plan moves to this one', async () => {
    const second = await tenant.admin.client.from('tracking_plans').insert({ organization_id: tenant.orgId, name: 'Outlet plan' }).select('id').single();
    if (second.error) throw second.error;
    await setPlanWebsites(as(tenant.admin), second.data.id as string, [outlet], await fetchPlanAssignments(as(tenant.admin), tenant.orgId));
    await setPlanWebsites(as(tenant.admin), planId, [shop, outlet], await fetchPlanAssignments(as(tenant.admin), tenant.orgId));
    const after = await fetchPlanAssignments(as(tenant.admin), tenant.orgId);
    expect(after.filter((a) => a.plan_id === planId).map((a) => a.website_id).sort()).toEqual([shop, outlet].sort());
    expect(after.some((a) => a.plan_id === second.data.id)).toBe(false);
  });
});
