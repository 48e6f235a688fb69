import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, sql } from '../support/clients';
import { api, createTenant, signUpConfirmed, type Persona, type Tenant } from '../support/personas';

type PersonaName = 'owner' | 'admin' | 'member' | 'viewer' | 'outsider' | 'anon';
const ALL: PersonaName[] = ['owner', 'admin', 'member', 'viewer', 'outsider', 'anon'];

let a: Tenant; // the organization under test
let b: Tenant; // another tenant; its owner is org A's outsider
let anon: ReturnType<typeof anonClient>;

function persona(name: PersonaName): Persona | null {
  if (name === 'anon') return null;
  if (name === 'outsider') return b.owner;
  return a[name];
}
function db(name: PersonaName) {
  return persona(name)?.client ?? anon;
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant('alpha'), createTenant('beta')]);
  anon = anonClient();
  // Server-written data the personas only read: an invoice per org, and usage.
  const service = serviceClient();
  const inv = await service.from('billing_invoices').insert([
    { organization_id: a.orgId, amount_due: 499, amount_paid: 499, status: 'paid' },
    { organization_id: b.orgId, amount_due: 499, amount_paid: 499, status: 'paid' },
  ]);
  expect(inv.error).toBeNull();
}, 120_000);

describe('row-level security is on everywhere', () => {
  it('every public table has RLS enabled', async () => {
    const rows = await sql<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows.map((r) => r.relname)).toEqual([]);
  });
  it('anon has no write grants on any public table', async () => {
    const rows = await sql<{ table_name: string; privilege_type: string }>(
      `select table_name, privilege_type from information_schema.role_table_grants
       where grantee = 'anon' and table_schema = 'public' and privilege_type <> 'SELECT'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('organizations', () => {
  it.each(ALL)('%s: read', async (name) => {
    const { data } = await db(name).from('organizations').select('id, name').eq('id', a.orgId);
    expect(data ?? []).toHaveLength(['outsider', 'anon'].includes(name) ? 0 : 1);
  });

  it.each(ALL)('%s: update through the data API', async (name) => {
    const { data } = await db(name).from('organizations').update({ name: `Alpha by ${name}` }).eq('id', a.orgId).select('id');
    expect(data ?? []).toHaveLength(['owner', 'admin'].includes(name) ? 1 : 0);
  });

  it.each(ALL)('%s: PATCH /api/organizations/{id}', async (name) => {
    const res = await api(persona(name), 'PATCH', `/api/organizations/${a.orgId}`, { name: 'Alpha Org' });
    const expected = { owner: 200, admin: 200, member: 403, viewer: 403, outsider: 404, anon: 401 }[name];
    expect(res.status).toBe(expected);
    if (expected === 200) expect(res.json.organization).toMatchObject({ id: a.orgId, name: 'Alpha Org' });
    else expect(typeof res.json.error).toBe('string');
  });

  it('nobody changes the plan except billing', async () => {
    const { error } = await a.owner.client.from('organizations').update({ plan: 'free' }).eq('id', a.orgId);
    expect(error?.message).toBe('Plan and billing fields can only be changed through billing');
    const res = await api(a.owner, 'PATCH', `/api/organizations/${a.orgId}`, { plan: 'free' });
    expect(res.status).toBe(400);
  });

  it('a taken slug is refused with the spec text and changes nothing', async () => {
    const [bSlug] = await sql<{ slug: string }>('select slug from organizations where id = $1', [b.orgId]);
    const res = await api(a.owner, 'PATCH', `/api/organizations/${a.orgId}`, { slug: bSlug!.slug });
    expect(res).toMatchObject({ status: 409, json: { error: 'Organization slug already exists' } });
    const [row] = await sql<{ slug: string }>('select slug from organizations where id = $1', [a.orgId]);
    expect(row!.slug).not.toBe(bSlug!.slug);
  });

  it.each(['admin', 'member', 'viewer', 'outsider', 'anon'] as PersonaName[])('%s: cannot delete the organization', async (name) => {
    const res = await api(persona(name), 'DELETE', `/api/organizations/${a.orgId}`);
    expect(res.status).toBe({ admin: 403, member: 403, viewer: 403, outsider: 404, anon: 401 }[name as 'admin']);
    const { data } = await db(name).from('organizations').delete().eq('id', a.orgId).select('id');
    expect(data ?? []).toHaveLength(0);
    expect(await sql('select 1 from organizations where id = $1', [a.orgId])).toHaveLength(1);
  });
});

describe('members', () => {
  it.each(ALL)('%s: list members', async (name) => {
    const { data } = await db(name).from('user_organizations').select('user_id, role').eq('organization_id', a.orgId);
    expect(data ?? []).toHaveLength(['outsider', 'anon'].includes(name) ? 0 : 4);
  });

  it.each(ALL)('%s: PATCH a member role', async (name) => {
    const res = await api(persona(name), 'PATCH', `/api/organizations/${a.orgId}/members/${a.viewer.user.id}`, { role: 'viewer', permissions: [] });
    const expected = { owner: 200, admin: 200, member: 403, viewer: 403, outsider: 404, anon: 401 }[name];
    expect(res.status).toBe(expected);
    if (expected === 200) expect(res.json.member).toMatchObject({ user_id: a.viewer.user.id, role: 'viewer' });
  });

  it('an admin cannot make someone an owner; the last owner cannot be demoted or removed', async () => {
    const promote = await api(a.admin, 'PATCH', `/api/organizations/${a.orgId}/members/${a.member.user.id}`, { role: 'owner' });
    expect(promote).toMatchObject({ status: 403, json: { error: 'Only an owner can change owner roles' } });
    const demote = await api(a.owner, 'PATCH', `/api/organizations/${a.orgId}/members/${a.owner.user.id}`, { role: 'admin' });
    expect(demote).toMatchObject({ status: 409, json: { error: 'An organization must keep at least one owner' } });
    // Only owners remove owners (whatever their number); the last owner cannot remove themselves either.
    const remove = await api(a.admin, 'DELETE', `/api/organizations/${a.orgId}/members/${a.owner.user.id}`);
    expect(remove).toMatchObject({ status: 403, json: { error: 'Only an owner can remove, suspend or change an owner' } });
    const leave = await api(a.owner, 'DELETE', `/api/organizations/${a.orgId}/members/${a.owner.user.id}`);
    expect(leave).toMatchObject({ status: 409, json: { error: 'An organization must keep at least one owner' } });
    const owners = await sql(`select 1 from user_organizations where organization_id = $1 and role = 'owner'`, [a.orgId]);
    expect(owners).toHaveLength(1);
  });

  it.each(['member', 'viewer', 'outsider', 'anon'] as PersonaName[])('%s: cannot invite', async (name) => {
    const res = await api(persona(name), 'POST', `/api/organizations/${a.orgId}/invitations`, { email: 'x@example.test', role: 'member' });
    expect(res.status).toBe({ member: 403, viewer: 403, outsider: 404, anon: 401 }[name as 'member']);
    expect(await sql(`select 1 from invitations where email = 'x@example.test'`)).toHaveLength(0);
  });

  it.each(ALL)('%s: read invitations', async (name) => {
    const { data } = await db(name).from('invitations').select('email').eq('organization_id', a.orgId);
    expect((data ?? []).length > 0).toBe(['owner', 'admin'].includes(name));
  });

  it('bad invitation input is refused and writes nothing', async () => {
    for (const body of [{ email: 'not-an-email', role: 'member' }, { email: 'ok@example.test', role: 'owner' }, '{"email":']) {
      const res = await api(a.owner, 'POST', `/api/organizations/${a.orgId}/invitations`, body);
      expect(res.status).toBe(400);
      expect(typeof res.json.error).toBe('string');
    }
    expect(await sql(`select 1 from invitations where email in ('not-an-email', 'ok@example.test')`)).toHaveLength(0);
  });
});

describe('websites', () => {
  it.each(ALL)('%s: add a website', async (name) => {
    const domain = `${name}-${Date.now().toString(36)}.example.com`;
    const { data, error } = await db(name).from('websites').insert({ organization_id: a.orgId, name: `${name} site`, domain }).select('id');
    if (['owner', 'admin'].includes(name)) {
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
    } else {
      expect(error).not.toBeNull();
      expect(await sql('select 1 from websites where domain = $1', [domain])).toHaveLength(0);
    }
  });

  it.each(ALL)('%s: read websites', async (name) => {
    const { data } = await db(name).from('websites').select('id').eq('organization_id', a.orgId);
    expect((data ?? []).length).toBe(['outsider', 'anon'].includes(name) ? 0 : 2);
  });

  it('verification status is set by Tracklint, not by the client', async () => {
    const { data } = await a.owner.client.from('websites').select('id').eq('organization_id', a.orgId).limit(1).single();
    const { error } = await a.owner.client.from('websites').update({ verification_status: 'verified' }).eq('id', data!.id);
    expect(error?.message).toBe('Verification is set by Tracklint when the first valid hit arrives');
  });
});

describe('plans, billing and usage', () => {
  it.each(ALL)('%s: read the plan list', async (name) => {
    const { data } = await db(name).from('subscription_plan_limits').select('plan, monthly_price').eq('is_active', true).order('monthly_price');
    expect(data?.map((p) => p.plan)).toEqual(['free', 'starter', 'pro', 'enterprise']);
  });

  it.each(['owner', 'admin', 'member'] as PersonaName[])('%s: cannot write plan limits', async (name) => {
    const { error } = await db(name).from('subscription_plan_limits').update({ monthly_price: 0 }).eq('plan', 'pro');
    expect(error).not.toBeNull();
    const [pro] = await sql<{ monthly_price: string }>(`select monthly_price from subscription_plan_limits where plan = 'pro'`);
    expect(Number(pro!.monthly_price)).toBeGreaterThan(0);
  });

  it.each(ALL)('%s: invoices and billing summary (owner only)', async (name) => {
    const invoices = await db(name).from('billing_invoices').select('id').eq('organization_id', a.orgId).order('created_at', { ascending: false }).limit(50);
    const summary = await db(name).from('organization_billing_summary').select('*').eq('organization_id', a.orgId);
    const expected = name === 'owner' ? 1 : 0;
    expect(invoices.data ?? []).toHaveLength(expected);
    expect(summary.data ?? []).toHaveLength(expected);
  });

  it.each(ALL)('%s: get_organization_usage_status', async (name) => {
    const { data, error } = await db(name).rpc('get_organization_usage_status', { org_id: a.orgId });
    if (['outsider', 'anon'].includes(name)) {
      expect(data).toBeNull();
      expect(error).not.toBeNull();
    } else {
      expect(error).toBeNull();
      expect(data).toMatchObject({ plan: 'enterprise', usage: { team_members: 4, websites: 2 }, limits: { websites: -1 } });
    }
  });

  it.each(ALL)('%s: organization_has_feature', async (name) => {
    const { data } = await db(name).rpc('organization_has_feature', { org_id: a.orgId, feature_name: 'custom_rules' });
    expect(data === true).toBe(['owner', 'admin', 'member', 'viewer'].includes(name));
  });
});

describe('cross-tenant isolation', () => {
  it('a member of org A reads and changes nothing of org B by any path', async () => {
    const m = a.member.client;
    for (const table of ['organizations', 'user_organizations', 'websites', 'invitations', 'billing_invoices', 'organization_billing_summary', 'custom_rules', 'organization_usage']) {
      const column = table === 'organizations' ? 'id' : 'organization_id';
      const { data } = await m.from(table).select('*').eq(column, b.orgId);
      expect(data ?? [], table).toHaveLength(0);
    }
    const upd = await m.from('organizations').update({ name: 'pwned' }).eq('id', b.orgId).select();
    expect(upd.data ?? []).toHaveLength(0);
    const ins = await m.from('websites').insert({ organization_id: b.orgId, name: 'x', domain: 'evil.example.com' });
    expect(ins.error).not.toBeNull();
    const switchOrg = await m.from('user_profiles').update({ current_organization_id: b.orgId }).eq('id', a.member.user.id);
    expect(switchOrg.error?.message).toBe('Access denied to organization');
    for (const [method, path, body] of [
      ['PATCH', `/api/organizations/${b.orgId}`, { name: 'pwned' }],
      ['DELETE', `/api/organizations/${b.orgId}`, undefined],
      ['POST', `/api/organizations/${b.orgId}/invitations`, { email: 'evil@example.test', role: 'admin' }],
      ['PATCH', `/api/organizations/${b.orgId}/members/${b.admin.user.id}`, { role: 'viewer' }],
      ['DELETE', `/api/organizations/${b.orgId}/members/${b.admin.user.id}`, undefined],
    ] as const) {
      const res = await api(a.owner, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const [org] = await sql<{ name: string }>('select name from organizations where id = $1', [b.orgId]);
    expect(org!.name).toBe('beta Org');
    expect(await sql(`select role from user_organizations where organization_id = $1 and user_id = $2`, [b.orgId, b.admin.user.id])).toEqual([{ role: 'admin' }]);
  });

  it('complete_user_signup cannot act for another user, and is idempotent for oneself', async () => {
    const other = await a.member.client.rpc('complete_user_signup', { user_id: b.owner.user.id, org_name: 'x', org_slug: 'x-hijack', org_plan: 'free' });
    expect(other.error).not.toBeNull();
    const again = await a.owner.client.rpc('complete_user_signup', { user_id: a.owner.user.id, org_name: 'Again', org_slug: 'again-x', org_plan: 'free' });
    expect(again.data).toMatchObject({ status: 'already exists', organization_id: a.orgId });
  });
});

describe('organization lifecycle', () => {
  it('creating an organization: paid plans get a 14-day trial, the creator is owner with *', async () => {
    const u = await signUpConfirmed('creator');
    const slug = `paid-${Date.now().toString(36)}`;
    const { data, error } = await u.client.rpc('create_organization', { org_name: 'Paid Org', org_slug: slug, org_plan: 'starter' });
    expect(error).toBeNull();
    expect(data.subscription_status).toBe('active');
    const trialDays = (Date.parse(data.trial_ends_at) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    const { data: link } = await u.client.from('user_organizations').select('role, permissions, status').eq('organization_id', data.id).single();
    expect(link).toEqual({ role: 'owner', permissions: ['*'], status: 'active' });
    // The plain insert the spec names works too (without returning: the owner link is made after the row).
    expect((await u.client.from('organizations').insert({ name: 'Free Org', slug: `${slug}-f` })).error).toBeNull();
    const free = await u.client.from('organizations').select('plan, trial_ends_at').eq('slug', `${slug}-f`).single();
    expect(free.data).toEqual({ plan: 'free', trial_ends_at: null });
    const dup = await u.client.from('organizations').insert({ name: 'Dup', slug });
    expect(dup.error?.message).toBe('Organization slug already exists');

    const deleted = await api(u, 'DELETE', `/api/organizations/${data.id}`);
    expect(deleted.status).toBe(200);
    expect(await sql('select 1 from organizations where id = $1', [data.id])).toHaveLength(0);
  });

  it('the free plan stops a second website and further invitations', async () => {
    const u = await signUpConfirmed('free');
    const slug = `free-${Date.now().toString(36)}`;
    const { data: created } = await u.client.rpc('complete_user_signup', { user_id: u.user.id, org_name: 'Free Co', org_slug: slug, org_plan: 'free' });
    const orgId = (created as { organization_id: string }).organization_id;
    expect((await u.client.from('websites').insert({ organization_id: orgId, name: 'one', domain: `${slug}.example.com` })).error).toBeNull();
    const second = await u.client.from('websites').insert({ organization_id: orgId, name: 'two', domain: `two-${slug}.example.com` });
    expect(second.error?.message).toBe('Website limit reached for your plan. Upgrade to add more.');
    const invite = await api(u, 'POST', `/api/organizations/${orgId}/invitations`, { email: 'friend@example.test', role: 'member' });
    expect(invite).toMatchObject({ status: 409, json: { error: 'Team member limit reached for your plan. Upgrade to add more.' } });
    const { data: status } = await u.client.rpc('get_organization_usage_status', { org_id: orgId });
    expect(status.alerts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ metric: 'websites', type: 'limit_exceeded', severity: 'critical' }),
        expect.objectContaining({ metric: 'team_members', type: 'limit_exceeded', severity: 'critical' }),
      ]),
    );
  });
});

describe('fix account link', () => {
  it('the creator of an ownerless organization can re-link it; nobody else can', async () => {
    const u = await signUpConfirmed('unlinked');
    const { data: org } = await u.client.rpc('create_organization', { org_name: 'Lost Org', org_slug: `lost-${Date.now().toString(36)}`, org_plan: 'free' });
    // An operator removed the owner link by hand (the trigger only guards organizations that keep members).
    await sql('alter table user_organizations disable trigger user_organizations_guard');
    await sql('delete from user_organizations where organization_id = $1', [org.id]);
    await sql('alter table user_organizations enable trigger user_organizations_guard');

    const stranger = await a.member.client.rpc('fix_account_link', { org_id: org.id });
    expect(stranger.error?.message).toBe('This organization cannot be linked to your account');
    const found = await u.client.rpc('find_unlinked_organizations');
    expect(found.error).toBeNull();
    expect(found.data).toEqual([expect.objectContaining({ id: org.id, name: 'Lost Org' })]);
    const fixed = await u.client.rpc('fix_account_link', { org_id: org.id });
    expect(fixed.data).toEqual({ organization_id: org.id, role: 'owner' });
    expect((await u.client.rpc('find_unlinked_organizations')).data).toEqual([]);
    const again = await u.client.rpc('fix_account_link', { org_id: org.id });
    expect(again.error).not.toBeNull();
  });
});
