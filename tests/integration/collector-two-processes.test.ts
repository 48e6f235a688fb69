import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceClient, sql } from '../support/clients';
import { signUpConfirmed, type Persona } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

/*
 * Two collector processes on one database: a change made through one (or in SQL) reaches the
 * other's cached lookups at once through LISTEN/NOTIFY, not after the 30-second cache time. The
 * second process validates the other way than the first (the shared test server, default
 * settings): in the event loop or in a validation thread, so history crosses between both.
 */
let second: SecondServer | undefined;
let owner: Persona;
let orgId: string;

beforeAll(async () => {
  // The shared server validates on the event loop (COLLECTOR_VALIDATION_THREAD's default); this one in a thread.
  second = await startSecondServer('second', { COLLECTOR_VALIDATION_THREAD: 'true' });
  owner = await signUpConfirmed('two-proc');
  const signup = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Two Processes', org_slug: `two-proc-${Date.now().toString(36)}`, org_plan: 'pro' });
  if (signup.error) throw signup.error;
  orgId = (signup.data as { organization_id: string }).organization_id;
}, 120_000);

afterAll(async () => {
  await second?.stop();
});

let seq = 0;
async function sendTo(base: string, siteKey: string, domain: string) {
  seq += 1;
  const hit = { k: `twoproc${Date.now().toString(36)}${seq}`, m: 'GET', u: `https://www.google-analytics.com/g/collect?v=2&tid=G-TWO00001&cid=1.${seq}&dl=https%3A%2F%2F${domain}%2F&en=page_view` };
  const res = await fetch(`${base}/collect/g?site=${siteKey}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${domain}` }, body: JSON.stringify({ v: 1, hits: [hit] }) });
  return { status: res.status, json: (await res.json()) as { reason?: string } };
}

async function website(domain: string) {
  const { data, error } = await owner.client.from('websites').insert({ organization_id: orgId, name: domain, domain }).select('id, site_key').single();
  if (error) throw error;
  return data as { id: string; site_key: string };
}

/** Polls the second process until it refuses; the 30-second cache time would make this time out. */
async function refusedBySecond(siteKey: string, domain: string): Promise<string | undefined> {
  let last: { status: number; json: { reason?: string } } | undefined;
  await expect
    .poll(
      async () => {
        last = await sendTo(second!.server.url, siteKey, domain);
        return last.status;
      },
      { timeout: 5_000, interval: 100 },
    )
    .toBe(403);
  return last?.json.reason;
}

