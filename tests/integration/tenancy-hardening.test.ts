import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { anonClient, sql } from '../support/clients';
import { api, createTenant, invitationTokenFor, signUpConfirmed, type Persona, type Tenant } from '../support/personas';

// Issue 8, section 5: tenants and roles, to the letter.

let a: Tenant;
let b: Tenant; // b.owner is org A's outsider

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant('hard'), createTenant('other')]);
}, 120_000);

/** Invites and accepts a new persona into an organization through the public paths. */
async function join(org: string, by: Persona, prefix: string, role: 'admin' | 'member' | 'viewer' = 'member'): Promise<Persona> {
  const persona = await signUpConfirmed(prefix);
  const invited = await api(by, 'POST', `/api/organizations/${org}/invitations`, { email: persona.email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${JSON.stringify(invited.json)}`);
  const accepted = await persona.client.rpc('accept_invitation', { invitation_token: await invitationTokenFor(persona.email) });
  if (accepted.error) throw accepted.error;
  return persona;
}

describe('helper functions answer only for the caller\'s organizations', () => {
  const METRICS = ['monthly_requests', 'websites', 'team_members', 'custom_rules'];

  it.each(['plan_limit', 'current_usage', 'is_within_limit'])('%s: an outsider is refused, a member gets the answer', async (fn) => {
    for (const metric of METRICS) {
      const outsider = await b.owner.client.rpc(fn, { org_id: a.orgId, metric });
      expect(outsider.data).toBeNull();
      expect(outsider.error?.message).toBe('Access denied to organization: you are not a member of it');
      const anon = await anonClient().rpc(fn, { org_id: a.orgId, metric });
      expect(anon.data).toBeNull();
      expect(anon.error).not.toBeNull();
    }
    const mine = await a.viewer.client.rpc(fn, { org_id: a.orgId, metric: 'team_members' });
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual(fn === 'is_within_limit' ? true : fn === 'plan_limit' ? -1 : 4);
  });

  it('every callable function that takes an organization, website or key id refuses outsiders', async () => {
    // The audit: each function the API roles may execute and that names a tenant's object is listed
    // here with the arguments to call it with. A new such function fails this test until it is added.
    const reviewed: Record<string, Record<string, unknown>> = {
      plan_limit: { org_id: a.orgId, metric: 'websites' },
      current_usage: { org_id: a.orgId, metric: 'websites' },
      is_within_limit: { org_id: a.orgId, metric: 'websites' },
      organization_has_feature: { org_id: a.orgId, feature_name: 'api_access' },
      get_organization_usage_status: { org_id: a.orgId },
      get_organization_plan_state: { org_id: a.orgId },
      create_invitation: { org_id: a.orgId, invitee_email: 'audit@example.test', invitee_role: 'member', invitation_token_hash: 'x'.repeat(64) },
      create_api_key: { org_id: a.orgId, key_name: 'audit' },
      create_scoped_api_key: { org_id: a.orgId, key_name: 'audit', key_scopes: ['read'], key_website_ids: null },
      record_api_write: { org_id: a.orgId, write_action: 'audit', write_target: 'audit' },
      fix_account_link: { org_id: a.orgId },
      has_org_role: { org_id: a.orgId, min_role: 'viewer' },
      rollup_series_by_website: { org_id: a.orgId, bucket_starts: [new Date(Date.now() - 86_400_000).toISOString()], until: new Date(Date.now() + 3_600_000).toISOString(), dimensions: ['requests'] },
      rollup_series: { org_id: a.orgId, site_id: null, bucket_starts: [new Date(Date.now() - 86_400_000).toISOString()], until: new Date(Date.now() + 3_600_000).toISOString(), dimensions: ['requests'] },
    };
    const callable = await sql<{ proname: string; args: string }>(
      `select p.proname, pg_get_function_identity_arguments(p.oid) as args
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype
         and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
         and pg_get_function_identity_arguments(p.oid) ~ '(^|, )(org_id|organization_id) uuid'`,
    );
    expect(callable.map((f) => f.proname).filter((name) => !(name in reviewed))).toEqual([]);
    for (const [fn, args] of Object.entries(reviewed)) {
      const { data, error } = await b.owner.client.rpc(fn, args);
      // Refused, or an answer that says nothing about org A (no rows, for a function returning a set).
      if (!error) expect([false, null, []], fn).toContainEqual(data);
    }
    expect(await sql(`select 1 from public.invitations where email = 'audit@example.test'`)).toHaveLength(0);
    expect(await sql(`select 1 from public.api_keys where organization_id = $1`, [a.orgId])).toHaveLength(0);
    expect(await sql(`select 1 from public.api_audit_log where organization_id = $1`, [a.orgId])).toHaveLength(0);
  });

  it('the unrestricted limit helpers are out of the API roles\' reach', async () => {
    const schema = await sql<{ anon: boolean; authenticated: boolean }>(
      `select has_schema_privilege('anon', 'tracklint_private', 'usage') as anon, has_schema_privilege('authenticated', 'tracklint_private', 'usage') as authenticated`,
    );
    expect(schema[0]).toEqual({ anon: false, authenticated: false });
  });
});

describe('only owners remove, suspend or change owners', () => {
  let coOwner: Persona;
  beforeAll(async () => {
    coOwner = await join(a.orgId, a.owner, 'hard-coowner', 'admin');
    const promoted = await api(a.owner, 'PATCH', `/api/organizations/${a.orgId}/members/${coOwner.user.id}`, { role: 'owner' });
    expect(promoted.status).toBe(200);
  });

  const ownerRow = () => sql<{ role: string; status: string; permissions: string[] }>(
    'select role, status, permissions from public.user_organizations where organization_id = $1 and user_id = $2', [a.orgId, coOwner.user.id]);

  it('an admin cannot remove an owner even when another owner remains', async () => {
    const res = await api(a.admin, 'DELETE', `/api/organizations/${a.orgId}/members/${coOwner.user.id}`);
    expect(res).toEqual({ status: 403, json: { error: 'Only an owner can remove, suspend or change an owner' } });
    const rest = await a.admin.client.from('user_organizations').delete().eq('organization_id', a.orgId).eq('user_id', coOwner.user.id).select('id');
    expect(rest.error?.message).toBe('Only an owner can remove, suspend or change an owner');
    expect(await ownerRow()).toEqual([{ role: 'owner', status: 'active', permissions: [] }]);
  });

  it('an admin cannot suspend an owner or change their permissions', async () => {
    const suspend = await a.admin.client.from('user_organizations').update({ status: 'suspended' }).eq('organization_id', a.orgId).eq('user_id', coOwner.user.id).select('id');
    expect(suspend.error?.message).toBe('Only an owner can remove, suspend or change an owner');
    const perms = await api(a.admin, 'PATCH', `/api/organizations/${a.orgId}/members/${coOwner.user.id}`, { permissions: ['billing'] });
    expect(perms).toEqual({ status: 403, json: { error: 'Only an owner can remove, suspend or change an owner' } });
    const demote = await api(a.admin, 'PATCH', `/api/organizations/${a.orgId}/members/${coOwner.user.id}`, { role: 'member' });
    expect(demote.status).toBe(403);
    expect(await ownerRow()).toEqual([{ role: 'owner', status: 'active', permissions: [] }]);
  });

  it('an owner can suspend, reactivate and remove another owner', async () => {
    const suspend = await a.owner.client.from('user_organizations').update({ status: 'suspended' }).eq('organization_id', a.orgId).eq('user_id', coOwner.user.id).select('status');
    expect(suspend.error).toBeNull();
    expect(suspend.data).toEqual([{ status: 'suspended' }]);
    const back = await a.owner.client.from('user_organizations').update({ status: 'active' }).eq('organization_id', a.orgId).eq('user_id', coOwner.user.id).select('status');
    expect(back.data).toEqual([{ status: 'active' }]);
    const removed = await api(a.owner, 'DELETE', `/api/organizations/${a.orgId}/members/${coOwner.user.id}`);
    expect(removed.status).toBe(200);
    expect(await ownerRow()).toEqual([]);
  });
});

describe('suspend, invite, reactivate stays within the member limit', () => {
  it('reactivating a suspended member when the plan is full is refused and changes nothing', async () => {
    // Starter: 5 members. The tenant has 4; a fifth fills it.
    const t = await createTenant('seats', 'starter');
    await join(t.orgId, t.owner, 'seats-fifth');
    const suspended = await t.admin.client.from('user_organizations').update({ status: 'suspended' }).eq('organization_id', t.orgId).eq('user_id', t.member.user.id).select('status');
    expect(suspended.data).toEqual([{ status: 'suspended' }]);
    await join(t.orgId, t.owner, 'seats-sixth');
    const active = async () => Number((await sql<{ n: string }>(`select count(*) as n from public.user_organizations where organization_id = $1 and status = 'active'`, [t.orgId]))[0]!.n);
    expect(await active()).toBe(5);

    const reactivate = await t.admin.client.from('user_organizations').update({ status: 'active' }).eq('organization_id', t.orgId).eq('user_id', t.member.user.id).select('status');
    expect(reactivate.error?.message).toBe('Team member limit reached for your plan: reactivating this member would exceed it. Upgrade, or remove a member first.');
    expect(await active()).toBe(5);
    const row = await sql<{ status: string }>('select status from public.user_organizations where organization_id = $1 and user_id = $2', [t.orgId, t.member.user.id]);
    expect(row).toEqual([{ status: 'suspended' }]);
  });
});

describe('a member cannot pass for a teammate', () => {
  it('the email teammates see is the account\'s, whatever the profile update says', async () => {
    const update = await a.member.client.from('user_profiles').update({ email: a.owner.email }).eq('id', a.member.user.id).select('email');
    expect(update.data ?? []).not.toContainEqual({ email: a.owner.email });
    const upsert = await a.member.client.from('user_profiles').upsert({ id: a.member.user.id, email: a.owner.email });
    void upsert;
    const seen = await a.viewer.client.from('user_profiles').select('email').eq('id', a.member.user.id).single();
    expect(seen.data).toEqual({ email: a.member.email });
  });

  it.each(['hard Owner', '  HARD   owner ', 'ｈａｒｄ Owner', 'hard\u200b Owner'])('a name equal to a teammate\'s ("%s") is refused', async (name) => {
    const res = await a.member.client.from('user_profiles').update({ full_name: name }).eq('id', a.member.user.id).select('full_name');
    expect(res.error?.message).toBe('A teammate is already called "hard Owner". Choose a name your team can tell apart.');
    const seen = await a.viewer.client.from('user_profiles').select('full_name').eq('id', a.member.user.id).single();
    expect(seen.data?.full_name).not.toBe(name);
  });

  it('someone who joins already named like a member loses the name; the team sees their email', async () => {
    const copycat = await signUpConfirmed('hard-copycat', { full_name: 'Hard  OWNER' });
    const invited = await api(a.owner, 'POST', `/api/organizations/${a.orgId}/invitations`, { email: copycat.email, role: 'viewer' });
    expect(invited.status).toBe(201);
    expect((await copycat.client.rpc('accept_invitation', { invitation_token: await invitationTokenFor(copycat.email) })).error).toBeNull();
    const seen = await a.viewer.client.from('user_profiles').select('full_name, email').eq('id', copycat.user.id).single();
    expect(seen.data).toEqual({ full_name: null, email: copycat.email });
    const owner = await a.viewer.client.from('user_profiles').select('full_name').eq('id', a.owner.user.id).single();
    expect(owner.data).toEqual({ full_name: 'hard Owner' });
  });

  it('a name that looks like an email address is refused; a distinct name is fine', async () => {
    const email = await a.member.client.from('user_profiles').update({ full_name: a.owner.email }).eq('id', a.member.user.id).select('full_name');
    expect(email.error?.message).toBe('Your name cannot contain "@": teammates would take it for an email address');
    const ok = await a.member.client.from('user_profiles').update({ full_name: 'Hard Member' }).eq('id', a.member.user.id).select('full_name');
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual([{ full_name: 'Hard Member' }]);
  });
});

describe('deleting a website or an organization deletes its collected data at once', () => {
  const url = (p: string) => `${inject('serverUrl')}${p}`;
  let seq = 0;
  const hit = (domain: string) => ({
    k: `del${Date.now().toString(36)}${(seq++).toString(36).padStart(4, '0')}`,
    m: 'GET',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=G-DELETE01&cid=1.2&sid=1700000000&_s=1&dl=https%3A%2F%2F${domain}%2F&en=purchase&ep.transaction_id=T${seq}&epn.value=1&cu=EUR`,
  });
  const send = (siteKey: string, domain: string) =>
    fetch(url(`/collect/g?site=${siteKey}`), { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${domain}` }, body: JSON.stringify({ v: 1, hits: [hit(domain), hit(domain), hit(domain)] }) });

  async function stored(column: 'website_id' | 'organization_id', id: string) {
    const count = async (table: string) => Number((await sql<{ n: string }>(`select count(*) as n from public.${table} where ${column} = $1`, [id]))[0]!.n);
    const out: Record<string, number> = {
      collected_requests: await count('collected_requests'),
      website_hourly_rollups: await count('website_hourly_rollups'),
    };
    if (column === 'website_id') {
      out.collector_history = await count('collector_history');
      out.collector_idempotency_keys = await count('collector_idempotency_keys');
    }
    return out;
  }

  async function websiteWithHits(t: Tenant, domain: string) {
    const { data, error } = await t.owner.client.from('websites').insert({ organization_id: t.orgId, name: domain, domain }).select('id, site_key').single();
    if (error) throw error;
    const site = data as { id: string; site_key: string };
    expect((await send(site.site_key, domain)).status).toBe(200);
    const before = await stored('website_id', site.id);
    for (const n of Object.values(before)) expect(n).toBeGreaterThan(0);
    return site;
  }

  it('a deleted website leaves no requests, issues, rollups, history or keys, and its site key stores nothing more', async () => {
    const site = await websiteWithHits(a, 'deleted.example.com');
    const orgRequests = async () =>
      Number((await sql<{ n: string | null }>("select sum(count) as n from public.organization_hourly_rollups where organization_id = $1 and dimension = 'requests'", [a.orgId]))[0]!.n ?? 0);
    const siteRequests = Number((await sql<{ n: string }>("select sum(count) as n from public.website_hourly_rollups where website_id = $1 and dimension = 'requests'", [site.id]))[0]!.n);
    const orgBefore = await orgRequests();
    const removed = await a.admin.client.from('websites').delete().eq('id', site.id).select('id');
    expect(removed.data).toEqual([{ id: site.id }]);
    // Its counts leave the organization's totals (what dashboards over all websites show) with it.
    expect(await orgRequests()).toBe(orgBefore - siteRequests);
    expect(await stored('website_id', site.id)).toEqual({ collected_requests: 0, website_hourly_rollups: 0, collector_history: 0, collector_idempotency_keys: 0 });
    // The collector may still know the key for a few seconds; nothing it accepts may be stored.
    const late = await send(site.site_key, 'deleted.example.com');
    expect(late.status).not.toBe(200);
    expect(await stored('website_id', site.id)).toEqual({ collected_requests: 0, website_hourly_rollups: 0, collector_history: 0, collector_idempotency_keys: 0 });
  });

  it('a deleted organization leaves nothing the collector stored for it', async () => {
    const t = await createTenant('gone');
    const site = await websiteWithHits(t, 'gone.example.com');
    const res = await api(t.owner, 'DELETE', `/api/organizations/${t.orgId}`);
    expect(res.status).toBe(200);
    expect(await stored('organization_id', t.orgId)).toEqual({ collected_requests: 0, website_hourly_rollups: 0 });
    expect(await stored('website_id', site.id)).toEqual({ collected_requests: 0, website_hourly_rollups: 0, collector_history: 0, collector_idempotency_keys: 0 });
    expect(await sql('select 1 from public.organization_usage where organization_id = $1', [t.orgId])).toHaveLength(0);
  });
});

describe('an owner updates the organization whatever plans Postgres caches', () => {
  // The update trigger once asked auth.users in the same expression as its other checks: under a
  // generic plan that needs the caller's rights on auth.users, so an owner's rename failed with
  // "permission denied for table users" depending on the plan cache (migration 20261128170000).
  it('with generic plans forced, a rename works and changing created_by is still refused', async () => {
    const client = new pg.Client({ connectionString: inject('databaseUrl') });
    await client.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: a.owner.user.id, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      await client.query('set local plan_cache_mode = force_generic_plan');
      const renamed = await client.query('update public.organizations set name = $2 where id = $1 returning name', [a.orgId, 'Renamed under generic plans']);
      expect(renamed.rows).toEqual([{ name: 'Renamed under generic plans' }]);
      await expect(client.query('update public.organizations set created_by = $2 where id = $1', [a.orgId, b.owner.user.id])).rejects.toThrow('id, created_by and created_at cannot be changed');
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  });
});
