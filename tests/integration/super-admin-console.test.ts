import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { sql } from '../support/clients';
import { signUpConfirmed, type Persona } from '../support/personas';
import { callFunction, superAdminWithMfa } from '../support/super-admin';
import { auditPageSchema, consoleRulesSchema, organizationPageSchema, planChangeRequestListSchema, searchResultsSchema, userPageSchema } from '../../src/shared/super-admin-console';

// The operator code path (what scripts/create-super-admin.mjs runs), against the server's database.
const operatorDb = createDatabase(inject('databaseUrl'), 2);
afterAll(() => operatorDb.close());

let admin: { id: string; email: string; session: string };
let owner: Persona;
let orgId: string;
let orgSlug: string;

const auditRows = (targetId: string) => sql<{ action: string; reason: string; before: unknown; after: unknown; actor_email: string }>('select * from public.super_admin_actions where target_id = $1 order by id', [targetId]);

beforeAll(async () => {
  admin = await superAdminWithMfa(operatorDb);
  owner = await signUpConfirmed('console-owner', { full_name: 'Console Owner' });
  orgSlug = `console-${Date.now().toString(36)}`;
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Console Customer', org_slug: orgSlug, org_plan: 'free' });
  if (error) throw error;
  orgId = (data as { organization_id: string }).organization_id;
});

describe('only a live super-admin session reaches the console', () => {
  const reads = ['dashboard', 'organizations', 'users', 'rules', 'billing', 'system', 'audit', 'search?q=co'];

  it.each(reads)('GET %s answers the super admin', async (path) => {
    const res = await callFunction(`super-admin-console/${path}`, { session: admin.session });
    expect(res.status).toBe(200);
  });

  it('the dashboard counts refused hits across processes and the system page reports the background jobs', async () => {
    const dashboard = await callFunction('super-admin-console/dashboard', { session: admin.session });
    expect(dashboard.json).toMatchObject({ refusedHits: { lastHour: expect.any(Number), lastDay: expect.any(Number) }, storedHits: { lastDay: expect.any(Number) } });
    const system = await callFunction('super-admin-console/system', { session: admin.session });
    expect(system.json).toMatchObject({ jobs: { deliveriesLast24h: { pending: expect.any(Number), sent: expect.any(Number), failed: expect.any(Number) } }, migrations: { applied: expect.any(Number) } });
    const detail = await callFunction(`super-admin-console/organizations/${orgId}`, { session: admin.session });
    expect(detail.json).toMatchObject({ refusals: expect.any(Array), members: [expect.objectContaining({ role: 'owner' })] });
  });

  // The renderer types these answers from the shared schemas: each answer must be exactly what its
  // schema parses it into (nothing stripped, numbers as numbers, timestamps as text).
  it.each([
    ['organizations', organizationPageSchema],
    ['users', userPageSchema],
    ['audit', auditPageSchema],
    ['rules', consoleRulesSchema],
    ['search?q=co', searchResultsSchema],
    ['plan-requests?status=all', planChangeRequestListSchema],
  ] as const)('GET %s answers in the shared wire type', async (path, schema) => {
    const res = await callFunction(`super-admin-console/${path}`, { session: admin.session });
    expect(res.status).toBe(200);
    expect((schema as { parse(value: unknown): unknown }).parse(res.json)).toEqual(res.json);
  });

  it.each(reads)('GET %s refuses anon, a customer owner and an ended session', async (path) => {
    expect((await callFunction(`super-admin-console/${path}`)).status).toBe(401);
    // A customer's own JWT is not a super-admin session.
    const asOwner = await fetch(`${inject('serverUrl')}/functions/v1/super-admin-console/${path}`, { headers: { apikey: inject('anonKey'), authorization: `Bearer ${owner.accessToken}` } });
    expect(asOwner.status).toBe(401);
    const ended = await superAdminWithMfa(operatorDb, 'ended');
    await sql("update public.super_admin_sessions set expires_at = now() - interval '1 second' where user_id = $1", [ended.id]);
    expect((await callFunction(`super-admin-console/${path}`, { session: ended.session })).status).toBe(401);
  });

  it('actions are refused without a session and change nothing', async () => {
    const res = await callFunction(`super-admin-console/organizations/${orgId}/suspend`, { body: { reason: 'no session' } });
    expect(res.status).toBe(401);
    expect((await sql('select suspended_at from public.organizations where id = $1', [orgId]))[0]!.suspended_at).toBeNull();
    expect(await auditRows(orgId)).toHaveLength(0);
  });
});

