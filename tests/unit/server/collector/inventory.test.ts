import { describe, expect, it } from 'vitest';
import { aggregateInventory, emptyInventoryCounters, countInventory, inventoryRowsOf, mergeInventoryCounters, valueSetJson, VALUE_SET_MAX } from '../../../../src/server/collector/inventory';
import { decodeRequest, inventoryEntriesOf, INVENTORY_STRIDE, maskExample } from '../../../../src/shared/ga4';
import { gtag, PURCHASE } from '../../ga4/helpers';

function entries(overrides: Record<string, string | null>): string[] {
  const d = decodeRequest(gtag(overrides));
  if (!d.ok) throw new Error(d.error.message);
  return inventoryEntriesOf(d.request);
}

describe('the traffic inventory', () => {
  it('one entry per event, parameter, item parameter and user property, with the type seen', () => {
    const flat = entries({ ...PURCHASE, 'up.tier': 'gold' });
    const e: string[] = [];
    for (let i = 0; i < flat.length; i += INVENTORY_STRIDE) e.push(flat.slice(i, i + 4).join(' '));
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

  it('rows come out sorted by website, hour, event, scope and name (writers lock them in that order)', () => {
    const at = Date.UTC(2026, 10, 27, 10, 15);
    const hits = [
      { organizationId: 'o', websiteId: 'w2', receivedAtMs: at, inventory: entries({ en: 'b_event', 'ep.z': '1', 'up.tier': 'gold' }) },
      { organizationId: 'o', websiteId: 'w1', receivedAtMs: at + 3_600_000, inventory: entries({ en: 'a_event', 'ep.y': '1' }) },
      { organizationId: 'o', websiteId: 'w1', receivedAtMs: at, inventory: entries({ en: 'b_event', 'ep.x': '1' }) },
    ];
    const keys = aggregateInventory(hits).map((r) => [r.websiteId, r.hour.slice(11, 13), r.eventName, r.scope, r.name].join(' '));
    const relevant = keys.filter((k) => / (x|y|z|tier|)$/.test(k));
    expect(relevant).toEqual([...relevant].sort());
    expect(relevant[0]).toBe('w1 10 b_event event ');
  });

  it('keeps each short string parameter\'s value set with a count per value, masked when written', () => {
    const at = Date.UTC(2026, 10, 27, 10, 15);
    const hits = ['EUR', 'EUR', 'eur', 'EUR'].map((cu, i) => ({ organizationId: 'o', websiteId: 'w', receivedAtMs: at + i, inventory: entries({ en: 'purchase', cu, 'ep.payment_type': i < 3 ? 'card' : 'paypal', 'ep.note': 'call 0612345678', 'ep.user_email': 'a@b.co', 'epn.value': String(10 + i), 'ep.title': 'x'.repeat(41) }) }));
    const rows = aggregateInventory(hits);
    const set = (name: string) => Object.fromEntries(rows.find((r) => r.name === name)!.valueCounts);
    expect(set('currency')).toEqual({ EUR: 3, eur: 1 });
    expect(set('payment_type')).toEqual({ card: 3, paypal: 1 });
    // Numbers (a price) and strings over 40 characters (a title) have no value set.
    expect(set('value')).toEqual({});
    expect(set('title')).toEqual({});
    expect(rows.find((r) => r.scope === 'event')!.valueCounts.size).toBe(0);
    // Written masked as the examples are: raw values that mask alike add up.
    expect(JSON.parse(valueSetJson(rows.find((r) => r.name === 'note')!)!)).toEqual({ 'call ##########': 4 });
    expect(JSON.parse(valueSetJson(rows.find((r) => r.name === 'user_email')!)!)).toEqual({ '[masked]': 4 });
    expect(valueSetJson(rows.find((r) => r.name === 'value')!)).toBeNull();
  });

  it('marks a parameter high-cardinality past the bound and stops keeping its values, also when counters merge', () => {
    const at = Date.UTC(2026, 10, 27, 10, 15);
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ organizationId: 'o', websiteId: 'w', receivedAtMs: at + i, inventory: entries({ en: 'purchase', 'ep.transaction_id': `T-${from + i}` }) }));
    const within = aggregateInventory(ids(0, VALUE_SET_MAX)).find((r) => r.name === 'transaction_id')!;
    expect(within).toMatchObject({ highCardinality: false });
    expect(within.valueCounts.size).toBe(VALUE_SET_MAX);
    const past = aggregateInventory(ids(0, VALUE_SET_MAX + 1)).find((r) => r.name === 'transaction_id')!;
    expect(past.highCardinality).toBe(true);
    expect(past.valueCounts.size).toBe(0);
    expect(past.hits).toBe(VALUE_SET_MAX + 1);
    expect(valueSetJson(past)).toBe('{}');
    // Two halves, each within the bound, merged (a failed flush put back): past it together.
    const a = emptyInventoryCounters();
    countInventory(a, ids(0, 15));
    const b = emptyInventoryCounters();
    countInventory(b, ids(100, 15));
    mergeInventoryCounters(a, b);
    expect(a.size).toBe(2);
    expect(inventoryRowsOf(a).find((r) => r.name === 'transaction_id')).toMatchObject({ hits: 30, highCardinality: true });
  });

  it('masks personal data in examples', () => {
    expect(maskExample('note', 'mail jane@shop.example now')).toBe('mail …@shop.example now');
    expect(maskExample('ref', 'order 0612345678')).toBe('order ##########');
    expect(maskExample('phone_number', '123')).toBe('[masked]');
  });
});

describe('a value set cut off as high-cardinality', () => {
  it('stays empty when the merge of two processes\' counters passes the bound part-way through', () => {
    const at = Date.UTC(2026, 10, 27, 10, 15);
    const hits = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ organizationId: 'o', websiteId: 'w', receivedAtMs: at, inventory: entries({ en: 'sign_up', 'ep.plan': `${prefix}${i}` }) }));
    const into = emptyInventoryCounters();
    countInventory(into, hits('a', 5));
    const other = emptyInventoryCounters();
    countInventory(other, hits('b', VALUE_SET_MAX));
    // 5 + 20 distinct values: the bound is passed at the other set's 16th value, 4 come after it.
    mergeInventoryCounters(into, other);
    const plan = inventoryRowsOf(into).find((r) => r.name === 'plan')!;
    expect(plan.highCardinality).toBe(true);
    expect(plan.valueCounts.size).toBe(0);
  });
});
