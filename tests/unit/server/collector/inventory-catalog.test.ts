import { describe, expect, it } from 'vitest';
import { aggregateInventory, CATALOG_VALUE_MAX, catalogRowsOf, type InventoryRow } from '../../../../src/server/collector/inventory';
import { decodeRequest, inventoryEntriesOf } from '../../../../src/shared/ga4';
import { gtag } from '../../ga4/helpers';

function entries(overrides: Record<string, string | null>): string[] {
  const d = decodeRequest(gtag(overrides));
  if (!d.ok) throw new Error(d.error.message);
  return inventoryEntriesOf(d.request);
}

const HOUR = 3_600_000;
const at = Date.UTC(2026, 10, 27, 10, 59, 30);
const hit = (ms: number, overrides: Record<string, string | null>) => ({ organizationId: 'o', websiteId: 'w', receivedAtMs: ms, inventory: entries({ en: 'purchase', ...overrides }) });
const row = (rows: InventoryRow[], name: string) => catalogRowsOf(rows).find((r) => r.name === name)!;

describe('the inventory catalog rows of a flush', () => {
  it('folds the hours of one parameter into one row: earliest first seen, latest last seen, types and values with their own first and last seen', () => {
    // Two hours: 10:59:30 (EUR, value as a number) and 11:00:30 (usd and EUR again, value as text).
    const rows = aggregateInventory([hit(at, { cu: 'EUR', 'epn.value': '20.5' }), hit(at + 60_000, { cu: 'usd', 'ep.value': 'twenty' }), hit(at + 61_000, { cu: 'EUR' })]);
    expect(rows.filter((r) => r.name === 'currency')).toHaveLength(2);
    const currency = row(rows, 'currency');
    expect(catalogRowsOf(rows).filter((r) => r.name === 'currency')).toHaveLength(1);
    expect(currency).toMatchObject({ firstSeenMs: at, lastSeenMs: at + 61_000, highCardinality: false });
    // Values' times are the counter's (to the second): EUR spans both hours, usd only the second.
    expect(Object.fromEntries(currency.values)).toEqual({ EUR: [Math.floor(at / 1000), Math.floor((at + 61_000) / 1000)], usd: [Math.floor((at + 60_000) / 1000), Math.floor((at + 61_000) / 1000)] });
    expect([...row(rows, 'value').types].sort()).toEqual(['number', 'string']);
    // Sorted by key, as the primary key orders them, so concurrent flushes lock alike.
    const keys = catalogRowsOf(rows).map((r) => `${r.websiteId}\u0000${r.eventName}\u0000${r.scope}\u0000${r.name}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('is high-cardinality past CATALOG_VALUE_MAX values over the hours, or when an hour was', () => {
    const ids = (hour: number, from: number, n: number) => Array.from({ length: n }, (_, i) => hit(at + hour * HOUR + i, { 'ep.transaction_id': `T-${from + i}` }));
    // 18 per hour stays within the hourly bound (20); three hours make 54 over the catalog's 50.
    const within = row(aggregateInventory([...ids(0, 0, 18), ...ids(1, 18, 18)]), 'transaction_id');
    expect(within.highCardinality).toBe(false);
    expect(within.values.size).toBe(36);
    const past = row(aggregateInventory([...ids(0, 0, 18), ...ids(1, 18, 18), ...ids(2, 36, 18)]), 'transaction_id');
    expect(CATALOG_VALUE_MAX).toBeLessThan(54);
    expect(past).toMatchObject({ highCardinality: true });
    expect(past.values.size).toBe(0);
    expect(row(aggregateInventory(ids(0, 0, 25)), 'transaction_id')).toMatchObject({ highCardinality: true });
  });
});
