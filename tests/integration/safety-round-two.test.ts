import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { sql, uniqueEmail } from '../support/clients';
import { api, createTenant, signUpConfirmed, subscribe, type Persona, type Tenant } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';
import { envelope, postSignedEvent, subscription } from '../support/stripe-events';
import { grantSuperAdmin } from '../../src/server/functions/super-admin/operator';
import { SUPER_ADMIN_PASSWORD, callFunction, currentTotpStep, newTotpSecret, superAdminWithMfa, totpCode } from '../support/super-admin';

// Issue 26, "safety, round two": each describe block is one class of attack that got through,
// replayed over HTTP against the real server and Postgres.

const base = () => inject('serverUrl');

async function rest(method: string, query: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { apikey: inject('anonKey'), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(`${base()}/rest/v1/${query}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> | unknown[] | null };
}

let tenant: Tenant;
/** A website of the tenant with a Measurement Protocol secret. */
let site: { id: string; site_key: string };
let secret: string;

beforeAll(async () => {
  tenant = await createTenant('round-two', 'pro');
  const { error } = await tenant.owner.client.from('websites').insert([
    { organization_id: tenant.orgId, name: 'R2 one', domain: 'one.round-two.example.com' },
    { organization_id: tenant.orgId, name: 'R2 two', domain: 'two.round-two.example.com' },
  ]);
  if (error) throw error;
  const created = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'R2 MP', domain: 'mp.round-two.example.com', measurement_ids: ['G-ROUNDTWO1'] }).select('id, site_key').single();
  if (created.error) throw created.error;
  site = created.data as { id: string; site_key: string };
  const made = await tenant.admin.client.rpc('create_mp_secret', { target_website_id: site.id, secret_name: 'Round two' });
  if (made.error) throw made.error;
  secret = (made.data as { secret: string }).secret;
});

/** One valid Measurement Protocol hit for the tenant's website, stored before the answer. */
async function sendMpHit(eventName = 'login') {
  const body = JSON.stringify({ client_id: '123.456', events: [{ name: eventName, params: { method: 'Google', session_id: '1700000000', engagement_time_msec: 100 } }] });
  const res = await fetch(`${base()}/mp/collect?measurement_id=G-ROUNDTWO1&api_secret=${secret}`, { method: 'POST', body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('item 11: an empty or= / and= on a read is refused like PostgREST', () => {
  it.each(['or=', 'and=', 'not.or=', 'websites.and='])('GET websites?%s is PGRST100, not every row', async (filter) => {
    const res = await rest('GET', `organizations?select=id,websites(id)&${filter}`, tenant.owner.accessToken);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('failed to parse logic tree') });
  });

  it('a non-empty or= still reads', async () => {
    const res = await rest('GET', 'websites?select=name&or=(name.eq.R2%20one,name.eq.R2%20two)&order=name', tenant.owner.accessToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ name: 'R2 one' }, { name: 'R2 two' }]);
  });
});

describe('item 9: refusals that were 500s are 4xx that name the problem', () => {

  it('Measurement Protocol JSON nested 5,000 deep is 400 invalid_json (collect and debug), and nothing is stored', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const body = `{"client_id":"1.2","events":[{"name":"deep","params":{"p":${deep}}}]}`;
    const res = await fetch(`${base()}/mp/collect?measurement_id=G-ROUNDTWO1&api_secret=${secret}`, { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ reason: 'invalid_json', error: expect.stringContaining('nested deeper than 32 levels') });
    const debug = await fetch(`${base()}/debug/mp/collect?measurement_id=G-ROUNDTWO1&api_secret=${secret}`, { method: 'POST', body });
    expect(debug.status).toBe(200);
    expect(await debug.json()).toMatchObject({ validationMessages: [expect.objectContaining({ description: expect.stringContaining('nested deeper than 32 levels') })] });
    expect(await sql('select 1 from public.collected_requests where website_id = $1', [site.id])).toHaveLength(0);
  });

  it('POST into a view is 405, not 500', async () => {
    const res = await rest('POST', 'organization_billing_summary', tenant.owner.accessToken, { organization_id: tenant.orgId });
    expect(res.status).toBe(405);
    expect(res.json).toMatchObject({ code: '55000', message: expect.stringContaining('cannot insert into view') });
  });

  it('a database "not found" (P0002) is 404 with its message', async () => {
    const res = await rest('POST', 'rpc/revoke_mp_secret', tenant.owner.accessToken, { secret_id: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: 'P0002', message: 'Measurement Protocol secret not found' });
  });

  it('a signed Stripe subscription event without items is 400 and records nothing', async () => {
    const sub = subscription({ id: `sub_noitems_${Date.now()}`, orgId: tenant.orgId, customer: 'cus_noitems', status: 'active' });
    const event = envelope('customer.subscription.updated', { ...sub, items: undefined });
    const res = await postSignedEvent(base(), event, inject('stripeWebhookSecret'));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: expect.stringContaining('has no items list') });
    expect(await sql('select 1 from public.billing_events where id = $1', [event.id])).toHaveLength(0);
  });

  it("the console's delete user works for a user who created an organization", async () => {
    const operatorDb = createDatabase(inject('databaseUrl'), 2);
    const orgOf = async (p: Persona, name: string) => {
      const made = await p.client.rpc('complete_user_signup', { user_id: p.user.id, org_name: name, org_slug: `r2-${Math.random().toString(36).slice(2, 10)}`, org_plan: 'free' });
      if (made.error) throw made.error;
      const id = (made.data as { organization_id: string }).organization_id;
      await subscribe(id, 'pro');
      return id;
    };
    const addMember = (userId: string, orgId: string, role: string) =>
      sql("insert into public.user_organizations (user_id, organization_id, role, status, permissions) values ($1, $2, $3, 'active', '{}')", [userId, orgId, role]);
    const remove = (p: Persona) => callFunction(`super-admin-console/users/${p.user.id}/delete`, { session: admin.session, body: { reason: 'Account closure request', confirm: p.email } });
    let admin: { session: string };
    try {
      admin = await superAdminWithMfa(operatorDb, 'r2-delete');
      const [creator, coOwner, solo] = await Promise.all([signUpConfirmed('r2-creator'), signUpConfirmed('r2-co-owner'), signUpConfirmed('r2-solo')]);
      // An organization with another owner: the creator's account goes, the organization stays.
      const shared = await orgOf(creator, 'Shared Org');
      await addMember(coOwner.user.id, shared, 'owner');
      // An organization the creator alone belongs to goes with the account.
      const own = await orgOf(solo, 'Solo Org');
      const sharedRes = await remove(creator);
      expect(sharedRes.status, JSON.stringify(sharedRes.json)).toBe(200);
      expect(await sql('select 1 from auth.users where id = $1', [creator.user.id])).toHaveLength(0);
      expect(await sql('select created_by from public.organizations where id = $1', [shared])).toEqual([{ created_by: null }]);
      expect((await remove(solo)).status).toBe(200);
      expect(await sql('select 1 from public.organizations where id = $1', [own])).toHaveLength(0);
      // The last owner of an organization with other members: a 409 that names it, nothing deleted.
      const viewer = await signUpConfirmed('r2-stranded-viewer');
      await addMember(viewer.user.id, shared, 'viewer');
      const refused = await remove(coOwner);
      expect(refused.status).toBe(409);
      expect(refused.json).toMatchObject({ error: expect.stringContaining('last owner of "Shared Org"') });
      expect(await sql('select 1 from auth.users where id = $1', [coOwner.user.id])).toHaveLength(1);
    } finally {
      await operatorDb.close();
    }
  });
});

describe('item 10: small auth gaps', () => {
  const signUpRaw = async (email: string, password: string) => {
    const res = await fetch(`${base()}/auth/v1/signup`, { method: 'POST', headers: { apikey: inject('anonKey'), 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  it('a password equal to the email address is refused at sign-up and at a password change', async () => {
    const email = uniqueEmail('r2-same');
    const refused = await signUpRaw(email, email.toUpperCase());
    expect(refused.status).toBe(422);
    expect(refused.json).toMatchObject({ error_code: 'weak_password', msg: 'Password cannot be your email address, please choose a different one.' });
    expect(await sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
    const persona = await signUpConfirmed('r2-change');
    const { error } = await persona.client.auth.updateUser({ password: persona.email });
    expect(error?.code).toBe('weak_password');
  });

  it('sign-up for an existing address answers with the same fields as a new one', async () => {
    const existing = await signUpConfirmed('r2-enum');
    await sql('delete from auth.rate_limits where key like $1', [`%${existing.email}%`]);
    const again = await signUpRaw(existing.email, 'another-strong-password-42');
    const fresh = await signUpRaw(uniqueEmail('r2-enum-new'), 'another-strong-password-42');
    expect(again.status).toBe(200);
    expect(fresh.status).toBe(200);
    expect(Object.keys(again.json).sort()).toEqual(Object.keys(fresh.json).sort());
  });

  it('one 14-day Pro trial per person: a second paid organization is refused, a free one is fine', async () => {
    const person = await signUpConfirmed('r2-trial');
    const create = (plan: string) => person.client.rpc('create_organization', { org_name: `Trial ${plan}`, org_slug: `r2-trial-${Math.random().toString(36).slice(2, 10)}`, org_plan: plan }).single<{ id: string; trial_ends_at: string | null }>();
    const first = await create('pro');
    expect(first.error).toBeNull();
    expect(first.data?.trial_ends_at).not.toBeNull();
    const second = await create('pro');
    expect(second.error).toMatchObject({ code: 'P0001', message: 'Your free trial has already been used: create this organization on the free plan and upgrade it from Billing' });
    // Deleting the trial organization does not renew the trial.
    expect((await person.client.from('organizations').delete().eq('id', first.data!.id)).error).toBeNull();
    expect((await create('starter')).error?.code).toBe('P0001');
    expect((await create('free')).error).toBeNull();
  });
});

describe('item 7: viewers cannot read the requests log or its rollups through the data API', () => {
  beforeAll(async () => {
    const sent = await sendMpHit();
    expect(sent.status, JSON.stringify(sent.json)).toBe(200);
  });

  it.each(['collected_requests', 'website_hourly_rollups', 'organization_hourly_rollups'])('%s: a member reads rows, a viewer reads none', async (table) => {
    const asMember = await rest('GET', `${table}?select=organization_id&organization_id=eq.${tenant.orgId}`, tenant.member.accessToken);
    expect(asMember.status).toBe(200);
    expect((asMember.json as unknown[]).length).toBeGreaterThan(0);
    const asViewer = await rest('GET', `${table}?select=organization_id&organization_id=eq.${tenant.orgId}`, tenant.viewer.accessToken);
    expect(asViewer.status).toBe(200);
    expect(asViewer.json).toEqual([]);
  });

  it('the dashboards\' rollup_series answers a viewer with nothing', async () => {
    const now = Date.now();
    const args = { org_id: tenant.orgId, site_id: null, bucket_starts: [new Date(now - 86_400_000).toISOString()], until: new Date(now + 3_600_000).toISOString(), dimensions: ['requests'] };
    const member = await tenant.member.client.rpc('rollup_series', args);
    expect(member.data?.length).toBeGreaterThan(0);
    const viewer = await tenant.viewer.client.rpc('rollup_series', args);
    expect(viewer.error).toBeNull();
    expect(viewer.data).toEqual([]);
  });
});

describe('item 3: a suspended organization is read-only everywhere, enforced in Postgres', () => {
  let suspended: Tenant;
  let siteId: string;
  const SUSPENDED = 'This organization is suspended: it is read-only until Tracklint support reactivates it';

  beforeAll(async () => {
    suspended = await createTenant('r2-suspended', 'pro');
    const made = await suspended.owner.client.from('websites').insert({ organization_id: suspended.orgId, name: 'Kept', domain: 'kept.r2-suspended.example.com' }).select('id').single();
    if (made.error) throw made.error;
    siteId = (made.data as { id: string }).id;
    const operatorDb = createDatabase(inject('databaseUrl'), 2);
    try {
      const admin = await superAdminWithMfa(operatorDb, 'r2-suspend');
      const res = await callFunction(`super-admin-console/organizations/${suspended.orgId}/suspend`, { session: admin.session, body: { reason: 'Unpaid invoices' } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
    } finally {
      await operatorDb.close();
    }
  });

  it('writes through /rest/v1 are refused with the reason; reads still work', async () => {
    const owner = suspended.owner.client;
    const insert = await owner.from('websites').insert({ organization_id: suspended.orgId, name: 'New', domain: 'new.r2-suspended.example.com' });
    expect(insert.error).toMatchObject({ code: '42501', message: SUSPENDED, details: 'Unpaid invoices' });
    expect((await owner.from('websites').update({ name: 'Renamed' }).eq('id', siteId)).error?.message).toBe(SUSPENDED);
    expect((await owner.from('websites').delete().eq('id', siteId)).error?.message).toBe(SUSPENDED);
    expect((await owner.from('organizations').update({ name: 'Renamed Org' }).eq('id', suspended.orgId)).error?.message).toBe(SUSPENDED);
    expect((await owner.rpc('create_api_key', { org_id: suspended.orgId, key_name: 'Sneaky' })).error?.message).toBe(SUSPENDED);
    expect((await owner.rpc('create_mp_secret', { target_website_id: siteId, secret_name: 'Sneaky' })).error?.message).toBe(SUSPENDED);
    expect((await owner.from('alert_channels').insert({ organization_id: suspended.orgId, kind: 'email', name: 'Ops', email_recipients: ['ops@example.com'] })).error?.message).toBe(SUSPENDED);
    expect((await owner.from('tracking_plans').insert({ organization_id: suspended.orgId, name: 'Sneaky plan' })).error?.message).toBe(SUSPENDED);
    const read = await owner.from('websites').select('name').eq('id', siteId);
    expect(read.data).toEqual([{ name: 'Kept' }]);
  });

  it('writes through /api are refused too, and no invitation mail goes out', async () => {
    const invitee = uniqueEmail('r2-suspended-invitee');
    const invite = await api(suspended.owner, 'POST', `/api/organizations/${suspended.orgId}/invitations`, { email: invitee, role: 'member' });
    expect(invite.status).toBe(403);
    expect(invite.json).toMatchObject({ error: SUSPENDED });
    const patch = await api(suspended.owner, 'PATCH', `/api/organizations/${suspended.orgId}`, { name: 'Renamed' });
    expect(patch.status).toBe(403);
    const del = await api(suspended.owner, 'DELETE', `/api/organizations/${suspended.orgId}`);
    expect(del.status).toBe(403);
    expect(await sql('select 1 from public.invitations where lower(email) = lower($1)', [invitee])).toHaveLength(0);
    expect(await sql('select name from public.organizations where id = $1', [suspended.orgId])).toEqual([{ name: 'r2-suspended Org' }]);
  });
});

describe('item 2: a forger with the public site key cannot take a website\'s whole minute', () => {
  let siteKey: string;
  const DOMAIN = 'shop.r2-rate.example.com';
  const hit = (cid: string) => ({
    k: `r2${Math.random().toString(36).slice(2, 14)}${Date.now().toString(36)}`,
    m: 'POST',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=G-R2RATE001&cid=${cid}&sid=1700000000&sct=1&seg=1&_s=1&dl=https%3A%2F%2F${DOMAIN}%2F&dt=Home&en=page_view`,
  });
  const batch = async (hits: unknown[]) => {
    const res = await fetch(`${base()}/collect/g?site=${siteKey}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${DOMAIN}` }, body: JSON.stringify({ v: 1, hits }) });
    return { status: res.status, json: (await res.json()) as { stored?: number; refused?: number; reason?: string } };
  };

  beforeAll(async () => {
    const owner = await signUpConfirmed('r2-rate');
    const org = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Rate Org', org_slug: `r2-rate-${Date.now().toString(36)}`, org_plan: 'free' });
    if (org.error) throw org.error;
    const orgId = (org.data as { organization_id: string }).organization_id;
    const made = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Rate', domain: DOMAIN }).select('site_key').single();
    if (made.error) throw made.error;
    siteKey = (made.data as { site_key: string }).site_key;
  });

  it('100 forged hits from one client use its share only; the real visitors\' hits are stored', async () => {
    const [limit] = await sql<{ n: number }>("select max_hits_per_minute as n from public.subscription_plan_limits where plan = 'free'");
    expect(limit!.n).toBe(100);
    // Two batches of 50 from one forged client id: it gets its share, not the website's minute.
    const forged = [await batch(Array.from({ length: 50 }, () => hit('666.666'))), await batch(Array.from({ length: 50 }, () => hit('666.666')))];
    const forgedStored = forged.reduce((n, r) => n + (r.json.stored ?? 0), 0);
    expect(forgedStored).toBe(20);
    expect(forged[1]!.status).toBe(429);
    expect(forged[1]!.json.reason).toBe('rate_limited');
    // Real visitors (their own client ids) still get through.
    const real = await batch(['111.1', '222.2', '333.3'].map(hit));
    expect(real.status).toBe(200);
    expect(real.json).toMatchObject({ stored: 3, refused: 0 });
  });
});