describe('organizations', () => {
  it('are searched and paginated in SQL, with members, websites and usage against the limit', async () => {
    const res = await callFunction(`super-admin-console/organizations?q=${orgSlug}&pageSize=5&sort=name&dir=asc`, { session: admin.session });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 1, page: 1, pageSize: 5 });
    expect((res.json.rows as Array<Record<string, unknown>>)[0]).toMatchObject({ id: orgId, slug: orgSlug, plan: 'free', members: 1, websites: 0, requests_this_month: 0, monthly_request_limit: 10000 });
  });

  it('an unknown query parameter or sort column is a 400 that names it', async () => {
    expect(await callFunction('super-admin-console/organizations?plan=pro', { session: admin.session })).toMatchObject({ status: 400, json: { error: expect.stringContaining('"plan"') } });
    expect(await callFunction('super-admin-console/organizations?sort=password', { session: admin.session })).toMatchObject({ status: 400, json: { error: expect.stringContaining('unknown column "password"') } });
  });

  it('change plan and extend trial each write exactly one audit row with the reason, before and after', async () => {
    const plan = await callFunction(`super-admin-console/organizations/${orgId}/plan`, { session: admin.session, body: { plan: 'starter', reason: 'Sales deal #42' } });
    expect(plan).toMatchObject({ status: 200, json: { organization: { plan: 'starter', subscription_status: 'active' } } });
    const trial = await callFunction(`super-admin-console/organizations/${orgId}/extend-trial`, { session: admin.session, body: { days: 14, reason: 'Evaluation needs longer' } });
    expect(trial.status).toBe(200);
    const endsAt = new Date((trial.json.organization as { trial_ends_at: string }).trial_ends_at).getTime();
    expect(Math.round((endsAt - Date.now()) / 86_400_000)).toBe(14);
    const audit = await auditRows(orgId);
    expect(audit.map((a) => [a.action, a.reason, a.actor_email])).toEqual([
      ['organization.change_plan', 'Sales deal #42', admin.email],
      ['organization.extend_trial', 'Evaluation needs longer', admin.email],
    ]);
    expect(audit[0]!.before).toMatchObject({ plan: 'free' });
    expect(audit[0]!.after).toMatchObject({ plan: 'starter' });
  });

  it('an action without a reason, with an unknown field or on a missing organization changes nothing', async () => {
    const before = await auditRows(orgId);
    expect((await callFunction(`super-admin-console/organizations/${orgId}/plan`, { session: admin.session, body: { plan: 'pro' } })).status).toBe(400);
    expect(await callFunction(`super-admin-console/organizations/${orgId}/plan`, { session: admin.session, body: { plan: 'pro', reason: 'ok reason', notes: 'x' } })).toMatchObject({ status: 400, json: { error: 'unknown field "notes"' } });
    expect((await callFunction('super-admin-console/organizations/00000000-0000-4000-8000-000000000000/plan', { session: admin.session, body: { plan: 'pro', reason: 'ok reason' } })).status).toBe(404);
    expect((await sql('select plan from public.organizations where id = $1', [orgId]))[0]!.plan).toBe('starter');
    expect(await auditRows(orgId)).toHaveLength(before.length);
  });

  it('suspend and reactivate are audited and show on the organization', async () => {
    expect((await callFunction(`super-admin-console/organizations/${orgId}/suspend`, { session: admin.session, body: { reason: 'Chargeback under review' } })).status).toBe(200);
    const suspended = (await owner.client.from('organizations').select('suspended_at, suspended_reason').eq('id', orgId).single()).data;
    expect(suspended).toMatchObject({ suspended_reason: 'Chargeback under review' });
    expect(suspended!.suspended_at).not.toBeNull();
    expect((await callFunction(`super-admin-console/organizations/${orgId}/suspend`, { session: admin.session, body: { reason: 'again' } })).status).toBe(409);
    expect((await callFunction(`super-admin-console/organizations/${orgId}/reactivate`, { session: admin.session, body: { reason: 'Resolved with the bank' } })).status).toBe(200);
    expect((await auditRows(orgId)).slice(-2).map((a) => a.action)).toEqual(['organization.suspend', 'organization.reactivate']);
  });

  it('delete needs the slug typed as confirmation', async () => {
    const other = await signUpConfirmed('console-delete');
    const slug = `console-del-${Date.now().toString(36)}`;
    const { data } = await other.client.rpc('complete_user_signup', { user_id: other.user.id, org_name: 'Doomed', org_slug: slug, org_plan: 'free' });
    const id = (data as { organization_id: string }).organization_id;
    expect((await callFunction(`super-admin-console/organizations/${id}/delete`, { session: admin.session, body: { confirm: 'wrong', reason: 'Customer asked' } })).status).toBe(400);
    expect(await sql('select 1 from public.organizations where id = $1', [id])).toHaveLength(1);
    expect((await callFunction(`super-admin-console/organizations/${id}/delete`, { session: admin.session, body: { confirm: slug, reason: 'Customer asked' } })).status).toBe(200);
    expect(await sql('select 1 from public.organizations where id = $1', [id])).toHaveLength(0);
    expect((await auditRows(id)).map((a) => a.action)).toEqual(['organization.delete']);
  });
});

