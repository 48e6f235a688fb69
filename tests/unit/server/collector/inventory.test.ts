import { describe, expect, it } from 'vitest';
import { aggregateInventory } from '../../../../src/server/collector/inventory';
import { decodeRequest, inventoryEntriesOf, maskExample } from '../../../../src/shared/ga4';
import { gtag, PURCHASE } from '../../ga4/helpers';

function entries(overrides: Record<string, string | null>): string[] {
  const d = decodeRequest(gtag(overrides));
  if (!d.ok) throw new Error(d.error.message);
  return inventoryEntriesOf(d.request);
}

describe('the traffic inventory', () => {
  it('one entry per event, parameter, item parameter and user property, with the type seen', () => {
    const e = entries({ ...PURCHASE, 'up.tier': 'gold' }).map((x) => x.split('\u0001').slice(0, 4).join(' '));
    expect(e).toContain('purchase event  ');
    expect(e).toContain('purchase param value integer');
    expect(e).toContain('purchase param transaction_id string');
    expect(e).toContain('purchase param currency string');
    expect(e).toContain('purchase item item_id string');
    expect(e).toContain('purchase user tier string');
  });

  it('aggregates a batch into hourly counters with merged types and a few masked examples', () => {
    const at = Date.UTC(2026, 10, 27, 10, 15);
    const hits = [
      { organizationId: 'o', websiteId: 'w', receivedAtMs: at, inventory: entries({ en: 'sign_up', 'ep.email': 'a@b.co', 'epn.n': '1' }) },
      { organizationId: 'o', websiteId: 'w', receivedAtMs: at + 60_000, inventory: entries({ en: 'sign_up', 'ep.email': 'c@d.co', 'epn.n': '1.5' }) },
      { organizationId: 'o', websiteId: 'w', receivedAtMs: at + 3_600_000, inventory: entries({ en: 'sign_up' }) },
    ];
    const rows = aggregateInventory(hits);
    const n = rows.find((r) => r.name === 'n')!;
    expect(n).toMatchObject({ hour: '2026-11-27T10:00:00.000Z', hits: 2, types: ['integer', 'number'], examples: ['1', '1.5'], firstSeenMs: at, lastSeenMs: at + 60_000 });
    expect(rows.find((r) => r.name === 'email')!.examples).toEqual(['[masked]']);
    expect(rows.filter((r) => r.scope === 'event').map((r) => [r.hour, r.hits])).toEqual([
      ['2026-11-27T10:00:00.000Z', 2],
      ['2026-11-27T11:00:00.000Z', 1],
    ]);
  });

  it('masks each raw value once per batch, and tries a bounded number of values per counter', () => {
    const at = Date.UTC(2026, 10, 27, 10, 15);
    const same = Array.from({ length: 50 }, (_, i) => ({ organizationId: 'o', websiteId: 'w', receivedAtMs: at + i, inventory: entries({ en: 'page_view', 'ep.page_type': 'home' }) }));
    const row = aggregateInventory(same).find((r) => r.name === 'page_type')!;
    expect(row).toMatchObject({ hits: 50, examples: ['home'] });
    // Eight distinct values that all mask to one example, then a ninth that would add one: past the bound it is not masked.
    const masked = Array.from({ length: 9 }, (_, i) => ({ organizationId: 'o', websiteId: 'w', receivedAtMs: at + i, inventory: entries({ en: 'page_view', 'ep.ref': i < 8 ? `order 06123456${i}0` : 'plain' }) }));
    expect(aggregateInventory(masked).find((r) => r.name === 'ref')!.examples).toEqual(['order ##########']);
  });

  it('masks personal data in examples', () => {
    expect(maskExample('note', 'mail jane@shop.example now')).toBe('mail …@shop.example now');
    expect(maskExample('ref', 'order 0612345678')).toBe('order ##########');
    expect(maskExample('phone_number', '123')).toBe('[masked]');
  });
});
