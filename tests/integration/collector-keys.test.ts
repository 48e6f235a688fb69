import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from '../support/clients';
import { createTenant, signUpConfirmed, type Persona, type Tenant } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

// Issue 8, section 6: the site key is public; Measurement Protocol needs a secret; per-website
// rate limits hold across server processes; the debug endpoint keeps a tenant's settings private.

const url = (p: string, base = inject('serverUrl')) => `${base}${p}`;
const LOGIN = JSON.stringify({ client_id: '123.456', events: [{ name: 'login', params: { method: 'Google', session_id: '1700000000', engagement_time_msec: 100 } }] });

let tenant: Tenant;
let outsider: Persona;
let site: { id: string; site_key: string };

async function createWebsite(owner: Persona, orgId: string, domain: string, extra: Record<string, unknown> = {}) {
  const { data, error } = await owner.client.from('websites').insert({ organization_id: orgId, name: domain, domain, ...extra }).select('id, site_key').single();
  if (error) throw error;
  return data as { id: string; site_key: string };
}

async function mp(query: string, body = LOGIN, base?: string) {
  const res = await fetch(url(`/mp/collect?${query}`, base), { method: 'POST', body });
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as Record<string, unknown>, text };
}

async function storedFor(websiteId: string): Promise<number> {
  return Number((await sql<{ n: string }>('select count(*) as n from public.collected_requests where website_id = $1', [websiteId]))[0]!.n);
}

beforeAll(async () => {
  [tenant, outsider] = await Promise.all([createTenant('keys', 'enterprise'), signUpConfirmed('keys-outsider')]);
  site = await createWebsite(tenant.owner, tenant.orgId, 'keys.example.com', { measurement_ids: ['G-KEYS0001'] });
}, 120_000);

describe('the public site key does not authenticate Measurement Protocol', () => {
  it.each([
    ['api_secret', (k: string) => `measurement_id=G-KEYS0001&api_secret=${k}`],
    ['site', (k: string) => `measurement_id=G-KEYS0001&site=${k}`],
  ])('/mp/collect with the site key as %s is refused and stores nothing', async (_name, query) => {
    const before = await storedFor(site.id);
    const res = await mp(query(site.site_key));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      error: 'Measurement Protocol needs a secret: the site key is public. Create a Measurement Protocol secret on the website\'s page in Tracklint and send it as api_secret.',
      reason: 'api_secret_required',
    });
    expect(await storedFor(site.id)).toBe(before);
  });

  it('/mp/collect without any secret is refused', async () => {
    expect((await mp('measurement_id=G-KEYS0001')).status).toBe(401);
  });
});