describe('users', () => {
  it('banning a user ends their sessions at once and is audited; unban lets them sign in again', async () => {
    const user = await signUpConfirmed('console-ban');
    const res = await callFunction(`super-admin-console/users/${user.user.id}/ban`, { session: admin.session, body: { reason: 'Abuse report 17' } });
    expect(res.status).toBe(200);
    expect(await sql('select 1 from auth.sessions where user_id = $1', [user.user.id])).toHaveLength(0);
    // The refresh token died with the session; signing in again is refused while banned.
    expect((await user.client.auth.refreshSession()).error).not.toBeNull();
    expect((await user.client.auth.signInWithPassword({ email: user.email, password: 'correct-horse-battery-9' })).error).not.toBeNull();
    expect((await callFunction(`super-admin-console/users/${user.user.id}/unban`, { session: admin.session, body: { reason: 'Appeal accepted' } })).status).toBe(200);
    expect((await user.client.auth.signInWithPassword({ email: user.email, password: 'correct-horse-battery-9' })).error).toBeNull();
    expect((await auditRows(user.user.id)).map((a) => a.action)).toEqual(['user.ban', 'user.unban']);
  });

  it('search finds users by email and organizations by name, for the sidebar typeahead', async () => {
    const res = await callFunction(`super-admin-console/search?q=${encodeURIComponent(owner.email.slice(0, 12))}`, { session: admin.session });
    expect((res.json.users as Array<{ email: string }>).map((u) => u.email)).toContain(owner.email);
    const orgs = await callFunction('super-admin-console/search?q=Console%20Customer', { session: admin.session });
    expect((orgs.json.organizations as Array<{ id: string }>).map((o) => o.id)).toContain(orgId);
  });

  it('user detail lists organizations, roles and active sessions', async () => {
    const res = await callFunction(`super-admin-console/users/${owner.user.id}`, { session: admin.session });
    expect(res.status).toBe(200);
    expect(res.json.organizations).toEqual([expect.objectContaining({ id: orgId, role: 'owner' })]);
    expect((res.json.sessions as unknown[]).length).toBeGreaterThan(0);
  });
});

