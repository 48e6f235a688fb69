import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createJwtService } from '../../src/server/auth/jwt';
import { ConfigError, loadConfig } from '../../src/server/config';
import { createDatabase, type Database } from '../../src/server/db/database';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { BODY_LIMITS } from '../../src/server/http/input-limits';
import { sql, uniqueEmail } from '../support/clients';
import { signUpConfirmed, type Persona } from '../support/personas';

const url = (p: string) => `${inject('serverUrl')}${p}`;
/**
 * POSTs through node:http and resolves on the response, which may come (and the server may close
 * the socket) before the whole body is written: that early answer is the behaviour under test.
 */
function postEarlyAnswer(route: string, headers: Record<string, string>, body: string): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url(route), { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as Record<string, unknown> }));
      res.on('error', reject);
    });
    req.on('error', () => {}); // EPIPE / ECONNRESET once the server has answered and stopped reading
    req.end(body);
  });
}

const anonHeaders = () => ({ apikey: inject('anonKey'), authorization: `Bearer ${inject('anonKey')}`, 'content-type': 'application/json' });

describe('every surface has a body-size limit: 413 with a JSON error, nothing read or written', () => {
  const surfaces: Array<[string, string, number]> = [
    ['auth sign-up', '/auth/v1/signup', BODY_LIMITS.auth],
    ['data API insert', '/rest/v1/websites', BODY_LIMITS.rest],
    ['data API rpc', '/rest/v1/rpc/current_usage', BODY_LIMITS.rest],
    ['app API', '/api/organizations', BODY_LIMITS.api],
    ['functions', '/functions/v1/super-admin-auth/login', BODY_LIMITS.functions],
  ];
  it.each(surfaces)('%s (%s) refuses a body over %d bytes', async (_name, route, limit) => {
    const email = uniqueEmail('huge');
    const body = JSON.stringify({ email, password: 'a-long-password-9', data: { padding: 'x'.repeat(limit + 1) } });
    const res = await postEarlyAnswer(route, anonHeaders(), body);
    expect(res.status).toBe(413);
    expect(res.json.error).toMatch(/^Request body is larger than \d+ (KB|MB)$/);
    expect(await sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
  });

  it('counts a streamed body that announces no length, and stops reading it', async () => {
    const answer = await new Promise<{ status: number; contentType: string | undefined; sentBytes: number }>((resolve, reject) => {
      let sentBytes = 0;
      let answered = false;
      const req = http.request(url('/auth/v1/signup'), { method: 'POST', headers: { ...anonHeaders(), 'transfer-encoding': 'chunked' } }, (res) => {
        answered = true;
        res.resume();
        resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], sentBytes });
      });
      req.on('error', (err) => (answered ? undefined : reject(err)));
      const chunk = 'x'.repeat(16 * 1024);
      // A slow client (one chunk every 20 ms, at most 8 MB): the answer arrives between two chunks.
      const pump = () => {
        if (answered) return;
        if (sentBytes >= 8 * 1024 * 1024) return void req.end();
        sentBytes += chunk.length;
        req.write(chunk);
        setTimeout(pump, 20);
      };
      pump();
    });
    expect(answer.status).toBe(413);
    expect(answer.contentType).toContain('application/json');
    expect(answer.sentBytes).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('NUL characters, lone surrogates and deep nesting are a 400, never a 500', () => {
  let owner: Persona;
  let orgId: string;
  beforeAll(async () => {
    owner = await signUpConfirmed('malformed');
    const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Malformed Org', org_slug: `malformed-${Date.now().toString(36)}`, org_plan: 'free' });
    if (error) throw error;
    orgId = (data as { organization_id: string }).organization_id;
  });

  const bad: Array<[string, string]> = [
    ['a NUL character', JSON.stringify('Shop\u0000One')],
    ['a lone high surrogate', JSON.stringify('Shop\ud800One')],
    ['a lone low surrogate', JSON.stringify('Shop\udc00One')],
  ];

  it.each(bad)('a website name with %s is refused and nothing is written', async (_what, nameJson) => {
    const before = await sql('select id from public.websites where organization_id = $1', [orgId]);
    const res = await fetch(url('/rest/v1/websites'), {
      method: 'POST',
      headers: { ...anonHeaders(), authorization: `Bearer ${owner.accessToken}` },
      body: `{"organization_id":"${orgId}","name":${nameJson},"domain":"nul.example.com"}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/NUL|surrogate/);
    expect(await sql('select id from public.websites where organization_id = $1', [orgId])).toEqual(before);
  });

  it.each(bad)('sign-up metadata with %s is refused and no account is made', async (_what, valueJson) => {
    const email = uniqueEmail('nul');
    const res = await fetch(url('/auth/v1/signup'), { method: 'POST', headers: anonHeaders(), body: `{"email":"${email}","password":"a-long-password-9","data":{"full_name":${valueJson}}}` });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { msg: string; error_code: string };
    expect(json.error_code).toBe('validation_failed');
    expect(await sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
  });

  it('deep nesting is refused on every surface without parsing it', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    for (const route of ['/auth/v1/signup', '/rest/v1/rpc/current_usage', '/api/organizations', '/functions/v1/super-admin-auth/login']) {
      const res = await fetch(url(route), { method: 'POST', headers: anonHeaders(), body: deep });
      expect(res.status, route).toBe(400);
      expect(((await res.json()) as { error: string }).error, route).toBe('JSON body is nested deeper than 32 levels');
    }
  });

  it('a NUL in a filter is a 400, not a database error', async () => {
    const res = await fetch(url('/rest/v1/websites?name=eq.a%00b'), { headers: { ...anonHeaders(), authorization: `Bearer ${owner.accessToken}` } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('Query string: Text may not contain NUL (\\u0000) characters');
  });
});

describe('one costly query cannot hold a shared connection', () => {
  it('anonymous data-API calls are cancelled after 3 s, as on hosted Supabase', async () => {
    await sql("create or replace function public.test_slow_call() returns int language sql as 'select 1 from pg_sleep(10)'");
    await sql('grant execute on function public.test_slow_call() to anon');
    await sql("notify pgrst, 'reload schema'");
    try {
      let res: Response | undefined;
      // The schema cache may need a moment to see the new function.
      for (let i = 0; i < 20; i++) {
        res = await fetch(url('/rest/v1/rpc/test_slow_call'), { method: 'POST', headers: anonHeaders(), body: '{}' });
        if (res.status !== 404) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      const json = (await res!.json()) as { code: string; message: string };
      expect(json.code).toBe('57014');
      expect(json.message).toBe('canceling statement due to statement timeout');
    } finally {
      await sql('drop function public.test_slow_call()');
    }
  });
});

describe('custom rules cannot stall the server', () => {
  const COSTLY = '.{0,100}.{0,100}#';
  let owner: Persona;
  let orgId: string;
  let site: { id: string; site_key: string };

  beforeAll(async () => {
    owner = await signUpConfirmed('stall');
    const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Stall Org', org_slug: `stall-${Date.now().toString(36)}`, org_plan: 'pro' });
    if (error) throw error;
    orgId = (data as { organization_id: string }).organization_id;
    const created = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Stall shop', domain: 'stall.example.com' }).select('id, site_key').single();
    if (created.error) throw created.error;
    site = created.data as { id: string; site_key: string };
  });

  it('refuses a rule with more regular expressions than the limit at save time, naming the limit', async () => {
    const res = await owner.client.from('custom_rules').insert({
      organization_id: orgId,
      name: 'Too many patterns',
      definition: { id: 'many', title: 'Many', assert: { all: Array.from({ length: 9 }, () => ({ field: 'params.x', op: 'matches', pattern: 'a' })) } },
    });
    expect(res.error?.message).toBe('A custom rule may have at most 8 "matches" conditions (this one has 9)');
    expect(await sql('select 1 from public.custom_rules where organization_id = $1', [orgId])).toHaveLength(0);
  });

  it('the costliest rules the limits allow keep the event loop free while hits with long values arrive', async () => {
    const rules = Array.from({ length: 20 }, (_, i) => ({
      organization_id: orgId,
      name: `Costly ${i}`,
      definition: { id: `costly-${i}`, title: `Costly ${i}`, assert: { all: Array.from({ length: 8 }, () => ({ field: 'params[*]', op: 'matches', pattern: COSTLY })) } },
    }));
    const inserted = await owner.client.from('custom_rules').insert(rules);
    expect(inserted.error).toBeNull();

    const operator = { authorization: `Bearer ${inject('serviceRoleKey')}`, apikey: inject('serviceRoleKey') };
    expect((await fetch(url('/health/event-loop'), { headers: operator })).status).toBe(200); // starts a new window

    const longParams = Array.from({ length: 12 }, (_, i) => `ep.p${i}=${'a'.repeat(2000)}`).join('&');
    const hits = Array.from({ length: 10 }, (_, i) => ({
      k: `stall${Date.now().toString(36)}${i}`,
      m: 'POST',
      u: `https://www.google-analytics.com/g/collect?v=2&tid=G-STALL0001&cid=1.2&sid=1700000000&sct=1&seg=1&dl=https%3A%2F%2Fstall.example.com%2F`,
      b: `en=page_view&${longParams}`,
    }));
    const res = await fetch(url(`/collect/g?site=${site.site_key}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://stall.example.com' },
      body: JSON.stringify({ v: 1, hits: hits.slice(0, 2) }),
    });
    expect(res.status).toBe(200);
    const delay = (await (await fetch(url('/health/event-loop'), { headers: operator })).json()) as { maxMs: number };
    // Before the step budget one such hit held the loop for several seconds; a budgeted hit costs about a
    // millisecond. The bound is loose on purpose: on a loaded 2-core CI machine, GC and other work add
    // hundreds of milliseconds that say nothing about validation.
    expect(delay.maxMs).toBeLessThan(1000);
    const stored = await sql<{ issues: Array<{ ruleId: string; message: string }> }>('select issues from public.collected_requests where website_id = $1', [site.id]);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored[0]!.issues.some((i) => i.ruleId.startsWith('custom.costly-') && i.message.startsWith('Not evaluated'))).toBe(true);
  });

  it('the event-loop window is for operators only', async () => {
    expect((await fetch(url('/health/event-loop'), { headers: anonHeaders() })).status).toBe(401);
  });
});

describe('the development mailbox reaches only its owner', () => {
  it('answers loopback clients, says it is for development, and refuses forwarded requests', async () => {
    const page = await fetch(url('/dev/mailbox'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Development only');
    const forwarded = await fetch(url('/dev/mailbox.json'), { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.status).toBe(403);
    expect(((await forwarded.json()) as { error: string }).error).toMatch(/only on this machine/);
  });

  it('a production start without SMTP_URL refuses to start and names the setting', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-cfg-'));
    try {
      for (const env of [{ NODE_ENV: 'production' }, { PUBLIC_URL: 'https://tracklint.example.com' }]) {
        expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
        expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(/SMTP_URL: required in production/);
        expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://mail.example.com:587', ...env }).production).toBe(true);
      }
      // A fresh machine with no settings is development, and starts.
      expect(loadConfig({ DATA_DIR: dataDir }).production).toBe(false);
      expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:8787' }).production).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('web hardening of the served app', () => {
  let webDir: string;
  let db: Database;
  let app: ReturnType<typeof createApp>;
  let trustingApp: ReturnType<typeof createApp>;

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body></body></html>');
    writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
    writeFileSync(path.join(webDir, 'assets', 'app-1.js.map'), '{"version":3,"sources":["secret.ts"]}');
    writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(path.join(webDir, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));
    db = createDatabase(inject('databaseUrl'), 2);
    const jwt = await createJwtService(inject('jwtSecret'));
    const build = (trustProxy: string) => {
      const config = loadConfig({ DATA_DIR: webDir, WEB_DIST_DIR: webDir, JWT_SECRET: inject('jwtSecret'), TRUST_PROXY: trustProxy });
      return createApp({ config, db, jwt, mailer: createMailer(undefined, 'test@example.com'), log: createLogger('silent'), publicUrl: 'http://localhost:8787' });
    };
    app = build('false');
    trustingApp = build('true');
  });
  afterAll(async () => {
    await db.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('pages carry a CSP without inline scripts, refuse framing and sniffing', async () => {
    const res = await app.request('/app/dashboard');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS only over TLS, and X-Forwarded-Proto is believed only with TRUST_PROXY', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    expect((await app.request('/', { headers: forwarded })).headers.get('strict-transport-security')).toBeNull();
    expect((await trustingApp.request('/', { headers: forwarded })).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('source maps are not served, a missing asset is a 404, robots.txt and favicon.ico are files', async () => {
    expect((await app.request('/assets/app-1.js')).status).toBe(200);
    expect((await app.request('/assets/app-1.js.map')).status).toBe(404);
    const missing = await app.request('/assets/app-0ld.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('application/json');
    expect(await (await app.request('/robots.txt')).text()).toBe('User-agent: *\n');
    expect((await app.request('/favicon.ico')).status).toBe(200);
    expect((await app.request('/nothing-here.png')).status).toBe(404);
  });
});
