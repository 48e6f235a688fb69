import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createInMemoryHistory, createValidator, parseCaptureFile, type CapturedRequest } from '../../src/shared/ga4';
import { ruleSettingsFor } from '../../src/server/collector/engine-adapter';
import { EXACT_COUNT_LIMIT } from '../../src/shared/counts';
import { quoteFilterValue } from '../../src/renderer/data/requests/request-filters';
import { anonClient, serviceClient, sql } from '../support/clients';
import { createTenant, signUpConfirmed, type Persona, type Tenant } from '../support/personas';

const HITS_DIR = path.resolve(process.cwd(), 'tests/fixtures/ga4/shared-corpus/hits');
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SHOP = 'shop.example.com';

let tenant: Tenant;
let outsider: Persona;
let shop: { id: string; site_key: string };
/** The shop's Measurement Protocol secret: the site key is public and does not authenticate /mp/collect. */
let shopSecret: string;

async function mpSecretFor(websiteId: string): Promise<string> {
  const { data, error } = await tenant.admin.client.rpc('create_mp_secret', { target_website_id: websiteId, secret_name: 'Integration tests' });
  if (error) throw error;
  return (data as { secret: string }).secret;
}

function url(p: string): string {
  return `${inject('serverUrl')}${p}`;
}

async function createWebsite(owner: Persona, orgId: string, domain: string, extra: Record<string, unknown> = {}) {
  const { data, error } = await owner.client
    .from('websites')
    .insert({ organization_id: orgId, name: `Site ${domain}`, domain, ...extra })
    .select('id, site_key')
    .single();
  if (error) throw error;
  return data as { id: string; site_key: string };
}

let keySeq = 0;
function newKey(): string {
  keySeq += 1;
  return `it${Date.now().toString(36)}${keySeq.toString(36).padStart(6, '0')}`;
}

interface TrackerHit {
  k?: string;
  m: string;
  u: string;
  b?: string;
}

