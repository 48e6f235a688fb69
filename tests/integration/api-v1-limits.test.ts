import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runCheck } from '../../src/cli/check';
import { sql } from '../support/clients';
import { createTenant, subscribe, type Tenant } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

// Issue 27: per-key rate limits shared by server processes, the api_access plan gate, and
// `tracklint check` against the real API.

const hit = (name: string) => JSON.stringify({ client_id: '555.666', events: [{ name, params: { method: 'Google', session_id: '1700000000', engagement_time_msec: 100 } }] });
let tenant: Tenant;
let siteClean: string;
let siteBroken: string;
let readKey: string;
let collectKey: string;
const servers: SecondServer[] = [];

async function key(scopes: string[]): Promise<string> {
  const { data, error } = await tenant.owner.client.rpc('create_scoped_api_key', { org_id: tenant.orgId, key_name: scopes.join('+'), key_scopes: scopes });
  if (error) throw error;
  return (data as { key: string }).key;
}

async function site(domain: string, mid: string): Promise<string> {
  const { data, error } = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: domain, domain, measurement_ids: [mid] }).select('id').single();
  if (error) throw error;
  return (data as { id: string }).id;
}

/** Another server process on the same database with a rate limit of `perMinute`. */
async function extraServer(perMinute: number): Promise<string> {
  const running = await startSecondServer('apiv1', { ALERTS_SCHEDULER: 'false', API_V1_RATE_LIMIT_PER_MINUTE: String(perMinute) });
  servers.push(running);
  return running.server.url;
}

beforeAll(async () => {
  tenant = await createTenant('apiv1-limits', 'enterprise');
  siteClean = await site('clean.apiv1.example.com', 'G-APIV1C01');
  siteBroken = await site('broken.apiv1.example.com', 'G-APIV1D01');
  readKey = await key(['read']);
  collectKey = await key(['collect']);
  for (const [mid, name] of [['G-APIV1C01', 'login'], ['G-APIV1D01', '1bad name!']] as const) {
    const res = await fetch(`${inject('serverUrl')}/mp/collect?measurement_id=${mid}&api_secret=${collectKey}`, { method: 'POST', body: hit(name) });
    expect(res.status).toBeLessThan(300);
  }
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop();
});

describe('rate limits', () => {
  it('one budget per key across two server processes: RateLimit headers, then 429 with Retry-After', async () => {
    const [a, b] = [await extraServer(3), await extraServer(3)];
    const limitedKey = await key(['read']);
    // A minute boundary between the calls would start a new window; try again once if it did.
    for (let attempt = 0; attempt < 2; attempt++) {
      const responses = [];
      for (const url of [a, b, a, b]) responses.push(await fetch(`${url}/api/v1/usage`, { headers: { authorization: `Bearer ${limitedKey}` } }));
      const resets = responses.map((r) => Number(r.headers.get('ratelimit-reset')));
      if (resets.some((r, i) => i > 0 && r > resets[i - 1]!)) continue;
      const remaining = responses.map((r) => r.headers.get('ratelimit-remaining'));
      if (remaining[0] !== '2') continue; // an earlier attempt's window
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(remaining).toEqual(['2', '1', '0', '0']);
      expect(responses.every((r) => r.headers.get('ratelimit-limit') === '3')).toBe(true);
      const refused = responses[3]!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
      return;
    }
    throw new Error('two minute boundaries in a row');
  }, 60_000);
});

describe('the api_access plan gate', () => {
  it('a key of an organization that left Pro gets 403 plan_required, and RLS refuses it too', async () => {
    const gated = await createTenant('apiv1-gate', 'pro');
    const { data, error } = await gated.owner.client.rpc('create_scoped_api_key', { org_id: gated.orgId, key_name: 'gate', key_scopes: ['read'] });
    if (error) throw error;
    const gateKey = (data as { key: string }).key;
    const keyId = (await sql<{ id: string }>('select id from public.api_keys where organization_id = $1', [gated.orgId]))[0]!.id;
    // What RLS answers for this key (has_org_role's key branch), asked with the key's claims set.
    const rlsAllows = async () =>
      (await sql<{ ok: boolean }>(
        `with claims as (select set_config('request.jwt.claims', $2, false) as c) select (select public.has_org_role($1, 'viewer') from claims where c is not null) as ok`,
        [gated.orgId, JSON.stringify({ role: 'authenticated', api_key_id: keyId })],
      ))[0]!.ok;
    expect(await rlsAllows()).toBe(true);
    const before = await fetch(`${inject('serverUrl')}/api/v1/websites`, { headers: { authorization: `Bearer ${gateKey}` } });
    expect(before.status).toBe(200);
    await subscribe(gated.orgId, 'starter');
    const after = await fetch(`${inject('serverUrl')}/api/v1/websites`, { headers: { authorization: `Bearer ${gateKey}` } });
    expect(after.status).toBe(403);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('plan_required');
    expect(await rlsAllows()).toBe(false);
  }, 120_000);
});

describe('the collect scope', () => {
  it('a key without collect is refused by the collector, a collect key is accepted', async () => {
    const send = (k: string) => fetch(`${inject('serverUrl')}/mp/collect?measurement_id=G-APIV1C01&api_secret=${k}`, { method: 'POST', body: hit('login') });
    expect((await send(readKey)).status).toBe(403);
    expect((await send(collectKey)).status).toBeLessThan(300);
  });
});

describe('tracklint check', () => {
  const run = async (args: string[], env: Record<string, string | undefined>) => {
    let out = '';
    let err = '';
    const code = await runCheck(args, { stdout: (t) => void (out += t), stderr: (t) => void (err += t) }, env);
    return { code, out, err };
  };
  const env = () => ({ TRACKLINT_API_URL: inject('serverUrl'), TRACKLINT_API_KEY: readKey });

  it('exits 0 and prints the summary when the last hour had no error', async () => {
    const r = await run(['--website', siteClean, '--since', '1h'], env());
    expect(r.err).toBe('');
    expect(r.out).toMatch(/\d+ requests: \d+ pass, \d+ warning, 0 fail/);
    expect(r.out).toContain('Findings: 0 errors');
    expect(r.code).toBe(0);
  });

  it('exits 1 and names the rule when errors appeared', async () => {
    const r = await run(['--website', siteBroken, '--since', '1h'], env());
    expect(r.out).toMatch(/Findings: [1-9]\d* errors/);
    expect(r.out).toContain('basic.event_name_syntax');
    expect(r.code).toBe(1);
  });

  it('exits 2 on bad arguments or missing settings, 4 when the API refuses the key', async () => {
    expect((await run(['--website', 'nope'], env())).code).toBe(2);
    expect((await run(['--website', siteClean], { TRACKLINT_API_URL: inject('serverUrl') })).code).toBe(2);
    const refused = await run(['--website', siteClean], { ...env(), TRACKLINT_API_KEY: collectKey });
    expect(refused.code).toBe(4);
    expect(refused.err).toContain('insufficient_scope');
  });
});
