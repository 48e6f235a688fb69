import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from '../support/clients';
import { createTenant, signUpConfirmed, type Tenant } from '../support/personas';

// Issue 25, drift at scale: the collector keeps one catalog row per website, event, scope and
// parameter (tracking_inventory_catalog) in the statement that upserts the hourly counters, so the
// drift evaluator reads one row per parameter instead of weeks of hours. Hits go through HTTP.

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
let tenant: Tenant;
let seq = 0;

interface Site {
  id: string;
  site_key: string;
  domain: string;
}

interface CatalogRow {
  name: string;
  first_seen: Date;
  last_seen: Date;
  types: string[];
  value_seen: Record<string, [number, number]>;
  high_cardinality: boolean;
}

function hit(domain: string, en: string, extra: string) {
  seq += 1;
  return {
    k: `cat${Date.now().toString(36)}${seq}`,
    m: 'POST',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=G-CATALOG12&cid=111.222&sid=1700000000&sct=1&seg=1&_s=${seq}&dl=https%3A%2F%2F${domain}%2F&dt=Home&en=${en}${extra}`,
    b: '',
  };
}

async function send(site: Site, hits: Array<ReturnType<typeof hit>>): Promise<void> {
  const res = await fetch(`${inject('serverUrl')}/collect/g?site=${site.site_key}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'user-agent': UA, origin: `https://${site.domain}` },
    body: JSON.stringify({ v: 1, hits }),
  });
  expect(res.status).toBe(200);
}

const catalog = (site: Site) =>
  sql<CatalogRow>(
    `select name, first_seen, last_seen, types, value_seen, high_cardinality from public.tracking_inventory_catalog
     where website_id = $1 and event_name = 'purchase' order by scope, name`,
    [site.id],
  );
const byName = (rows: CatalogRow[]) => new Map(rows.map((r) => [r.name, r]));

beforeAll(async () => {
  tenant = await createTenant('catalog', 'enterprise');
}, 120_000);

describe('tracking inventory catalog', () => {
  it('the collector keeps first and last seen, types and values per parameter; members alone read it', async () => {
    const domain = `catalog-${Date.now().toString(36)}.example.com`;
    const created = await tenant.owner.client
      .from('websites')
      .insert({ organization_id: tenant.orgId, name: 'Catalog', domain, measurement_ids: ['G-CATALOG12'] })
      .select('id, site_key, domain')
      .single();
    if (created.error) throw created.error;
    const site = created.data as Site;

    await send(site, [hit(domain, 'purchase', '&cu=EUR&epn.value=20.5&ep.payment_type=card'), hit(domain, 'purchase', '&cu=EUR&epn.value=30.5&ep.payment_type=card')]);
    const first = byName(await catalog(site));
    expect(first.get('currency')).toMatchObject({ types: ['string'], high_cardinality: false });
    expect(Object.keys(first.get('currency')!.value_seen)).toEqual(['EUR']);
    expect(first.get('value')).toMatchObject({ types: ['number'], value_seen: {}, high_cardinality: false });

    // Later: a new currency, value as text, 25 distinct transaction ids (past the bound: cut off).
    await send(site, [
      hit(domain, 'purchase', '&cu=usd&ep.value=twenty&ep.payment_type=card'),
      ...Array.from({ length: 25 }, (_, i) => hit(domain, 'purchase', `&cu=EUR&epn.value=5.5&ep.transaction_id=T-${i}`)),
    ]);
    const rows = await catalog(site);
    const second = byName(rows);
    // One row per parameter, however many flushes and hours wrote it.
    expect(rows.filter((r) => r.name === 'currency')).toHaveLength(1);
    const cur = second.get('currency')!;
    expect(cur.first_seen).toEqual(first.get('currency')!.first_seen);
    expect(cur.last_seen.getTime()).toBeGreaterThan(first.get('currency')!.last_seen.getTime());
    expect(Object.keys(cur.value_seen).sort()).toEqual(['EUR', 'usd']);
    // EUR first seen with the first batch and seen again with the second; usd only with the second.
    expect(cur.value_seen.EUR![0]).toBe(first.get('currency')!.value_seen.EUR![0]);
    expect(cur.value_seen.EUR![1]).toBeGreaterThanOrEqual(cur.value_seen.usd![0]);
    expect(cur.value_seen.usd![0]).toBeGreaterThanOrEqual(first.get('currency')!.value_seen.EUR![1]);
    expect(second.get('value')!.types).toEqual(['number', 'string']);
    expect(Object.keys(second.get('payment_type')!.value_seen)).toEqual(['card']);
    expect(second.get('payment_type')!.value_seen.card![0]).toBe(first.get('payment_type')!.value_seen.card![0]);
    expect(second.get('transaction_id')).toMatchObject({ value_seen: {}, high_cardinality: true });
    // The event itself has its row too (scope 'event', name '').
    expect(second.get('')).toMatchObject({ types: [] });

    const own = await tenant.member.client.from('tracking_inventory_catalog').select('name').eq('website_id', site.id).eq('event_name', 'purchase');
    expect(own.error).toBeNull();
    expect(own.data!.map((r) => r.name).sort()).toEqual(rows.map((r) => r.name).sort());
    const outsider = await signUpConfirmed('catalog-outsider');
    expect(await outsider.client.from('tracking_inventory_catalog').select('name').eq('website_id', site.id)).toMatchObject({ error: null, data: [] });
    // Only the server writes it.
    const write = await tenant.owner.client.from('tracking_inventory_catalog').update({ high_cardinality: true }).eq('website_id', site.id).select('name');
    expect(write.data ?? []).toEqual([]);
    expect(byName(await catalog(site)).get('currency')!.high_cardinality).toBe(false);
  });

  it('rebuilding from the hourly tables (the migration backfill) gives the same first and last seen, types and values', async () => {
    const site = (await sql<Site>(`select id, site_key, domain from public.websites where organization_id = $1 and name = 'Catalog'`, [tenant.orgId]))[0]!;
    const kept = await catalog(site);
    await sql('select tracklint_private.rebuild_inventory_catalog($1)', [site.id]);
    const rebuilt = await catalog(site);
    expect(rebuilt.map((r) => [r.name, r.first_seen, r.last_seen, r.types, Object.keys(r.value_seen).sort(), r.high_cardinality])).toEqual(
      kept.map((r) => [r.name, r.first_seen, r.last_seen, r.types, Object.keys(r.value_seen).sort(), r.high_cardinality]),
    );
  });

  it('retention deletes catalog rows whose last_seen is past the longest plan retention, with the hourly counters', async () => {
    const site = (await sql<Site>(`select id, site_key, domain from public.websites where organization_id = $1 and name = 'Catalog'`, [tenant.orgId]))[0]!;
    await sql(`update public.tracking_inventory_catalog set last_seen = now() - interval '3 years', first_seen = now() - interval '3 years' where website_id = $1 and name = 'currency'`, [site.id]);
    const r = await sql<{ r: { deleted_inventory_catalog: number } }>('select public.collector_apply_retention() as r');
    expect(r[0]!.r.deleted_inventory_catalog).toBeGreaterThanOrEqual(1);
    expect((await catalog(site)).map((c) => c.name)).not.toContain('currency');
    expect((await catalog(site)).map((c) => c.name)).toContain('payment_type');
  });
});