describe('item 6: the development mailbox treats any proxy header as "not loopback"', () => {
  it.each([
    ['x-real-ip', '203.0.113.9'],
    ['forwarded', 'for=203.0.113.9;proto=https'],
    ['x-forwarded-for', '203.0.113.9'],
    ['via', '1.1 proxy.example.com'],
  ])('a request carrying %s is refused', async (header, value) => {
    const res = await fetch(`${base()}/dev/mailbox.json`, { headers: { [header]: value } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining('answers only on this machine') });
  });

  it('a plain loopback request still reads it', async () => {
    expect((await fetch(`${base()}/dev/mailbox.json`)).status).toBe(200);
  });
});

describe('item 5: alert "send test" is rate limited and fails with one text', () => {
  let receiver: http.Server;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.statusCode = req.url === '/refuse' ? 403 : 200;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    receiver.closeAllConnections();
    receiver.close();
  });

  const channel = async (name: string, url: string) => {
    const res = await api(tenant.owner, 'POST', '/api/alerts/channels', { organization_id: tenant.orgId, name, kind: 'webhook', url });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return (res.json.channel as { id: string }).id;
  };

  it('a refused request answers like any failure; the sixth test in a minute is 429', async () => {
    await sql("delete from auth.rate_limits where key like 'alert_test_send%'");
    const refusing = await channel('Refusing', `${receiverUrl}/refuse`);
    const failed = await api(tenant.owner, 'POST', `/api/alerts/channels/${refusing}/test`);
    expect(failed).toEqual({ status: 502, json: { error: 'The test was not delivered. The receiver did not accept the message', delivery_id: expect.any(String) } });
    const good = await channel('Good', `${receiverUrl}/ok`);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api(tenant.owner, 'POST', `/api/alerts/channels/${good}/test`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await api(tenant.admin, 'POST', `/api/alerts/channels/${good}/test`);
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ error: expect.stringContaining('Too many test sends: at most 5 a minute per organization') });
  });
});

