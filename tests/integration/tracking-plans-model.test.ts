import { beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_REQUIRED_PLAN } from '../../src/shared/plans';
import { anonClient, sql } from '../support/clients';
import { createTenant, type Persona, type Tenant } from '../support/personas';

// Issue 25's data model through the data API: tenancy per persona, versions that freeze on
// publish, the audit trail, and the feature map that SQL and src/shared/plans.ts must share.

type PersonaName = 'owner' | 'admin' | 'member' | 'viewer' | 'outsider' | 'anon';
const ALL: PersonaName[] = ['owner', 'admin', 'member', 'viewer', 'outsider', 'anon'];
const EDITORS = ['owner', 'admin'];

let a: Tenant;
let b: Tenant;
let starter: Tenant;
let websiteId: string;
let planId: string;
let draftId: string;
const anon = anonClient();

function db(name: PersonaName) {
  if (name === 'anon') return anon;
  if (name === 'outsider') return b.owner.client;
  return (a[name] as Persona).client;
}

async function draftOf(plan: string): Promise<string> {
  const rows = await sql<{ id: string }>(`select id from public.tracking_plan_versions where plan_id = $1 and status = 'draft'`, [plan]);
  return rows[0]!.id;
}

beforeAll(async () => {
  [a, b, starter] = await Promise.all([createTenant('tp-alpha', 'pro'), createTenant('tp-beta', 'pro'), createTenant('tp-starter', 'starter')]);
  const site = await a.owner.client.from('websites').insert({ organization_id: a.orgId, name: 'shop', domain: 'shop.example' }).select('id').single();
  expect(site.error).toBeNull();
  websiteId = site.data!.id as string;
  const plan = await a.admin.client.from('tracking_plans').insert({ organization_id: a.orgId, name: 'Shop plan' }).select('id').single();
  expect(plan.error).toBeNull();
  planId = plan.data!.id as string;
  draftId = await draftOf(planId);
}, 120_000);

describe('the feature map', () => {
  it('SQL feature_required_plan agrees with src/shared/plans.ts for every named feature', async () => {
    const names = Object.keys(FEATURE_REQUIRED_PLAN);
    const rows = await sql<{ name: string; plan: string }>(`select n as name, public.feature_required_plan(n) as plan from unnest($1::text[]) n`, [names]);
    expect(Object.fromEntries(rows.map((r) => [r.name, r.plan]))).toEqual(FEATURE_REQUIRED_PLAN);
    expect(FEATURE_REQUIRED_PLAN.tracking_plans).toBe('pro');
    expect(FEATURE_REQUIRED_PLAN.event_inventory).toBe('starter');
  });

  it('a Starter organization cannot create a tracking plan', async () => {
    const { error } = await starter.owner.client.from('tracking_plans').insert({ organization_id: starter.orgId, name: 'Nope' });
    expect(error?.message).toMatch(/row-level security/);
  });
});

