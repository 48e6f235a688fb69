import http from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from '../support/clients';
import { signUpConfirmed, type Persona } from '../support/personas';

const url = (p: string) => `${inject('serverUrl')}${p}`;
const DOMAIN = 'malformed-hits.example.com';

let owner: Persona;
let site: { id: string; site_key: string };

beforeAll(async () => {
  owner = await signUpConfirmed('badhits');
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Bad Hits Org', org_slug: `badhits-${Date.now().toString(36)}`, org_plan: 'starter' });
  if (error) throw error;
  const orgId = (data as { organization_id: string }).organization_id;
  const created = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Bad hits', domain: DOMAIN }).select('id, site_key').single();
  if (created.error) throw created.error;
  site = created.data as { id: string; site_key: string };
});

describe('malformed hits are refused or stored cleanly, never a 500', () => {
  const cases: Array<[string, string]> = [
    ['a NUL in an event parameter', 'ep.note=a%00b'],
    ['a NUL in the event name', 'en=page%00view'],
    ['a lone surrogate (CESU-8 bytes)', 'ep.note=%ED%A0%80x'],
    ['invalid percent-encoding', 'ep.note=%E0%A4%A'],
  ];
  it.each(cases)('%s', async (_what, extra) => {
    const key = `bad${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    const res = await fetch(url(`/collect/g?site=${site.site_key}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: `https://${DOMAIN}` },
      body: JSON.stringify({ v: 1, hits: [{ k: key, m: 'GET', u: `https://www.google-analytics.com/g/collect?v=2&tid=G-BADHIT001&cid=1.2&en=page_view&dl=https%3A%2F%2F${DOMAIN}%2F&${extra}` }] }),
    });
    expect(res.status).toBeLessThan(500);
    const json = (await res.json()) as { results?: Array<{ status: string; reason?: string }> };
    const result = json.results?.[0];
    // Either refused with a reason, or stored without the NUL.
    if (result?.status === 'stored') {
      const rows = await sql<{ t: string }>("select url || coalesce(body, '') as t from public.collected_requests where website_id = $1 order by received_at desc limit 1", [site.id]);
      expect(rows[0]!.t).not.toContain('\u0000');
    } else {
      expect(result?.reason ?? '').not.toBe('store_failed');
    }
  });
});

describe('Measurement Protocol bodies with characters Postgres cannot store', () => {
  it('a NUL or a lone surrogate in MP JSON is stored as U+FFFD, not a failed batch', async () => {
    const key = `mp${Date.now().toString(36)}`;
    // Sent through the tracker batch as a POST to /mp/collect with the JSON as the hit body.
    const body = '{"client_id":"1.2","events":[{"name":"sign_up","params":{"method":"a\\u0000b","note":"x\\ud800y","ok\\u0000key":1}}]}';
    const res = await fetch(url(`/collect/g?site=${site.site_key}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: `https://${DOMAIN}` },
      body: JSON.stringify({ v: 1, hits: [{ k: key, m: 'POST', u: 'https://www.google-analytics.com/mp/collect?measurement_id=G-BADHIT001&api_secret=x', b: body }] }),
    });
    expect(res.status).toBeLessThan(500);
    const rows = await sql<{ body: string; events: unknown }>('select body, events from public.collected_requests where website_id = $1 and idempotency_key = $2', [site.id, key]);
    expect(rows).toHaveLength(1);
    // The raw body is kept as sent (its text holds the six characters \u0000, which is fine); the decoded events hold no NUL.
    expect(JSON.stringify(rows[0]!.events)).not.toMatch(/\\u0000|\\ud800/);
    expect(JSON.stringify(rows[0]!.events)).toContain('a\ufffdb');
    // The traffic inventory (written before the answer in tests) counted the hit too: its value
    // sets and catalog are JSON as well, where one lone surrogate would fail every website's flush.
    const counted = await sql<{ name: string; value_counts: Record<string, number>; value_seen: Record<string, unknown> }>(
      `select h.name, v.value_counts, c.value_seen from public.tracking_inventory_hourly h
         join public.tracking_inventory_values_hourly v using (website_id, hour, event_name, scope, name)
         join public.tracking_inventory_catalog c using (website_id, event_name, scope, name)
        where h.website_id = $1 and h.event_name = 'sign_up' and h.name in ('method', 'note') order by h.name`,
      [site.id],
    );
    expect(counted.map((r) => [r.name, Object.keys(r.value_counts), Object.keys(r.value_seen)])).toEqual([
      ['method', ['a\ufffdb'], ['a\ufffdb']],
      ['note', ['x\ufffdy'], ['x\ufffdy']],
    ]);
  });
});

