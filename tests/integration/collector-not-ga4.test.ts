import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';

// What the collector does with requests that are not (or hardly) GA4, pinned over HTTP (review,
// item 4). Two cases, on purpose:
// - a request that is not addressed to GA4 collection at all (an Ads ping, a pixel, a script load)
//   is refused, 400 `not_ga4`, stored nowhere, counted as refused for its website;
// - anything sent to a GA4 endpoint (/g/collect, /mp/collect) is a GA4 hit, broken or not: it is
//   stored with status `fail` and the structural findings that name what is missing or unknown
//   (basic.version, basic.tid_format, basic.cid_present, basic.en_present, basic.mp_event_count,
//   basic.gtag_unknown_params, basic.mp_json_schema). Refusing it instead would leave those rules
//   nothing to report and hide broken tracking from the log, its charts and its alerts.

const DOMAIN = 'notga4.example.com';
let tenant: Tenant;
let site: { id: string; site_key: string };
let mpSecret: string;
let orgKey: string;

const url = (p: string) => `${inject('serverUrl')}${p}`;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

async function storedRow(id: unknown) {
  const rows = await sql<{ status: string; rule_ids: string[]; error_count: number }>('select status, rule_ids, error_count from public.collected_requests where id = $1', [id]);
  return rows[0];
}

const storedCount = async () => Number((await sql<{ n: string }>('select count(*) as n from public.collected_requests where website_id = $1', [site.id]))[0]!.n);

beforeAll(async () => {
  tenant = await createTenant('not-ga4', 'enterprise');
  const made = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'Not GA4', domain: DOMAIN }).select('id, site_key').single();
  if (made.error) throw made.error;
  site = made.data as { id: string; site_key: string };
  const secret = await tenant.owner.client.rpc('create_mp_secret', { target_website_id: site.id, secret_name: 'not-ga4' });
  if (secret.error) throw secret.error;
  mpSecret = (secret.data as { secret: string }).secret;
  const key = await tenant.owner.client.rpc('create_scoped_api_key', { org_id: tenant.orgId, key_name: 'collect', key_scopes: ['collect'] });
  if (key.error) throw key.error;
  orgKey = (key.data as { key: string }).key;
}, 120_000);

describe('a request that is not GA4 collection', () => {
  it('mirrored by the tracker (a Google Ads ping): 400 not_ga4, nothing stored, counted as refused for the website', async () => {
    const before = await storedCount();
    const res = await json(
      await fetch(url(`/collect/g?site=${site.site_key}`), {
        method: 'POST',
        headers: { 'content-type': 'text/plain', origin: `https://${DOMAIN}` },
        body: JSON.stringify({ v: 1, hits: [{ k: `notga4${Date.now().toString(36)}`, m: 'GET', u: 'https://www.google.com/ccm/collect?en=page_view&tid=AW-123' }] }),
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'not_ga4', error: expect.stringMatching(/not a GA4 hit/) });
    expect(await storedCount()).toBe(before);
    // Refusals are counted in memory and written with the next batch: a GA4 hit makes one, and is
    // answered after it committed.
    const next = await fetch(url(`/g/collect?site=${site.site_key}&v=2&tid=G-NOTGA4001&cid=1.2&sid=1700000000&en=page_view`), { headers: { origin: `https://${DOMAIN}` } });
    expect(next.status).toBe(200);
    const counted = await sql<{ n: string }>("select coalesce(sum(count), 0) as n from public.website_hit_counters where website_id = $1 and outcome = 'refused' and reason = 'not_ga4'", [site.id]);
    expect(Number(counted[0]!.n)).toBe(1);
  });

  it('an /mp/collect with an organization key and no measurement id: 400 naming the missing parameter, nothing stored', async () => {
    const before = await storedCount();
    const res = await json(await fetch(url(`/mp/collect?api_secret=${orgKey}`), { method: 'POST', body: '{"hello":"world"}' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'missing_measurement_id', error: expect.stringMatching(/^Missing measurement_id/) });
    expect(await storedCount()).toBe(before);
  });
});

describe('anything sent to a GA4 endpoint is a GA4 hit, stored as failed with findings that name what is wrong', () => {
  it('random JSON POSTed to /g/collect', async () => {
    const res = await json(await fetch(url(`/g/collect?site=${site.site_key}`), { method: 'POST', headers: { origin: `https://${DOMAIN}` }, body: '{"hello":"world","n":[1,2]}' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'stored', validation: 'fail' });
    const row = await storedRow(res.body.id);
    expect(row?.status).toBe('fail');
    expect(row?.rule_ids).toEqual(expect.arrayContaining(['basic.version', 'basic.tid_format', 'basic.cid_present', 'basic.en_present', 'basic.gtag_unknown_params']));
  });

  it("random JSON POSTed to /mp/collect with the website's secret and no measurement id", async () => {
    const res = await json(await fetch(url(`/mp/collect?api_secret=${mpSecret}`), { method: 'POST', body: '{"hello":"world"}' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'stored', validation: 'fail' });
    const row = await storedRow(res.body.id);
    expect(row?.status).toBe('fail');
    expect(row?.rule_ids).toEqual(expect.arrayContaining(['basic.tid_format', 'basic.cid_present', 'basic.mp_event_count', 'basic.mp_json_schema']));
    // Never a pass with only an information finding.
    expect(row!.error_count).toBeGreaterThan(0);
  });
});
