import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { sql } from '../support/clients';
import { createTenant, type Tenant } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

// Issue 25's budget: each collector process keeps the traffic inventory's counters in memory and
// writes them every few seconds (src/server/collector/inventory-accumulator.ts). A process with the
// production interval writes what it counted when it stops, and two processes' counters add up.

const MID = 'G-INVFLUSH1';
let tenant: Tenant;
let siteId: string;
let collectKey: string;
let other: SecondServer | undefined;

const mpHit = (name: string) => JSON.stringify({ client_id: '555.666', events: [{ name, params: { method: 'Google', session_id: '1700000000', engagement_time_msec: 100 } }] });

async function send(baseUrl: string, name: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${baseUrl}/mp/collect?measurement_id=${MID}&api_secret=${collectKey}`, { method: 'POST', body: mpHit(name) });
    expect(res.status).toBeLessThan(300);
  }
}

const inventoried = async (event: string, scope = 'event', name = '') =>
  Number((await sql<{ n: string }>('select coalesce(sum(hits), 0) as n from public.tracking_inventory_hourly where website_id = $1 and event_name = $2 and scope = $3 and name = $4', [siteId, event, scope, name]))[0]!.n);

beforeAll(async () => {
  tenant = await createTenant('inventory-flush', 'enterprise');
  const created = await tenant.owner.client.from('websites').insert({ organization_id: tenant.orgId, name: 'inv.example.com', domain: 'inv.example.com', measurement_ids: [MID] }).select('id').single();
  if (created.error) throw created.error;
  siteId = (created.data as { id: string }).id;
  const key = await tenant.owner.client.rpc('create_scoped_api_key', { org_id: tenant.orgId, key_name: 'collect', key_scopes: ['collect'] });
  if (key.error) throw key.error;
  collectKey = (key.data as { key: string }).key;
  // The production interval (COLLECTOR_INVENTORY_FLUSH_MS unset: 5 s), unlike the shared test server's 0.
  other = await startSecondServer('invflush', { ALERTS_SCHEDULER: 'false' });
  expect(other.server.deps.config.collectorInventoryFlushMs).toBe(5_000);
}, 120_000);

afterAll(async () => {
  await other?.stop();
});

describe('the inventory counters of a collector process', () => {
  it('are written when the process stops, and add up with another process counting the same counters', async () => {
    // The shared server writes after every batch (0 in tests): 2 hits, readable at once.
    await send(inject('serverUrl'), 'login', 2);
    expect(await inventoried('login')).toBe(2);
    // The other process counts 3 more of the same (website, hour, event) and writes them at the
    // latest when it stops: after the drain, before its pool closes.
    await send(other!.server.url, 'login', 3);
    await other!.stop();
    other = undefined;
    expect(await inventoried('login')).toBe(5);
    expect(await inventoried('login', 'param', 'method')).toBe(5);
    // Every stored hit is counted once: as many as the log holds.
    const stored = await sql<{ n: string }>('select count(*) as n from public.collected_requests where website_id = $1', [siteId]);
    expect(Number(stored[0]!.n)).toBe(5);
  });

  it('refuses an interval outside 0..60000 ms with a readable configuration error', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-invflush-'));
    try {
      expect(() => loadConfig({ PORT: '0', DATA_DIR: dir, COLLECTOR_INVENTORY_FLUSH_MS: '-1' })).toThrow(/COLLECTOR_INVENTORY_FLUSH_MS/);
      expect(() => loadConfig({ PORT: '0', DATA_DIR: dir, COLLECTOR_INVENTORY_FLUSH_MS: '600000' })).toThrow(/COLLECTOR_INVENTORY_FLUSH_MS/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