describe('per-website Measurement Protocol secrets', () => {
  it('an admin creates one (shown once, stored hashed), it stores hits for its website, and revoking it stops it', async () => {
    const denied = await tenant.member.client.rpc('create_mp_secret', { target_website_id: site.id, secret_name: 'Backend' });
    expect(denied.error?.message).toBe('Only owners and admins can create Measurement Protocol secrets');
    const foreign = await outsider.client.rpc('create_mp_secret', { target_website_id: site.id, secret_name: 'Backend' });
    expect(foreign.error?.message).toBe('Website not found');
    const unnamed = await tenant.admin.client.rpc('create_mp_secret', { target_website_id: site.id, secret_name: '  ' });
    expect(unnamed.error?.message).toBe('Give the secret a name of 1 to 100 characters');
    expect(await sql('select 1 from public.website_mp_secrets where website_id = $1', [site.id])).toHaveLength(0);

    const created = await tenant.admin.client.rpc('create_mp_secret', { target_website_id: site.id, secret_name: 'Backend' });
    expect(created.error).toBeNull();
    const { id, secret } = created.data as { id: string; secret: string };
    expect(secret).toMatch(/^tlmp_[0-9a-f]{64}$/);
    // Hashed, and the hash is not readable through the data API, not even by admins.
    expect(await sql('select 1 from public.website_mp_secrets where secret_hash = $1 or secret_prefix = $1', [secret])).toHaveLength(0);
    expect((await tenant.admin.client.from('website_mp_secrets').select('secret_hash')).error).not.toBeNull();
    const listed = await tenant.admin.client.from('website_mp_secrets').select('id, name, secret_prefix, revoked_at').eq('website_id', site.id);
    expect(listed.data).toEqual([{ id, name: 'Backend', secret_prefix: secret.slice(0, 13), revoked_at: null }]);
    expect((await tenant.viewer.client.from('website_mp_secrets').select('id').eq('website_id', site.id)).data ?? []).toHaveLength(0);
    expect((await outsider.client.from('website_mp_secrets').select('id').eq('website_id', site.id)).data ?? []).toHaveLength(0);

    const ok = await mp(`measurement_id=G-KEYS0001&api_secret=${secret}`);
    expect(ok.status).toBe(200);
    expect(await sql('select 1 from public.collected_requests where website_id = $1 and id = $2 and source = $3', [site.id, ok.json.id, 'measurement_protocol'])).toHaveLength(1);
    // The secret never reaches the log.
    expect(await sql('select 1 from public.collected_requests where website_id = $1 and url like $2', [site.id, `%${secret}%`])).toHaveLength(0);
    const wrongStream = await mp(`measurement_id=G-OTHER0001&api_secret=${secret}`);
    expect(wrongStream.status).toBe(403);

    const forged = await mp(`measurement_id=G-KEYS0001&api_secret=tlmp_${'0'.repeat(64)}`);
    expect(forged).toMatchObject({ status: 403, json: { reason: 'invalid_api_key' } });

    expect((await tenant.member.client.rpc('revoke_mp_secret', { secret_id: id })).error?.message).toBe('Only owners and admins can revoke Measurement Protocol secrets');
    expect((await outsider.client.rpc('revoke_mp_secret', { secret_id: id })).error?.message).toBe('Measurement Protocol secret not found');
    expect((await tenant.owner.client.rpc('revoke_mp_secret', { secret_id: id })).error).toBeNull();
    // Lookups are cached for 30 s per secret and measurement id; a pair not seen before is read fresh.
    expect((await tenant.owner.client.from('websites').update({ measurement_ids: ['G-KEYS0001', 'G-KEYS0002'] }).eq('id', site.id)).error).toBeNull();
    expect((await mp(`measurement_id=G-KEYS0002&api_secret=${secret}`)).status).toBe(403);
  });
});