async function postBatch(siteKey: string | null, hits: TrackerHit[] | string, headers: Record<string, string> = { origin: `https://${SHOP}` }) {
  const res = await fetch(url(`/collect/g${siteKey === null ? '' : `?site=${siteKey}`}`), {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA, ...headers },
    body: typeof hits === 'string' ? hits : JSON.stringify({ v: 1, hits }),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
}

const gtagHit = (en = 'page_view', extra = ''): TrackerHit => ({
  k: newKey(),
  m: 'POST',
  u: `https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=111.222&sid=1700000000&sct=1&seg=1&_s=1&dl=https%3A%2F%2F${SHOP}%2F&dt=Home&en=${en}${extra}`,
  b: '',
});

async function storedCount(websiteId: string): Promise<number> {
  const rows = await sql<{ n: string }>('select count(*) as n from public.collected_requests where website_id = $1', [websiteId]);
  return Number(rows[0]!.n);
}

beforeAll(async () => {
  [tenant, outsider] = await Promise.all([createTenant('collector', 'enterprise'), signUpConfirmed('collector-outsider')]);
  shop = await createWebsite(tenant.owner, tenant.orgId, SHOP);
  shopSecret = await mpSecretFor(shop.id);
}, 120_000);

describe('tracker script', () => {
  it('serves JavaScript that posts to this collector with the site key', async () => {
    const res = await fetch(url(`/t.js?site=${shop.site_key}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/javascript');
    const text = await res.text();
    expect(text).toContain(`${inject('serverUrl')}/collect/g?site=${shop.site_key}`);
    expect(text.length).toBeLessThan(10_000);
  });

  it('answers a CORS preflight from the customer page', async () => {
    const res = await fetch(url(`/collect/g?site=${shop.site_key}`), {
      method: 'OPTIONS',
      headers: { origin: `https://${SHOP}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(`https://${SHOP}`);
  });
});

describe('the hit corpus', () => {
  it('stores every gtag and Measurement Protocol file with the engine\'s findings for that website', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'corpus.example.com');
    const secret = await mpSecretFor(site.id);
    const files = readdirSync(HITS_DIR).filter((f) => f.endsWith('.txt')).sort();
    expect(files.length).toBeGreaterThan(20);
    const sent: Array<{ file: string; id: string; request: CapturedRequest; comments: string[] }> = [];
    let debugFiles = 0;
    for (const file of files) {
      const parsed = parseCaptureFile(readFileSync(path.join(HITS_DIR, file), 'utf8'), file);
      if (!parsed.ok) throw new Error(parsed.error);
      const { request, comments } = parsed.captures[0]!;
      const body = typeof request.body === 'string' ? request.body : '';
      if (request.url.includes('/debug/mp/collect')) {
        debugFiles += 1;
        const res = await fetch(url(`/debug/mp/collect?api_secret=${secret}`), { method: 'POST', body });
        expect(res.status).toBe(200);
        const json = (await res.json()) as { validationMessages: Array<{ validationCode: string }> };
        expect(json.validationMessages.map((m) => m.validationCode)).toContain('NAME_INVALID');
        continue;
      }
      if (request.url.includes('/mp/collect')) {
        const query = new URL(request.url, 'https://x.invalid').searchParams;
        query.set('api_secret', secret);
        const res = await fetch(url(`/mp/collect?${query}`), { method: 'POST', headers: { 'user-agent': UA, 'idempotency-key': newKey() }, body });
        const json = (await res.json()) as { status: string; id: string };
        expect(res.status, file).toBe(200);
        expect(json.status).toBe('stored');
        sent.push({ file, id: json.id, request: { ...request, url: '' }, comments });
        continue;
      }
      const res = await postBatch(site.site_key, [{ k: newKey(), m: request.method, u: request.url, b: body }], { origin: 'https://corpus.example.com' });
      expect(res.status, file).toBe(200);
      const result = (res.json.results as Array<{ status: string; id: string }>)[0]!;
      expect(result.status).toBe('stored');
      sent.push({ file, id: result.id, request: { ...request, headers: { 'user-agent': UA } }, comments });
    }
    expect(debugFiles).toBeGreaterThan(0);

    // The stored findings are the engine's for this website's settings, in arrival order (history included).
    const websiteRow = (await sql<{ plan: string }>('select o.plan from public.organizations o where o.id = $1', [tenant.orgId]))[0]!;
    const validator = createValidator(ruleSettingsFor({ id: site.id, organizationId: tenant.orgId, domain: 'corpus.example.com', measurementIds: [], isActive: true, verified: false, plan: websiteRow.plan, customRules: [], euTraffic: false, currencies: [], ruleOverrides: {} }));
    const history = createInMemoryHistory();
    const { data: logged, error } = await tenant.owner.client
      .from('collected_requests')
      .select('id, url, body, method, status, issues, rule_ids, event_names, received_at')
      .eq('website_id', site.id);
    expect(error).toBeNull();
    expect(logged).toHaveLength(sent.length);
    const byId = new Map((logged ?? []).map((r) => [r.id as string, r]));
    for (const s of sent) {
      const row = byId.get(s.id)!;
      expect(row, s.file).toBeDefined();
      const request: CapturedRequest = s.request.url === '' ? { method: 'POST', url: row.url as string, body: row.body as string, headers: { 'user-agent': UA } } : s.request;
      if (s.request.url !== '') expect(row.url).toBe(s.request.url);
      const expected = validator.validate({ ...request, receivedAtMs: Date.parse(row.received_at as string) }, { history });
      expect((row.issues as Array<{ ruleId: string }>).map((i) => i.ruleId), s.file).toEqual(expected.issues.map((i) => i.ruleId));
      expect(row.status, s.file).toBe(expected.status);
    }

    // Spot checks against what the corpus comments say is wrong.
    const rulesOf = (prefix: string) => ((byId.get(sent.find((s) => s.file.startsWith(prefix))!.id)!.issues as Array<{ ruleId: string }>) ?? []).map((i) => i.ruleId);
    expect(rulesOf('17_')).toContain('basic.version'); // Universal Analytics v=1 payload
    expect(rulesOf('25_')).toContain('basic.tid_format'); // missing tid
    expect(rulesOf('09_')).toContain('basic.mp_json_schema'); // session fields at the top level

    // Requests are filterable by rule (the log's rule filter: rule_ids @> {rule}), and the rollups count the findings.
    const { data: withVersion } = await tenant.member.client.from('collected_requests').select('id, rule_ids, issues').eq('website_id', site.id).contains('rule_ids', ['basic.version']);
    expect((withVersion ?? []).map((r) => r.id)).toContain(sent.find((s) => s.file.startsWith('17_'))!.id);
    const expectedWithVersion = [...byId.values()].filter((r) => (r.issues as Array<{ ruleId: string }>).some((i) => i.ruleId === 'basic.version')).map((r) => r.id as string);
    expect((withVersion ?? []).map((r) => r.id).sort()).toEqual(expectedWithVersion.sort());
    for (const row of byId.values()) expect(row.rule_ids, 'rule_ids are the distinct rule ids of the issues').toEqual([...new Set((row.issues as Array<{ ruleId: string }>).map((i) => i.ruleId))].sort());
    const versionIssues = (withVersion ?? []).flatMap((r) => (r.issues as Array<{ ruleId: string }>).filter((i) => i.ruleId === 'basic.version'));
    const { data: rollups } = await tenant.member.client.from('website_hourly_rollups').select('dimension, value, count').eq('website_id', site.id);
    const total = (rollups ?? []).filter((r) => r.dimension === 'requests').reduce((n, r) => n + Number(r.count), 0);
    expect(total).toBe(sent.length);
    const ruleTotal = (rollups ?? []).filter((r) => r.dimension === 'rule' && r.value === 'basic.version').reduce((n, r) => n + Number(r.count), 0);
    expect(ruleTotal).toBe((versionIssues ?? []).length);
  });
});

describe('reading the log is limited to the owning organization', () => {
  let requestId: string;
  beforeAll(async () => {
    const res = await postBatch(shop.site_key, [gtagHit('page_view')]);
    requestId = (res.json.results as Array<{ id: string }>)[0]!.id;
  });

  // Viewers cannot view analytics (spec, section 6): safety-round-two.test.ts checks they read none.
  it.each(['owner', 'admin', 'member'] as const)('%s reads the request, its issues and rollups', async (role) => {
    const client = tenant[role].client;
    const { data } = await client.from('collected_requests').select('id').eq('id', requestId);
    expect(data).toHaveLength(1);
    const { data: rollups } = await client.from('website_hourly_rollups').select('count').eq('website_id', shop.id).eq('dimension', 'requests');
    expect((rollups ?? []).length).toBeGreaterThan(0);
  });

  it('an outsider and anon read nothing', async () => {
    for (const client of [outsider.client, anonClient()]) {
      const { data } = await client.from('collected_requests').select('id').eq('website_id', shop.id);
      expect(data ?? []).toHaveLength(0);
      const { data: rollups } = await client.from('website_hourly_rollups').select('count').eq('website_id', shop.id);
      expect(rollups ?? []).toHaveLength(0);
    }
  });

  it("dashboards read the organization's rollups summed into buckets by rollup_series; outsiders read none", async () => {
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const args = { org_id: tenant.orgId, site_id: null, bucket_starts: [new Date(hour.getTime() - 3_600_000).toISOString()], until: new Date(hour.getTime() + 3_600_000).toISOString(), dimensions: ['requests', 'status'] };
    const expected = await sql<{ dimension: string; value: string; n: string }>(
      `select dimension, value, sum(count) as n from public.website_hourly_rollups where organization_id = $1 and hour >= $2 and hour < $3 and dimension in ('requests', 'status') group by 1, 2`,
      [tenant.orgId, args.bucket_starts[0], args.until],
    );
    expect(expected.length).toBeGreaterThan(0);
    const { data, error } = await tenant.member.client.rpc('rollup_series', args);
    expect(error).toBeNull();
    const rows = (data ?? []) as Array<{ bucket: string; dimension: string; value: string; count: number }>;
    expect(rows.map((r) => `${r.dimension}:${r.value}:${Number(r.count)}`).sort()).toEqual(expected.map((r) => `${r.dimension}:${r.value}:${Number(r.n)}`).sort());
    expect(new Set(rows.map((r) => Date.parse(r.bucket)))).toEqual(new Set([Date.parse(args.bucket_starts[0]!)]));
    const site = await tenant.member.client.rpc('rollup_series', { ...args, site_id: shop.id });
    expect(((site.data ?? []) as unknown[]).length).toBeGreaterThan(0);
    // Per website (the alerts page's live signals): the same totals, split by website.
    const { site_id: _unused, ...perWebsiteArgs } = args;
    const perWebsite = await tenant.member.client.rpc('rollup_series_by_website', perWebsiteArgs);
    expect(perWebsite.error).toBeNull();
    const summed = new Map<string, number>();
    for (const r of (perWebsite.data ?? []) as Array<{ dimension: string; value: string; count: number }>) summed.set(`${r.dimension}:${r.value}`, (summed.get(`${r.dimension}:${r.value}`) ?? 0) + Number(r.count));
    expect([...summed].map(([k, n]) => `${k}:${n}`).sort()).toEqual(expected.map((r) => `${r.dimension}:${r.value}:${Number(r.n)}`).sort());
    // An outsider may call them and gets nothing of this organization; anon may not call them.
    for (const fn of ['rollup_series', 'rollup_series_by_website'] as const) {
      const outside = await outsider.client.rpc(fn, fn === 'rollup_series' ? args : perWebsiteArgs);
      expect(outside.error).toBeNull();
      expect(outside.data).toEqual([]);
      const anon = await anonClient().rpc(fn, fn === 'rollup_series' ? args : perWebsiteArgs);
      expect(anon.error).not.toBeNull();
    }
  });

  it("the log's search finds a request by client id, user id or request id, with an exact count below the estimate threshold", async () => {
    const cid = `42,(7).${Date.now()}`;
    const res = await postBatch(shop.site_key, [gtagHit('page_view', `&uid=user-${cid}`)].map((h) => ({ ...h, u: h.u.replace('cid=111.222', `cid=${encodeURIComponent(cid)}`) })));
    const id = (res.json.results as Array<{ id: string }>)[0]!.id;
    // The filter as fetchRequestPage builds it (tests/unit/renderer/product/requests-query.test.ts),
    // with the renderer's own quoting: commas and parentheses in the value are syntax in or=(…).
    const search = (client: typeof tenant.member.client, value: string) => {
      const v = quoteFilterValue(value);
      return client.from('collected_requests').select('id', { count: 'estimated' }).eq('organization_id', tenant.orgId).or(`client_id.eq.${v},user_id.eq.${v}`);
    };
    for (const value of [cid, `user-${cid}`]) {
      const found = await search(tenant.member.client, value);
      expect(found.error).toBeNull();
      expect(found.data!.map((r) => r.id)).toEqual([id]);
      expect(found.count).toBe(1);
      expect((await search(outsider.client, value)).data).toEqual([]);
    }
    const byId = await tenant.member.client.from('collected_requests').select('id').eq('organization_id', tenant.orgId).eq('id', id);
    expect(byId.data!.map((r) => r.id)).toEqual([id]);
  });

  it('count=estimated is exact up to EXACT_COUNT_LIMIT and an estimate past it, never below the limit + 1', async () => {
    const cid = `estimate-${Date.now()}`;
    const insert = (n: number) =>
      sql(
        `insert into public.collected_requests (id, received_at, organization_id, website_id, format, endpoint, method, source, client_id, event_count, event_names, status, error_count, warning_count, info_count, events, issues, url)
         select gen_random_uuid(), now() - make_interval(secs => i), $1, $2, 'gtag', 'g_collect', 'GET', 'tracker', $3, 0, '{}', 'pass', 0, 0, 0, '[]', '[]', '/g/collect' from generate_series(1, $4) i`,
        [tenant.orgId, shop.id, cid, n],
      );
    const count = async (mode: 'estimated' | 'exact' | 'planned') => (await tenant.member.client.from('collected_requests').select('id', { count: mode }).eq('organization_id', tenant.orgId).eq('client_id', cid).limit(1)).count;
    try {
      await insert(EXACT_COUNT_LIMIT);
      expect(await count('estimated')).toBe(EXACT_COUNT_LIMIT);
      await insert(5);
      expect(await count('exact')).toBe(EXACT_COUNT_LIMIT + 5);
      // Past the limit the count stops at limit + 1 rows and the planner's estimate (count=planned) answers.
      const planned = await count('planned');
      expect(await count('estimated')).toBe(Math.max(EXACT_COUNT_LIMIT + 1, planned ?? 0));
    } finally {
      await sql('delete from public.collected_requests where client_id = $1', [cid]);
    }
  });

  it('nobody writes the log through the data API, not even the owner', async () => {
    const before = await storedCount(shop.id);
    const inserted = await tenant.owner.client.from('collected_requests').insert({ id: crypto.randomUUID(), received_at: new Date().toISOString(), organization_id: tenant.orgId, website_id: shop.id, format: 'gtag', endpoint: 'g_collect', method: 'GET', source: 'tracker', event_count: 0, event_names: [], status: 'pass', error_count: 0, warning_count: 0, info_count: 0, events: [], issues: [], url: '/g/collect' });
    expect(inserted.error).not.toBeNull();
    const removed = await tenant.owner.client.from('collected_requests').delete().eq('id', requestId).select('id');
    expect(removed.data ?? []).toHaveLength(0);
    const bumped = await tenant.owner.client.from('website_hourly_rollups').update({ count: 1_000_000 }).eq('website_id', shop.id).select('count');
    expect(bumped.data ?? []).toHaveLength(0);
    expect(await storedCount(shop.id)).toBe(before);
  });

  it('every collector table has row-level security and comments; anon and authenticated have no write grants', async () => {
    const tables = ['collected_requests', 'website_hourly_rollups', 'organization_hourly_rollups', 'organization_usage_events', 'collector_idempotency_keys', 'collector_history'];
    const rows = await sql<{ relname: string; relrowsecurity: boolean; comment: string | null }>(
      `select c.relname, c.relrowsecurity, obj_description(c.oid, 'pg_class') as comment from pg_class c
       join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = any($1)`,
      [tables],
    );
    expect(rows).toHaveLength(tables.length);
    for (const r of rows) {
      expect(r.relrowsecurity, r.relname).toBe(true);
      expect(r.comment, r.relname).toBeTruthy();
    }
    const grants = await sql('select table_name, grantee, privilege_type from information_schema.role_table_grants where table_name = any($1) and grantee in ($2, $3) and privilege_type <> $4', [tables, 'anon', 'authenticated', 'SELECT']);
    expect(grants).toEqual([]);
  });
});

describe('verification', () => {
  // Issue 26: a hit proves traffic, not ownership (see safety-round-two.test.ts for verification).
  it('a website is marked as receiving traffic by its first valid hit from its own domain, not from a server-side hit', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'verify.example.com');
    const read = async () => (await tenant.member.client.from('websites').select('verification_status, receiving_traffic_at').eq('id', site.id).single()).data!;
    const direct = await fetch(url(`/g/collect?site=${site.site_key}&v=2&tid=G-SHOP1234&cid=1.2&en=page_view&dl=https%3A%2F%2Fverify.example.com%2F`));
    expect(direct.status).toBe(200);
    expect((await read()).receiving_traffic_at).toBeNull();
    const res = await postBatch(site.site_key, [gtagHit()], { origin: 'https://www.verify.example.com' });
    expect(res.status).toBe(200);
    const after = await read();
    expect(after.receiving_traffic_at).not.toBeNull();
    expect(after.verification_status).toBe('pending');
  });
});