describe('characters that COPY text treats specially are stored exactly as sent', () => {
  it('tabs, newlines, carriage returns, backslashes, quotes and a literal \\N round-trip in every column', async () => {
    const key = `copy${Date.now().toString(36)}`;
    // The log rows go into Postgres as COPY text, where a tab ends a column, a newline a row,
    // a backslash starts an escape and \N means null: each must come back as sent.
    const tricky = 'a\tb\nc\rd\\e"f\\Ng{h,i}';
    const hitUrl = `https://www.google-analytics.com/g/collect?v=2&tid=G-BADHIT001&cid=1.2&dl=https%3A%2F%2F${DOMAIN}%2F&x=\\N\t`;
    const hitBody = `en=${encodeURIComponent(tricky)}&ep.note=${encodeURIComponent(tricky)}\r\nen=second\\N`;
    const res = await fetch(url(`/collect/g?site=${site.site_key}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: `https://${DOMAIN}`, 'user-agent': 'agent\\N\twith\\tab' },
      body: JSON.stringify({ v: 1, hits: [{ k: key, m: 'POST', u: hitUrl, b: hitBody }] }),
    });
    expect(res.status).toBe(200);
    const rows = await sql<{ url: string; body: string; user_agent: string; event_names: string[]; events: Array<{ name: string; params: Record<string, unknown> }>; rule_ids: string[]; issues: unknown[] }>(
      'select url, body, user_agent, event_names, events, rule_ids, issues from public.collected_requests where website_id = $1 and idempotency_key = $2',
      [site.id, key],
    );
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.url).toBe(hitUrl);
    expect(row.body).toBe(hitBody);
    expect(row.user_agent).toBe('agent\\N\twith\\tab');
    expect(row.event_names[0]).toBe(tricky);
    expect(row.events[0]!.name).toBe(tricky);
    expect(row.events[0]!.params.note).toBe(tricky);
    expect(row.event_names).toEqual([tricky, 'second\\N']);
    expect(Array.isArray(row.issues)).toBe(true);
    expect(row.rule_ids.length).toBeGreaterThan(0);
  });
});

describe('tracker batches without a declared length (chunked) are read and limited as they arrive', () => {
  const post = (chunks: string[]) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(url(`/collect/g?site=${site.site_key}`), { method: 'POST', headers: { 'content-type': 'text/plain', origin: `https://${DOMAIN}`, 'transfer-encoding': 'chunked' } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (const c of chunks) req.write(c);
      req.end();
    });

  it('stores a small chunked batch', async () => {
    const key = `chunk${Date.now().toString(36)}`;
    const text = JSON.stringify({ v: 1, hits: [{ k: key, m: 'GET', u: `https://www.google-analytics.com/g/collect?v=2&tid=G-BADHIT001&cid=1.2&en=page_view&dl=https%3A%2F%2F${DOMAIN}%2F` }] });
    const res = await post([text.slice(0, 40), text.slice(40)]);
    expect(res.status).toBe(200);
    expect((JSON.parse(res.body) as { stored: number }).stored).toBe(1);
  });

  it('refuses a chunked batch over 64 KB with 413 and stores nothing of it', async () => {
    const key = `chunkbig${Date.now().toString(36)}`;
    const text = JSON.stringify({ v: 1, hits: [{ k: key, m: 'POST', u: `https://www.google-analytics.com/g/collect?v=2&tid=G-BADHIT001&cid=1.2&en=page_view`, b: 'x'.repeat(70_000) }] });
    const res = await post([text.slice(0, 30_000), text.slice(30_000)]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ reason: 'body_too_large' });
    expect(await sql('select 1 from public.collected_requests where website_id = $1 and idempotency_key = $2', [site.id, key])).toHaveLength(0);
  });
});