describe('rules', () => {
  it('lists the whole catalogue and changes a default for everyone with an audit row', async () => {
    const list = await callFunction('super-admin-console/rules', { session: admin.session });
    const rules = list.json.rules as Array<{ id: string; tier: string }>;
    expect(rules.filter((r) => r.tier === 'advanced')).toHaveLength(70);
    const target = rules.find((r) => r.tier === 'advanced')!.id;
    expect((await callFunction(`super-admin-console/rules/${target}`, { session: admin.session, body: { enabled: false, severity: null, reason: 'Misfires on tag gateway paths' } })).status).toBe(200);
    expect((await sql('select enabled, reason from public.rule_global_settings where rule_id = $1', [target]))[0]).toEqual({ enabled: false, reason: 'Misfires on tag gateway paths' });
    expect((await auditRows(target)).map((a) => a.action)).toEqual(['rule.change_default']);
    expect((await callFunction('super-admin-console/rules/not.a_rule', { session: admin.session, body: { enabled: false, severity: null, reason: 'x y z' } })).status).toBe(404);
    // Other test files share this database: leave the catalogue as it was.
    await sql('delete from public.rule_global_settings where rule_id = $1', [target]);
  });

  it('a rule switched off for everyone stops firing in the collector; a website that turns it on still gets it', async () => {
    const firesOnV1 = 'basic.version';
    const send = async (siteKey: string, domain: string) => {
      const res = await fetch(`${inject('serverUrl')}/collect/g?site=${siteKey}`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: `https://${domain}` },
        body: JSON.stringify({ v: 1, hits: [{ k: `rule${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, m: 'GET', u: `https://www.google-analytics.com/g/collect?v=1&tid=G-RULEOFF01&cid=1.2&en=page_view&dl=https%3A%2F%2F${domain}%2F` }] }),
      });
      expect(res.status).toBe(200);
      const id = ((await res.json()) as { results: Array<{ id: string }> }).results[0]!.id;
      return (await sql<{ issues: Array<{ ruleId: string }> }>('select issues from public.collected_requests where id = $1', [id]))[0]!.issues.map((i) => i.ruleId);
    };
    try {
      expect((await callFunction(`super-admin-console/rules/${firesOnV1}`, { session: admin.session, body: { enabled: false, severity: null, reason: 'Too noisy for everyone' } })).status).toBe(200);
      // New websites: the collector's 30-second website cache has not seen them yet.
      const plain = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Rule off', domain: 'rule-off.example.com' }).select('id, site_key').single();
      const opted = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Rule on', domain: 'rule-on.example.com' }).select('id, site_key').single();
      await sql('insert into public.website_rule_settings (website_id, rule_id, enabled) values ($1, $2, true)', [opted.data!.id, firesOnV1]);
      expect(await send(plain.data!.site_key as string, 'rule-off.example.com')).not.toContain(firesOnV1);
      expect(await send(opted.data!.site_key as string, 'rule-on.example.com')).toContain(firesOnV1);
    } finally {
      await sql('delete from public.rule_global_settings where rule_id = $1', [firesOnV1]);
    }
  });
});

describe('a suspended organization', () => {
  it('has its hits refused with a reason until it is reactivated', async () => {
    const other = await signUpConfirmed('console-suspend');
    const { data } = await other.client.rpc('complete_user_signup', { user_id: other.user.id, org_name: 'Suspended Co', org_slug: `susp-${Date.now().toString(36)}`, org_plan: 'free' });
    const id = (data as { organization_id: string }).organization_id;
    const site = (await other.client.from('websites').insert({ organization_id: id, name: 'Susp', domain: 'susp.example.com' }).select('id, site_key').single()).data!;
    expect((await callFunction(`super-admin-console/organizations/${id}/suspend`, { session: admin.session, body: { reason: 'Terms violation' } })).status).toBe(200);
    const res = await fetch(`${inject('serverUrl')}/collect/g?site=${site.site_key as string}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://susp.example.com' },
      body: JSON.stringify({ v: 1, hits: [{ k: `susp${Date.now().toString(36)}`, m: 'GET', u: 'https://www.google-analytics.com/g/collect?v=2&tid=G-SUSP00001&cid=1.2&en=page_view&dl=https%3A%2F%2Fsusp.example.com%2F' }] }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ reason: 'organization_suspended' });
    expect(await sql('select 1 from public.collected_requests where website_id = $1', [site.id])).toHaveLength(0);
  });
});