describe('item 1: /debug/mp/collect has its own rate limit per key', () => {
  it('at most 20 debug requests a minute per secret; then 429 rate_limited, before the body is validated', async () => {
    const body = JSON.stringify({ client_id: '1.2', events: [{ name: 'login', params: { method: 'Google' } }] });
    const answers: Array<{ status: number; json: Record<string, unknown> }> = [];
    // 42 requests span at most two one-minute windows, so at least two of them are refused.
    for (let i = 0; i < 42; i++) {
      const res = await fetch(`${base()}/debug/mp/collect?measurement_id=G-ROUNDTWO1&api_secret=${secret}`, { method: 'POST', body });
      answers.push({ status: res.status, json: (await res.json()) as Record<string, unknown> });
    }
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused[0]!.json).toMatchObject({ reason: 'rate_limited', error: expect.stringContaining('Too many debug requests: at most 20 a minute') });
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(40);
  });
});

describe('item 4: super-admin MFA and lockout', () => {
  const operatorDb = createDatabase(inject('databaseUrl'), 2);
  afterAll(() => operatorDb.close());
  const login = (email: string, password = SUPER_ADMIN_PASSWORD) =>
    callFunction('super-admin-auth/login', { body: { email, password, mfaCode: null, ipAddress: '203.0.113.7', userAgent: 'TracklintTest/1.0' } });
  const sessionOk = async (session: string) => (await callFunction('super-admin-auth/session', { session })).status;

  it('turning MFA on ends the sessions opened before it; replacing it needs a current code', async () => {
    const email = uniqueEmail('r2-sa-mfa');
    const { userId } = await grantSuperAdmin(operatorDb, { email, password: SUPER_ADMIN_PASSWORD });
    const first = (await login(email)).json.sessionToken as string;
    const second = (await login(email)).json.sessionToken as string;
    const secret = newTotpSecret();
    const setup = await callFunction('super-admin-auth/setup-mfa', { session: first, body: { userId, secret, token: totpCode(secret, currentTotpStep()) } });
    expect(setup.status).toBe(200);
    expect(await sessionOk(second)).toBe(401);
    expect(await sessionOk(first)).toBe(200);
    // Replacing it with the session alone is refused; with a current code it works.
    const other = newTotpSecret();
    const refused = await callFunction('super-admin-auth/setup-mfa', { session: first, body: { userId, secret: other, token: totpCode(other, currentTotpStep()) } });
    expect(refused).toMatchObject({ status: 403, json: { error: 'MFA is already on: replacing it needs a current code from your authenticator app (currentCode)' } });
    const replaced = await callFunction('super-admin-auth/setup-mfa', {
      session: first,
      body: { userId, secret: other, token: totpCode(other, currentTotpStep()), currentCode: totpCode(secret, currentTotpStep() + 1) },
    });
    expect(replaced.status, JSON.stringify(replaced.json)).toBe(200);
  });

  it('wrong passwords make that source wait (doubling back-off), not a 15-minute lock of the account', async () => {
    const email = uniqueEmail('r2-sa-lock');
    await grantSuperAdmin(operatorDb, { email, password: SUPER_ADMIN_PASSWORD });
    for (let i = 0; i < 5; i++) expect((await login(email, `wrong-${i}`)).status).toBe(401);
    const waiting = await login(email);
    expect(waiting.status).toBe(429);
    expect(waiting.json.error).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
    // A minute after the latest failure the same source may try again (the old rule locked 15 minutes).
    await sql("update public.super_admin_audit_log set created_at = created_at - interval '61 seconds' where email = $1", [email]);
    const back = await login(email);
    expect(back.status).toBe(200);
    expect(back.json.sessionToken).toEqual(expect.any(String));
  });

  it('signing a super admin out everywhere ends their console sessions too', async () => {
    const admin = await superAdminWithMfa(operatorDb, 'r2-sa-everywhere');
    expect(await sessionOk(admin.session)).toBe(200);
    const token = await fetch(`${base()}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: inject('anonKey'), 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: SUPER_ADMIN_PASSWORD }),
    });
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    const out = await fetch(`${base()}/auth/v1/logout?scope=global`, { method: 'POST', headers: { apikey: inject('anonKey'), authorization: `Bearer ${accessToken}` } });
    expect(out.status).toBe(204);
    expect(await sessionOk(admin.session)).toBe(401);
  });
});

describe('item 8: domain verification needs proof from the domain, not a hit', () => {
  let site: http.Server;
  let served: { file?: string; page?: string } = {};
  let second: SecondServer;
  let websiteId: string;
  let token: string;

  beforeAll(async () => {
    // A loopback site standing in for the customer's domain (127.0.0.1 is a valid website domain).
    site = http.createServer((req, res) => {
      const body = req.url === '/.well-known/tracklint-verification.txt' ? served.file : req.url === '/' ? served.page : undefined;
      res.statusCode = body === undefined ? 404 : 200;
      res.end(body ?? 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    // Same issuer as the shared server (startSecondServer's PUBLIC_URL), so its users' tokens are accepted here.
    second = await startSecondServer('verify', { DOMAIN_VERIFICATION_HTTP_PORT: String((site.address() as AddressInfo).port) });
    const made = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'Loopback', domain: '127.0.0.1' }).select('id, site_key, verification_token').single();
    if (made.error) throw made.error;
    websiteId = (made.data as { id: string }).id;
    token = (made.data as { verification_token: string }).verification_token;
    expect(token).toMatch(/^tracklint-[0-9a-f]{64}$/);
  });
  afterAll(async () => {
    site.closeAllConnections();
    site.close();
    await second.stop();
  });

  const verify = async (persona: Persona = tenant.owner) => {
    const res = await fetch(`${second.server.url}/api/websites/${websiteId}/verify`, { method: 'POST', headers: { authorization: `Bearer ${persona.accessToken}` } });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const state = async () => (await sql<{ verification_status: string; verification_method: string | null; receiving_traffic_at: Date | null }>('select verification_status, verification_method, receiving_traffic_at from public.websites where id = $1', [websiteId]))[0]!;

  it('a hit with the domain\'s Origin only marks it as receiving traffic', async () => {
    const { data } = await tenant.owner.client.from('websites').select('site_key').eq('id', websiteId).single();
    const hit = { k: `r2verify${Date.now().toString(36)}`, m: 'POST', u: 'https://www.google-analytics.com/g/collect?v=2&tid=G-VERIFY001&cid=1.2&sid=1700000000&sct=1&seg=1&_s=1&dl=https%3A%2F%2F127.0.0.1%2F&dt=Home&en=page_view' };
    const res = await fetch(`${base()}/collect/g?site=${(data as { site_key: string }).site_key}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://127.0.0.1' }, body: JSON.stringify({ v: 1, hits: [hit] }) });
    expect(res.status).toBe(200);
    const after = await state();
    expect(after.verification_status).toBe('pending');
    expect(after.receiving_traffic_at).not.toBeNull();
  });

  it('without a proof the check answers 422 with what to publish; clients cannot set the fields', async () => {
    served = {};
    const res = await verify();
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual(expect.stringContaining(`tracklint-verification=${token}`));
    expect((await verify(tenant.member)).status).toBe(403);
    const forged = await tenant.owner.client.from('websites').update({ verification_method: 'dns' }).eq('id', websiteId);
    expect(forged.error?.message).toBe('Verification fields are set by Tracklint, not by clients');
    expect((await state()).verification_status).toBe('pending');
  });

  it('a meta tag or the file served from the domain verifies it', async () => {
    served = { page: `<html><head><meta name="tracklint-verification" content="${token}"></head></html>` };
    expect(await verify()).toEqual({ status: 200, json: { verified: true, method: 'meta' } });
    expect(await state()).toMatchObject({ verification_status: 'verified', verification_method: 'meta' });
    served = { file: `${token}\n` };
    expect(await verify()).toEqual({ status: 200, json: { verified: true, method: 'file' } });
  });
});