describe('idempotency', () => {
  it('stores a retried hit once and acknowledges the retry as a duplicate', async () => {
    const hit = gtagHit('scroll');
    const first = await postBatch(shop.site_key, [hit]);
    const again = await postBatch(shop.site_key, [hit, gtagHit('click')]);
    expect((first.json.results as Array<{ status: string }>)[0]!.status).toBe('stored');
    expect((again.json.results as Array<{ status: string }>).map((r) => r.status)).toEqual(['duplicate', 'stored']);
    const rows = await sql('select id from public.collected_requests where website_id = $1 and idempotency_key = $2', [shop.id, hit.k]);
    expect(rows).toHaveLength(1);
  });

  it('still knows a key stored yesterday (keys are kept in daily partitions, looked up over two days)', async () => {
    const hit = gtagHit('scroll');
    // As if the hit had been stored just before midnight UTC.
    await sql("insert into public.collector_idempotency_keys (website_id, idempotency_key, seen_on) values ($1, $2, (now() at time zone 'utc')::date - 1)", [shop.id, hit.k]);
    const again = await postBatch(shop.site_key, [hit]);
    expect((again.json.results as Array<{ status: string }>)[0]!.status).toBe('duplicate');
  });
});

describe('refusals store nothing and say why', () => {
  let inactive: { id: string; site_key: string };
  let tagged: { id: string; site_key: string };
  beforeAll(async () => {
    inactive = await createWebsite(tenant.owner, tenant.orgId, 'inactive.example.com', { is_active: false });
    tagged = await createWebsite(tenant.owner, tenant.orgId, 'tagged.example.com', { measurement_ids: ['G-TAGGED01'] });
  });

  async function expectNothingStored(run: () => Promise<{ status: number; json: Record<string, unknown> }>, status: number, error: string | RegExp) {
    const before = Number((await sql<{ n: string }>('select count(*) as n from public.collected_requests'))[0]!.n);
    const res = await run();
    expect(res.status).toBe(status);
    expect(res.json.error).toMatch(error);
    const after = Number((await sql<{ n: string }>('select count(*) as n from public.collected_requests'))[0]!.n);
    expect(after).toBe(before);
  }

  it('missing site key: 400', () => expectNothingStored(() => postBatch(null, [gtagHit()]), 400, /^Missing site key/));
  it('unknown site key: 404', () => expectNothingStored(() => postBatch('0123456789abcdef0123456789abcdef', [gtagHit()]), 404, /^Unknown site key/));
  it('inactive website: 403', () => expectNothingStored(() => postBatch(inactive.site_key, [gtagHit()], { origin: 'https://inactive.example.com' }), 403, /inactive/));
  it('wrong origin: 403', () =>
    expectNothingStored(() => postBatch(shop.site_key, [gtagHit()], { origin: 'https://evil.example.org' }), 403, `Hits from evil.example.org are not allowed for this website; only ${SHOP} and its subdomains may send them.`));
  it('wrong origin by Referer: 403', () => expectNothingStored(() => postBatch(shop.site_key, [gtagHit()], { referer: 'https://shop.example.com.evil.test/x' }), 403, /not allowed/));
  it('oversize batch: 413', () => expectNothingStored(() => postBatch(shop.site_key, [{ ...gtagHit(), b: 'en=x&ep.p=' + 'a'.repeat(70_000) }]), 413, /larger than 66 KB/));
  it('malformed batch: 400', () => expectNothingStored(() => postBatch(shop.site_key, '{"hits": [oops'), 400, /not valid JSON/));
  it('a mirrored request that is not GA4: 400', () => expectNothingStored(() => postBatch(shop.site_key, [{ k: newKey(), m: 'GET', u: 'https://example.com/pixel.gif?x=1' }]), 400, /not a GA4 endpoint/));
  it('measurement id not registered for the website: 403', () =>
    expectNothingStored(() => postBatch(tagged.site_key, [gtagHit()], { origin: 'https://tagged.example.com' }), 403, 'Measurement ID G-SHOP1234 is not registered for this website (registered: G-TAGGED01).'));
  it('Measurement Protocol with a body that is not JSON: 400', () =>
    expectNothingStored(async () => {
      const res = await fetch(url(`/mp/collect?measurement_id=G-SHOP1234&api_secret=${shopSecret}`), { method: 'POST', body: 'client_id=1&events=' });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    }, 400, /JSON/));
  it('Measurement Protocol over 130 KB: 413', () =>
    expectNothingStored(async () => {
      const res = await fetch(url(`/mp/collect?measurement_id=G-SHOP1234&api_secret=${shopSecret}`), { method: 'POST', body: JSON.stringify({ client_id: '1.2', events: [{ name: 'x', params: { p: 'a'.repeat(140_000) } }] }) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    }, 413, /larger than 130 KB/));
  it('Measurement Protocol with an api_secret that is not a secret: 401', () =>
    expectNothingStored(async () => {
      const res = await fetch(url('/mp/collect?measurement_id=G-SHOP1234&api_secret=not-a-real-secret-123'), { method: 'POST', body: '{"client_id":"1.2","events":[{"name":"login"}]}' });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    }, 401, /Measurement Protocol needs a secret/));

  it('a valid Measurement Protocol hit with the website\'s secret as api_secret is stored', async () => {
    const res = await fetch(url(`/mp/collect?measurement_id=G-SHOP1234&api_secret=${shopSecret}`), { method: 'POST', body: JSON.stringify({ client_id: '123.456', events: [{ name: 'login', params: { method: 'Google', session_id: '1700000000', engagement_time_msec: 100 } }] }) });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { id: string };
    const rows = await sql<{ url: string; source: string }>('select url, source from public.collected_requests where id = $1', [json.id]);
    expect(rows[0]!.source).toBe('measurement_protocol');
    // The secret never reaches the log.
    expect(rows[0]!.url).not.toContain(shopSecret);
  });
});

describe('plan quota', () => {
  it('counts accepted requests, refuses beyond the monthly limit with 429 and records the refusal for the organization', async () => {
    const owner = await signUpConfirmed('quota-owner');
    const slug = `quota-${Date.now().toString(36)}`;
    const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Quota Org', org_slug: slug, org_plan: 'free' });
    expect(error).toBeNull();
    const orgId = (data as { organization_id: string }).organization_id;
    const site = await createWebsite(owner, orgId, 'quota.example.com');
    const limit = Number((await sql<{ l: string }>("select monthly_requests as l from public.subscription_plan_limits where plan = 'free'"))[0]!.l);
    // Usage as the collector would have counted it earlier this month: 2 requests left.
    const month = new Date().toISOString().slice(0, 7) + '-01';
    const seeded = await serviceClient().from('organization_usage').upsert({ organization_id: orgId, month, monthly_requests: limit - 2 });
    expect(seeded.error).toBeNull();

    const res = await postBatch(site.site_key, [gtagHit(), gtagHit(), gtagHit()], { origin: 'https://quota.example.com' });
    expect(res.status).toBe(200);
    expect((res.json.results as Array<{ status: string; reason?: string }>).map((r) => r.reason ?? r.status)).toEqual(['stored', 'stored', 'quota_exceeded']);

    const over = await postBatch(site.site_key, [gtagHit()], { origin: 'https://quota.example.com' });
    expect(over.status).toBe(429);
    expect(over.json.error).toBe(`Monthly request limit reached for your plan (${limit.toLocaleString('en-US')} requests). Upgrade your plan to collect more.`);
    expect(await storedCount(site.id)).toBe(2);
    // The traffic inventory counts the stored hits only (issue 25): counted after their batch
    // committed, never a refused hit nor an attempt that was rolled back.
    const inventoried = await sql<{ n: string }>("select coalesce(sum(hits), 0) as n from public.tracking_inventory_hourly where website_id = $1 and scope = 'event' and event_name = 'page_view'", [site.id]);
    expect(Number(inventoried[0]!.n)).toBe(2);

    const { data: usage } = await owner.client.from('organization_usage').select('monthly_requests').eq('organization_id', orgId).single();
    expect(Number(usage!.monthly_requests)).toBe(limit);
    const status = await owner.client.rpc('get_organization_usage_status', { org_id: orgId });
    expect((status.data as { alerts: Array<{ type: string; metric: string }> }).alerts).toContainEqual(expect.objectContaining({ type: 'limit_exceeded', metric: 'monthly_requests' }));

    // The refusal is recorded (written with the next batch or by the periodic flush).
    let events: Array<{ kind: string; refused_requests: number }> = [];
    for (let i = 0; i < 50 && Number(events[0]?.refused_requests ?? 0) < 2; i++) {
      events = ((await owner.client.from('organization_usage_events').select('kind, refused_requests').eq('organization_id', orgId)).data ?? []) as typeof events;
      if (Number(events[0]?.refused_requests ?? 0) < 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(events.map((e) => ({ kind: e.kind, refused: Number(e.refused_requests) }))).toEqual([{ kind: 'monthly_requests_limit_reached', refused: 2 }]);
    const { data: foreign } = await outsider.client.from('organization_usage_events').select('kind').eq('organization_id', orgId);
    expect(foreign ?? []).toHaveLength(0);
  });
});

describe('operator metrics', () => {
  it('needs the service role key and holds counters only', async () => {
    expect((await fetch(url('/collector/metrics'))).status).toBe(401);
    const res = await fetch(url('/collector/metrics'), { headers: { authorization: `Bearer ${inject('serviceRoleKey')}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    const json = JSON.parse(text) as { hitsStored: number; dropped: Record<string, number> };
    expect(json.hitsStored).toBeGreaterThan(0);
    expect(json.dropped.origin_not_allowed).toBeGreaterThan(0);
    expect(json.dropped.quota_exceeded).toBeGreaterThan(0);
    expect(json.dropped.malformed_body).toBeGreaterThan(0);
    expect(json.dropped.body_too_large).toBeGreaterThan(0);
    expect(text).not.toContain(shop.site_key);
    expect(text).not.toContain(tenant.orgId);
    expect(text).not.toContain(SHOP);
  });
});

describe('storage maintenance', () => {
  it('the one-record-per-session migration merges the old engine\'s five live session rows into one', async () => {
    const migration = readFileSync(path.resolve(process.cwd(), 'supabase/migrations/20261126000200_history_one_session_record.sql'), 'utf8');
    // Rows of the old engine's form can only be made in SQL now: the migration is what this proves.
    const prefix = `sess|G-MIGRATE1|${Date.now()}.1700000000`;
    const rows: Array<[string, object, string]> = [
      [`${prefix}|111|ss`, { starts: 1 }, '8 hours'],
      [`${prefix}|111|funnel`, { cart: true, checkout: false }, '7 hours'],
      [`${prefix}|111|landing`, { first: 'page_view' }, '6 hours'],
      [`${prefix}|111|hits`, { hits: 3 }, '5 hours'],
      [`${prefix}|111|consent`, { firstDenied: true }, '4 hours'],
      [`${prefix}|222|landing`, { first: 'scroll' }, '-1 hour'],
      [`${prefix}|333|hits`, { hits: 1 }, '2 hours'],
    ];
    for (const [key, value, ttl] of rows)
      await sql(`insert into public.collector_history (website_id, key, value, expires_at) values ($1, $2, $3, now() + $4::interval)`, [shop.id, key, JSON.stringify(value), ttl]);
    await sql(migration);
    const after = await sql<{ key: string; value: object; hours: number }>(
      `select key, value, round(extract(epoch from expires_at - now()) / 3600)::int as hours from public.collector_history where website_id = $1 and key like $2 order by key`,
      [shop.id, `${prefix}|%`],
    );
    expect(after).toEqual([
      { key: `${prefix}|111`, value: { starts: 1, cart: true, checkout: false, first: 'page_view', hits: 3, firstDenied: true }, hours: 8 },
      { key: `${prefix}|333`, value: { hits: 1 }, hours: 2 },
    ]);
    await sql('delete from public.collector_history where website_id = $1 and key like $2', [shop.id, `${prefix}|%`]);
  });

  it('creates daily partitions ahead and applies each plan\'s retention', async () => {
    const created = await sql<{ relname: string }>(
      `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = 'public.collected_requests'::regclass`,
    );
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
    for (const offset of [-1, 0, 1, 2, 3]) expect(created.map((r) => r.relname)).toContain(`collected_requests_p${day(offset)}`);

    // Two organizations' rows from 10 days ago (free keeps 7 days, enterprise 365), and a partition from 400 days ago.
    const owner = await signUpConfirmed('retention-owner');
    const { data } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Retention Org', org_slug: `ret-${Date.now().toString(36)}`, org_plan: 'free' });
    const freeOrg = (data as { organization_id: string }).organization_id;
    const freeSite = await createWebsite(owner, freeOrg, 'retention.example.com');
    const old = (days: number) => new Date(Date.now() - days * 86_400_000);
    const partition = async (days: number) => {
      const d = old(days).toISOString().slice(0, 10);
      const next = new Date(Date.parse(d) + 86_400_000).toISOString().slice(0, 10);
      for (const parent of ['collected_requests'])
        await sql(`create table if not exists collector_partitions.${parent}_p${d.replaceAll('-', '')} partition of public.${parent} for values from ('${d}T00:00:00Z') to ('${next}T00:00:00Z')`);
    };
    await partition(10);
    await partition(400);
    const keysDay = old(5).toISOString().slice(0, 10);
    await sql(`create table if not exists collector_partitions.collector_idempotency_keys_p${keysDay.replaceAll('-', '')} partition of public.collector_idempotency_keys for values from ('${keysDay}') to ('${new Date(Date.parse(keysDay) + 86_400_000).toISOString().slice(0, 10)}')`);
    const insert = (id: string, org: string, site: string, at: Date) =>
      sql(
        `insert into public.collected_requests (id, received_at, organization_id, website_id, format, endpoint, method, source, event_count, event_names, status, error_count, warning_count, info_count, events, issues, url)
         values ($1, $2, $3, $4, 'gtag', 'g_collect', 'GET', 'tracker', 0, '{}', 'pass', 0, 0, 0, '[]', '[]', '/g/collect')`,
        [id, at, org, site],
      );
    const [freeOld, keptOld, ancient] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await insert(freeOld, freeOrg, freeSite.id, old(10));
    await insert(keptOld, tenant.orgId, shop.id, old(10));
    await insert(ancient, tenant.orgId, shop.id, old(400));
    // Organization rollups follow the same retention as the websites'.
    const orgRollup = (org: string, at: Date) =>
      sql(`insert into public.organization_hourly_rollups (organization_id, hour, dimension, value, count) values ($1, date_trunc('hour', $2::timestamptz), 'requests', 'all', 1) on conflict do nothing`, [org, at]);
    await orgRollup(freeOrg, old(10));
    await orgRollup(tenant.orgId, old(10));
    await orgRollup(tenant.orgId, old(400));
    // The traffic inventory's counters (issue 25) too.
    const counter = (org: string, site: string, at: Date) =>
      sql(
        `insert into public.tracking_inventory_hourly (organization_id, website_id, hour, event_name, scope, name, hits, first_seen, last_seen)
         values ($1, $2, date_trunc('hour', $3::timestamptz), 'page_view', 'event', '', 1, $3, $3) on conflict do nothing`,
        [org, site, at],
      );
    await counter(freeOrg, freeSite.id, old(10));
    await counter(tenant.orgId, shop.id, old(10));
    await counter(tenant.orgId, shop.id, old(400));

    const retention = await sql<{ r: { deleted_inventory_counters: number } }>('select public.collector_apply_retention() as r');
    expect(retention[0]!.r.deleted_inventory_counters).toBe(2);
    const countersLeft = await sql<{ organization_id: string }>(
      `select organization_id from public.tracking_inventory_hourly where organization_id = any($1) and hour < now() - interval '9 days'`,
      [[freeOrg, tenant.orgId]],
    );
    expect(countersLeft.map((r) => r.organization_id)).toEqual([tenant.orgId]);
    const rollupsLeft = await sql<{ organization_id: string; hour: Date }>(
      `select organization_id, hour from public.organization_hourly_rollups where organization_id = any($1) and hour < now() - interval '9 days' order by hour`,
      [[freeOrg, tenant.orgId]],
    );
    expect(rollupsLeft.map((r) => r.organization_id)).toEqual([tenant.orgId]);
    const left = (await sql<{ id: string }>('select id from public.collected_requests where id = any($1)', [[freeOld, keptOld, ancient]])).map((r) => r.id);
    expect(left).toEqual([keptOld]);
    const dropped = await sql(`select 1 from pg_class where relname = $1`, [`collected_requests_p${old(400).toISOString().slice(0, 10).replaceAll('-', '')}`]);
    expect(dropped).toHaveLength(0);
    // Idempotency keys: yesterday's partition stays, older ones are dropped.
    const keyParts = (await sql<{ relname: string }>(`select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'public.collector_idempotency_keys'::regclass`)).map((r) => r.relname);
    expect(keyParts).toContain(`collector_idempotency_keys_p${day(-1)}`);
    expect(keyParts).not.toContain(`collector_idempotency_keys_p${keysDay.replaceAll('-', '')}`);
    expect(keyParts.every((n) => n >= `collector_idempotency_keys_p${day(-2)}`)).toBe(true);
  });
});

describe('Measurement Protocol with an organization API key', () => {
  it('stores hits for the website with that measurement id; refuses bad keys, unknown ids and revoked keys', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'apikey.example.com', { measurement_ids: ['G-APIKEY01'] });
    const denied = await tenant.member.client.rpc('create_api_key', { org_id: tenant.orgId, key_name: 'Server' });
    expect(denied.error?.message).toBe('Only owners and admins can create API keys');
    const created = await tenant.admin.client.rpc('create_api_key', { org_id: tenant.orgId, key_name: 'Server' });
    expect(created.error).toBeNull();
    const key = (created.data as { key: string; id: string }).key;
    expect(key).toMatch(/^tlk_[0-9a-f]{64}$/);

    // The key is stored hashed and its hash is not readable, even by admins.
    expect(await sql('select 1 from public.api_keys where key_hash = $1', [key])).toHaveLength(0);
    expect((await tenant.admin.client.from('api_keys').select('key_hash')).error).not.toBeNull();
    const { data: listed } = await tenant.admin.client.from('api_keys').select('name, key_prefix').eq('organization_id', tenant.orgId);
    expect(listed).toContainEqual({ name: 'Server', key_prefix: key.slice(0, 12) });
    const { data: hidden } = await tenant.member.client.from('api_keys').select('id').eq('organization_id', tenant.orgId);
    expect(hidden ?? []).toHaveLength(0);

    const send = (secret: string, mid: string) =>
      fetch(url(`/mp/collect?measurement_id=${mid}&api_secret=${secret}`), { method: 'POST', body: JSON.stringify({ client_id: '1.2', events: [{ name: 'login', params: { session_id: '1', engagement_time_msec: 1 } }] }) }).then(async (r) => ({ status: r.status, json: (await r.json()) as Record<string, unknown> }));

    const ok = await send(key, 'G-APIKEY01');
    expect(ok.status).toBe(200);
    expect(await sql('select 1 from public.collected_requests where website_id = $1 and id = $2', [site.id, ok.json.id])).toHaveLength(1);
    const unknownId = await send(key, 'G-NOTOURS1');
    expect(unknownId).toEqual({ status: 404, json: { error: 'No website of this organization has measurement ID G-NOTOURS1. Add it to the website\'s settings in Tracklint.', reason: 'no_website_for_measurement_id' } });
    const forged = await send(`tlk_${'0'.repeat(64)}`, 'G-APIKEY01');
    expect(forged.status).toBe(403);
    expect(forged.json.error).toBe('Invalid or revoked API key. Create a key in Tracklint under API Keys.');
    const noMid = await fetch(url(`/mp/collect?api_secret=${key}`), { method: 'POST', body: '{"client_id":"1","events":[{"name":"login"}]}' });
    expect(noMid.status).toBe(400);

    const revoked = await tenant.owner.client.rpc('revoke_api_key', { key_id: (created.data as { id: string }).id });
    expect(revoked.error).toBeNull();
    // Lookups are cached for 30 s per key and measurement id; a pair not seen before is read fresh.
    expect((await tenant.owner.client.from('websites').update({ measurement_ids: ['G-APIKEY01', 'G-APIKEY02'] }).eq('id', site.id)).error).toBeNull();
    expect((await send(key, 'G-APIKEY02')).status).toBe(403);
  });
});

describe('the website\'s rule settings and custom rules', () => {
  it('validates with the website\'s overrides (off, other severity) and its organization\'s custom rules', async () => {
    const site = await createWebsite(tenant.owner, tenant.orgId, 'settings.example.com');
    const overrides = await tenant.admin.client.from('website_rule_settings').insert([
      { website_id: site.id, rule_id: 'basic.version', enabled: false },
      { website_id: site.id, rule_id: 'basic.tid_format', enabled: true, severity: 'info' },
    ]);
    expect(overrides.error).toBeNull();
    const custom = await tenant.admin.client.from('custom_rules').insert({
      organization_id: tenant.orgId,
      website_id: site.id,
      name: 'Page views need a title',
      severity: 'warning',
      definition: { id: 'pv_title', title: 'Page views need a title', events: ['page_view'], assert: { field: 'page.title', op: 'exists' } },
    });
    expect(custom.error).toBeNull();

    const res = await postBatch(site.site_key, [{ k: newKey(), m: 'GET', u: 'https://www.google-analytics.com/g/collect?v=1&tid=G-x&cid=1.2&en=page_view&dl=https%3A%2F%2Fsettings.example.com%2F' }], { origin: 'https://settings.example.com' });
    expect(res.status).toBe(200);
    const id = (res.json.results as Array<{ id: string }>)[0]!.id;
    const { data } = await tenant.member.client.from('collected_requests').select('issues').eq('id', id).single();
    const issues = data!.issues as Array<{ ruleId: string; severity: string }>;
    expect(issues.map((i) => i.ruleId)).not.toContain('basic.version');
    expect(issues.find((i) => i.ruleId === 'basic.tid_format')?.severity).toBe('info');
    expect(issues.find((i) => i.ruleId === 'custom.pv_title')?.severity).toBe('warning');
  });
});