describe('/debug/mp/collect keeps a tenant\'s settings to holders of a secret', () => {
  let debugSite: { id: string; site_key: string };
  beforeAll(async () => {
    debugSite = await createWebsite(tenant.owner, tenant.orgId, 'debug-keys.example.com', { measurement_ids: ['G-HIDDEN777'] });
    const rule = await tenant.admin.client.from('custom_rules').insert({
      organization_id: tenant.orgId,
      website_id: debugSite.id,
      name: 'Hush hush title',
      severity: 'error',
      definition: { id: 'hush_rule', title: 'Hush hush title', message: 'Hush hush message', events: ['login'], assert: { field: 'params.hush_param', op: 'exists' } },
    });
    expect(rule.error).toBeNull();
  });

  const debug = async (query: string) => {
    const res = await fetch(url(`/debug/mp/collect?${query}`), { method: 'POST', body: LOGIN });
    return { status: res.status, text: await res.text() };
  };

  it.each(['site', 'api_secret'])('with the site key as %s: default rules only, nothing of the tenant\'s', async (param) => {
    const res = await debug(`measurement_id=G-PUBLIC11&${param}=${debugSite.site_key}`);
    expect(res.status).toBe(200);
    const json = JSON.parse(res.text) as { validationMessages: unknown[]; tracklint: Record<string, unknown> };
    expect(Array.isArray(json.validationMessages)).toBe(true);
    for (const secretText of ['hush_rule', 'Hush hush', 'G-HIDDEN777', debugSite.id, tenant.orgId]) expect(res.text).not.toContain(secretText);
  });

  it('with the website\'s secret: its own rules and settings', async () => {
    const created = await tenant.admin.client.rpc('create_mp_secret', { target_website_id: debugSite.id, secret_name: 'Debug' });
    const secret = (created.data as { secret: string }).secret;
    const res = await debug(`measurement_id=G-PUBLIC11&api_secret=${secret}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('custom.hush_rule');
    expect(res.text).toContain('Hush hush message');
    const forged = await debug(`measurement_id=G-PUBLIC11&api_secret=tlmp_${'1'.repeat(64)}`);
    expect(forged.status).toBe(403);
  });
});

describe('per-website rate limit, shared by server processes', () => {
  let second: SecondServer | undefined;
  beforeAll(async () => {
    second = await startSecondServer('second', {});
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
  });

  it('a forger with the site key cannot send more than the plan\'s hits per minute through two servers; refusals are counted per reason', async () => {
    // Free plan: 100 hits per minute per website (10,000 a month).
    const owner = await signUpConfirmed('rate-owner');
    const slug = `rate-${Date.now().toString(36)}`;
    const signup = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Rate Org', org_slug: slug, org_plan: 'free' });
    expect(signup.error).toBeNull();
    const orgId = (signup.data as { organization_id: string }).organization_id;
    const target = await createWebsite(owner, orgId, 'rate.example.com');
    const perMinute = Number((await sql<{ n: number }>(`select max_hits_per_minute as n from public.subscription_plan_limits where plan = 'free'`))[0]!.n);
    expect(perMinute).toBe(100);

    let seq = 0;
    const batch = () => ({
      v: 1,
      hits: Array.from({ length: 50 }, () => ({ k: `rate${Date.now().toString(36)}${(seq++).toString(36).padStart(5, '0')}`, m: 'GET', u: `https://www.google-analytics.com/g/collect?v=2&tid=G-RATE0001&cid=1.${seq}&dl=https%3A%2F%2Frate.example.com%2F&en=page_view` })),
    });
    let refused = 0;
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      const base = i % 2 === 0 ? inject('serverUrl') : second!.server.url;
      const res = await fetch(`${base}/collect/g?site=${target.site_key}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://rate.example.com' }, body: JSON.stringify(batch()) });
      const json = (await res.json()) as { refused?: number; reason?: string; results?: Array<{ status: string; reason?: string }> };
      answers.push(res.status);
      // A request refused as a whole answers with its reason only; a partly refused one, per hit.
      const limited = json.results ? json.results.filter((r) => r.status === 'refused' && r.reason === 'rate_limited').length : json.reason === 'rate_limited' ? 50 : 0;
      refused += limited;
      if (res.status === 429) expect(json.reason).toBe('rate_limited');
    }
    // 300 hits in a few seconds span at most two minutes: at least one minute saw more than 100.
    expect(refused).toBeGreaterThan(0);
    expect(answers).toContain(429);
    const perBucket = await sql<{ n: string }>(
      `select count(*) as n from public.collected_requests where website_id = $1 group by date_trunc('minute', received_at)`, [target.id]);
    for (const b of perBucket) expect(Number(b.n)).toBeLessThanOrEqual(perMinute);
    expect(perBucket.reduce((n, b) => n + Number(b.n), 0)).toBe(300 - refused);

    // The owner sees how many were refused and why (counters are written with the next batch).
    await second!.stop();
    let counted = 0;
    for (let attempt = 0; attempt < 50 && counted < refused; attempt++) {
      const { data } = await owner.client.from('website_hit_counters').select('count').eq('website_id', target.id).eq('outcome', 'refused').eq('reason', 'rate_limited');
      counted = (data ?? []).reduce((n, r) => n + Number(r.count), 0);
      if (counted < refused) await new Promise((r) => setTimeout(r, 200));
    }
    expect(counted).toBe(refused);
    const { data: hidden } = await outsider.client.from('website_hit_counters').select('count').eq('website_id', target.id);
    expect(hidden ?? []).toHaveLength(0);
  });
});