describe('collector caches across two server processes', () => {
  it('/debug/mp/collect answers the same whether validation runs in the event loop or in the validation thread', async () => {
    const debug = async (base: string, body: string) => {
      const res = await fetch(`${base}/debug/mp/collect?measurement_id=G-TWO00001`, { method: 'POST', headers: { 'user-agent': 'two-proc-debug' }, body });
      return { status: res.status, json: (await res.json()) as { validationMessages?: unknown[]; tracklint?: unknown } };
    };
    for (const body of [JSON.stringify({ client_id: '1.2', events: [{ name: 'Login', params: { method: 'x' } }] }), '{not json']) {
      const [first, other] = [await debug(inject('serverUrl'), body), await debug(second!.server.url, body)];
      expect(first.status).toBe(200);
      expect(Array.isArray(first.json.validationMessages)).toBe(true);
      expect(other).toEqual(first);
    }
  });

  it('a website deactivated through one process is refused by the other at once', async () => {
    const site = await website('two-a.example.com');
    expect((await sendTo(second!.server.url, site.site_key, 'two-a.example.com')).status).toBe(200);
    // Through the first process's data API.
    const { error } = await owner.client.from('websites').update({ is_active: false }).eq('id', site.id);
    expect(error).toBeNull();
    expect(await refusedBySecond(site.site_key, 'two-a.example.com')).toBe('website_inactive');
  });

  it('an organization suspended in SQL by an operator is refused by both processes', async () => {
    const site = await website('two-b.example.com');
    expect((await sendTo(inject('serverUrl'), site.site_key, 'two-b.example.com')).status).toBe(200);
    expect((await sendTo(second!.server.url, site.site_key, 'two-b.example.com')).status).toBe(200);
    await sql(`update public.organizations set suspended_at = now(), suspended_reason = 'two-process test' where id = $1`, [orgId]);
    try {
      expect(await refusedBySecond(site.site_key, 'two-b.example.com')).toBeDefined();
      const first = await sendTo(inject('serverUrl'), site.site_key, 'two-b.example.com');
      expect(first.status).toBe(403);
    } finally {
      await serviceClient().from('organizations').update({ suspended_at: null, suspended_reason: null }).eq('id', orgId);
    }
  });

  it('announces changes collectors care about, but not the collector\'s own bookkeeping (no invalidation storm)', async () => {
    const site = await website('two-c.example.com');
    // Both processes listen.
    const listeners = await sql<{ n: string }>(`select count(*) as n from pg_stat_activity where application_name = 'tracklint-collector-cache'`);
    expect(Number(listeners[0]!.n)).toBeGreaterThanOrEqual(2);
    const listener = new pg.Client({ connectionString: inject('databaseUrl') });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push(n.payload ?? ''));
    try {
      await listener.query('listen tracklint_collector_cache');
      // What the collector writes itself: verification.
      await sql(`update public.websites set verification_status = 'verified', verified_at = now() where id = $1`, [site.id]);
      // (Since issue 26 the collector writes receiving_traffic_at; the update above stays the
      // server's verification write, which must not notify either.)
      // Then a change of another table: notifications arrive in commit order, so once this one is
      // heard, one from the update above would have been heard first.
      await sql(`update public.organizations set name = name where id = $1`, [orgId]);
      await expect.poll(() => heard.includes('organizations'), { timeout: 5_000, interval: 50 }).toBe(true);
      expect(heard).toEqual(['organizations']);
      // A change of the website that decides how hits are handled is announced.
      await sql(`update public.websites set measurement_ids = array['G-TWO00001'] where id = $1`, [site.id]);
      await expect.poll(() => heard, { timeout: 5_000, interval: 50 }).toEqual(['organizations', 'websites']);
    } finally {
      await listener.end();
    }
  });

  it('history one process committed is what the other validates against next (event name casing across processes)', async () => {
    const domain = 'two-d.example.com';
    const site = await website(domain);
    const first = inject('serverUrl');
    const send = async (base: string, eventName: string) => {
      seq += 1;
      const u = `https://www.google-analytics.com/g/collect?v=2&tid=G-TWO00001&cid=7.${seq}&sid=${seq}&dl=https%3A%2F%2F${domain}%2F&en=${encodeURIComponent(eventName)}`;
      const res = await fetch(`${base}/collect/g?site=${site.site_key}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${domain}` }, body: JSON.stringify({ v: 1, hits: [{ k: `hist${Date.now().toString(36)}${seq}`, m: 'GET', u }] }) });
      expect(res.status).toBe(200);
      const id = ((await res.json()) as { results: Array<{ id: string }> }).results[0]!.id;
      const { data } = await serviceClient().from('collected_requests').select('rule_ids').eq('id', id).single();
      return (data as { rule_ids: string[] }).rule_ids;
    };
    // The first process caches the website's event names, then the second adds one.
    expect(await send(first, 'promo_click')).not.toContain('dq.event_name_case');
    expect(await send(second!.server.url, 'Banner_View')).not.toContain('dq.event_name_case');
    // The first process must see the second's name: without the announcement it would judge this
    // against its own cached names and find nothing.
    expect(await send(first, 'banner_view')).toContain('dq.event_name_case');
    // And the other way round.
    expect(await send(second!.server.url, 'PROMO_CLICK')).toContain('dq.event_name_case');
  });

  it("a visitor's hits in one request cost one history read (no duplicate-hit fingerprints asked for), and each process judges the visitor on what the other stored", async () => {
    const domain = 'two-h.example.com';
    const site = await website(domain);
    const first = inject('serverUrl');
    const visitor = `9.${Date.now()}`;
    const url = (params: string) => `https://www.google-analytics.com/g/collect?v=2&tid=G-TWO00001&cid=${visitor}&sct=1&_p=777&dl=https%3A%2F%2F${domain}%2F&${params}`;
    const send = async (base: string, params: string[]) => {
      const hits = params.map((p) => {
        seq += 1;
        return { k: `visit${Date.now().toString(36)}${seq}`, m: 'GET', u: url(p) };
      });
      const res = await fetch(`${base}/collect/g?site=${site.site_key}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${domain}` }, body: JSON.stringify({ v: 1, hits }) });
      expect(res.status).toBe(200);
      const ids = ((await res.json()) as { results: Array<{ id: string }> }).results.map((r) => r.id);
      const { data } = await serviceClient().from('collected_requests').select('id, rule_ids').in('id', ids);
      const byId = new Map((data as Array<{ id: string; rule_ids: string[] }>).map((r) => [r.id, r.rule_ids]));
      return ids.map((id) => byId.get(id)!);
    };
    const metricsOf = async () => (await (await fetch(`${second!.server.url}/collector/metrics`, { headers: { apikey: second!.server.deps.jwt.serviceRoleKey } })).json()) as { historyReads: number; historyKeysRead: number };

    // The first process starts the session and records the purchase.
    const [start] = await send(first, ['sid=1700000001&_s=1&_ss=1&en=page_view', 'sid=1700000001&_s=2&en=purchase&cu=EUR&ep.transaction_id=T-TWO&epn.value=10']);
    expect(start).not.toContain('sess.session_start_once');
    // The second process gets ten hits of the same visitor in one request: one read for the website,
    // asking for the names, client (consent, session count), page-load, session and transaction
    // records; not for the ten duplicate-hit fingerprints, which no process ever persists.
    const before = await metricsOf();
    const rules = await send(second!.server.url, ['sid=1700000001&_s=3&_ss=1&en=page_view', 'sid=1700000001&_s=4&en=purchase&cu=EUR&ep.transaction_id=T-TWO&epn.value=10', ...Array.from({ length: 8 }, (_, i) => `sid=1700000001&_s=${5 + i}&en=scroll`)]);
    const after = await metricsOf();
    expect(after.historyReads - before.historyReads).toBe(1);
    expect(after.historyKeysRead - before.historyKeysRead).toBe(6);
    // What the first process stored is what the second judged against.
    expect(rules[0]).toContain('sess.session_start_once');
    expect(rules[1]).toContain('ecom.duplicate_transaction');
    // And back, through the announcement: the first process caches a second session's record
    // without a session_start, the second process then starts that session, and the first must
    // read the record again (with its own cached copy it would count this start as the first).
    await send(first, ['sid=1700000002&_s=13&en=page_view']);
    const [secondStart] = await send(second!.server.url, ['sid=1700000002&_s=14&_ss=1&en=page_view']);
    expect(secondStart).not.toContain('sess.session_start_once');
    const [again] = await send(first, ['sid=1700000002&_s=15&_ss=1&en=page_view']);
    expect(again).toContain('sess.session_start_once');
  });

  it('the monthly limit holds across processes: the database takes back what both ledgers admitted beyond it', async () => {
    const domain = 'two-e.example.com';
    const site = await website(domain);
    const first = inject('serverUrl');
    const sendMany = async (base: string, n: number) => {
      const hits = Array.from({ length: n }, () => {
        seq += 1;
        // A purchase: its transaction id is history the engine persists (duplicate detection).
        return { k: `quota${Date.now().toString(36)}${seq}`, m: 'GET', u: `https://www.google-analytics.com/g/collect?v=2&tid=G-TWO00001&cid=9.${seq}&dl=https%3A%2F%2F${domain}%2F&en=purchase&cu=EUR&ep.transaction_id=Q-${seq}&epn.value=10` };
      });
      const res = await fetch(`${base}/collect/g?site=${site.site_key}`, { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${domain}` }, body: JSON.stringify({ v: 1, hits }) });
      return ((await res.json()) as { results: Array<{ status: string; reason?: string }> }).results;
    };
    // Both processes know the organization's usage (far from the limit) from these first hits.
    expect((await sendMany(first, 1))[0]!.status).toBe('stored');
    expect((await sendMany(second!.server.url, 1))[0]!.status).toBe('stored');
    const month = new Date().toISOString().slice(0, 7) + '-01';
    const limit = (await sql<{ limit: string }>(`select monthly_requests::text as limit from public.subscription_plan_limits where plan = 'pro'`))[0]!.limit;
    // Then the month fills up elsewhere (say a third process) to three requests short of the limit.
    await sql(`update public.organization_usage set monthly_requests = $3 where organization_id = $1 and month = $2`, [orgId, month, Number(limit) - 3]);
    try {
      const results = (await Promise.all([sendMany(first, 5), sendMany(second!.server.url, 5)])).flat();
      expect(results.filter((r) => r.status === 'stored')).toHaveLength(3);
      const refused = results.filter((r) => r.status === 'refused');
      expect(refused).toHaveLength(7);
      expect(new Set(refused.map((r) => r.reason))).toEqual(new Set(['quota_exceeded']));
      const [usage] = await sql<{ n: string }>(`select monthly_requests::text as n from public.organization_usage where organization_id = $1 and month = $2`, [orgId, month]);
      expect(Number(usage!.n)).toBe(Number(limit));
      const [stored] = await sql<{ n: string }>(`select count(*)::text as n from public.collected_requests where website_id = $1`, [site.id]);
      expect(Number(stored!.n)).toBe(2 + 3);
      // Only the stored purchases left their transaction ids in the history; the refused ones did not.
      const [remembered] = await sql<{ n: string }>(`select count(*)::text as n from public.collector_history where website_id = $1 and key like 'txn|%'`, [site.id]);
      expect(Number(remembered!.n)).toBe(2 + 3);
      // The dashboards' counts agree with the log: a batch that crossed the limit counted only what it kept.
      const [rolled] = await sql<{ n: string }>(`select coalesce(sum(count), 0)::text as n from public.website_hourly_rollups where website_id = $1 and dimension = 'requests'`, [site.id]);
      expect(Number(rolled!.n)).toBe(2 + 3);
      const [orgRolled] = await sql<{ n: string }>(
        `select coalesce(sum(r.count), 0)::text as n from public.organization_hourly_rollups r where r.organization_id = $1 and r.dimension = 'requests' and r.hour >= date_trunc('hour', now()) - interval '1 hour'`,
        [orgId],
      );
      const [orgStored] = await sql<{ n: string }>(`select count(*)::text as n from public.collected_requests where organization_id = $1 and received_at >= date_trunc('hour', now()) - interval '1 hour'`, [orgId]);
      expect(Number(orgRolled!.n)).toBe(Number(orgStored!.n));
      const [counted] = await sql<{ n: string }>(`select coalesce(sum(count), 0)::text as n from public.website_hit_counters where website_id = $1 and outcome = 'stored'`, [site.id]);
      expect(Number(counted!.n)).toBe(2 + 3);
      // What was refused is recorded for the organization, as any refusal for quota is.
      await expect
        .poll(async () => Number((await sql<{ n: string }>(`select coalesce(sum(refused_requests), 0)::text as n from public.organization_usage_events where organization_id = $1`, [orgId]))[0]!.n), { timeout: 5_000, interval: 100 })
        .toBeGreaterThanOrEqual(7);
    } finally {
      await sql(`update public.organization_usage set monthly_requests = 0 where organization_id = $1 and month = $2`, [orgId, month]);
    }
  });
});