describe('tenancy', () => {
  it('every tracking plan table has RLS enabled', async () => {
    const rows = await sql<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname like 'tracking_plan%' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it.each(ALL)('%s: reads the plan only as a member', async (name) => {
    const { data } = await db(name).from('tracking_plans').select('id').eq('id', planId);
    expect(data ?? []).toHaveLength(['outsider', 'anon'].includes(name) ? 0 : 1);
  });

  it.each(ALL)('%s: adds an event to the draft only as owner or admin', async (name) => {
    const { data, error } = await db(name).from('tracking_plan_events').insert({ version_id: draftId, name: `ev_${name}` }).select('id');
    if (EDITORS.includes(name)) {
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    } else expect(error).not.toBeNull();
  });

  it.each(ALL)('%s: assigns the plan to a website only as owner or admin', async (name) => {
    await sql('delete from public.tracking_plan_websites where website_id = $1', [websiteId]);
    const { error } = await db(name).from('tracking_plan_websites').insert({ website_id: websiteId, plan_id: planId });
    if (EDITORS.includes(name)) expect(error).toBeNull();
    else expect(error).not.toBeNull();
  });

  it("an outsider cannot attach another organization's website to its own plan", async () => {
    const own = await b.owner.client.from('tracking_plans').insert({ organization_id: b.orgId, name: 'Beta plan' }).select('id').single();
    expect(own.error).toBeNull();
    const { error } = await b.owner.client.from('tracking_plan_websites').insert({ website_id: websiteId, plan_id: own.data!.id });
    expect(error?.message).toBe("The website does not belong to the plan's organization");
  });
});

describe('versions', () => {
  it('publishing freezes the draft with who and when, opens a copy, and nobody edits a published version', async () => {
    const ev = await a.admin.client.from('tracking_plan_events').insert({ version_id: draftId, name: 'purchase', status: 'live' }).select('id').single();
    expect(ev.error).toBeNull();
    const param = await a.admin.client
      .from('tracking_plan_parameters')
      .insert({ version_id: draftId, event_id: ev.data!.id, scope: 'event', name: 'currency', type: 'string', required: true, allowed_values: ['EUR', 'USD'] });
    expect(param.error).toBeNull();
    const dup = await a.admin.client.from('tracking_plan_parameters').insert({ version_id: draftId, event_id: ev.data!.id, scope: 'event', name: 'currency', type: 'string' });
    expect(dup.error?.message).toMatch(/duplicate key/);

    const member = await a.member.client.rpc('publish_tracking_plan', { plan_id: planId });
    expect(member.error?.message).toBe('Only owners and admins can publish a tracking plan');

    const published = await a.admin.client.rpc('publish_tracking_plan', { plan_id: planId });
    expect(published.error).toBeNull();
    expect(published.data).toBe(draftId);
    const [v] = await sql<{ status: string; number: number; published_by: string; document: { version: number; events: Array<{ name: string; parameters?: Array<{ name: string; allowedValues?: string[] }> }> } }>(
      'select status, number, published_by, document from public.tracking_plan_versions where id = $1',
      [draftId],
    );
    expect(v!.status).toBe('published');
    expect(v!.number).toBe(1);
    expect(v!.published_by).toBe(a.admin.user.id);
    expect(v!.document.version).toBe(1);
    const purchase = v!.document.events.find((e) => e.name === 'purchase');
    expect(purchase?.parameters).toEqual([expect.objectContaining({ name: 'currency', allowedValues: ['EUR', 'USD'] })]);

    // The published rows refuse every change; the new draft carries a copy.
    const edit = await a.owner.client.from('tracking_plan_events').update({ description: 'changed' }).eq('version_id', draftId).eq('name', 'purchase').select('id');
    expect(edit.error?.message).toBe('Published tracking plan versions cannot be changed; edit the draft');
    const next = await draftOf(planId);
    expect(next).not.toBe(draftId);
    const copied = await a.member.client.from('tracking_plan_parameters').select('name, allowed_values').eq('version_id', next);
    expect(copied.data).toEqual([{ name: 'currency', allowed_values: ['EUR', 'USD'] }]);
  });

  it('every change is audited with its actor', async () => {
    const rows = await sql<{ action: string; subject: string; actor: string | null }>('select action, subject, actor from public.tracking_plan_audit where plan_id = $1 order by id', [planId]);
    expect(rows).toContainEqual({ action: 'insert', subject: 'tracking_plans', actor: a.admin.user.id });
    expect(rows).toContainEqual({ action: 'update', subject: 'tracking_plan_versions', actor: a.admin.user.id });
    expect(rows).toContainEqual({ action: 'insert', subject: 'tracking_plan_parameters', actor: a.admin.user.id });
    const member = await a.member.client.from('tracking_plan_audit').select('id').eq('plan_id', planId);
    expect(member.data!.length).toBe(rows.length);
    const outsider = await b.owner.client.from('tracking_plan_audit').select('id').eq('plan_id', planId);
    expect(outsider.data).toEqual([]);
  });

  it('severities accept only plan finding kinds and known severities', async () => {
    const bad = await a.owner.client.from('tracking_plans').update({ severities: { 'plan.nope': 'error' } }).eq('id', planId).select('id');
    expect(bad.error?.message).toMatch(/check constraint/);
    const good = await a.owner.client.from('tracking_plans').update({ severities: { 'plan.unplanned_parameter': 'info' } }).eq('id', planId).select('id');
    expect(good.error).toBeNull();
  });
});
