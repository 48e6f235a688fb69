import { afterEach, describe, expect, it, vi } from 'vitest';
import { InventoryAccumulator, type InventoryAccumulatorOptions } from '../../../../src/server/collector/inventory-accumulator';
import type { InventoryRow } from '../../../../src/server/collector/inventory';
import { decodeRequest, inventoryEntriesOf } from '../../../../src/shared/ga4';
import { gtag } from '../../ga4/helpers';
import { silentLog } from './helpers';

const AT = Date.UTC(2026, 10, 27, 10, 15);

function hit(overrides: Record<string, string | null>, receivedAtMs = AT, websiteId = 'w') {
  const d = decodeRequest(gtag(overrides));
  if (!d.ok) throw new Error(d.error.message);
  return { organizationId: 'o', websiteId, receivedAtMs, inventory: inventoryEntriesOf(d.request) };
}

/** An accumulator whose writes are recorded (the writer is a plain function: Postgres's is pgInventoryWrite). */
function recorded(options: Partial<InventoryAccumulatorOptions> = {}, fail?: { error: unknown; times: number; retryable: boolean }) {
  const writes: InventoryRow[][] = [];
  let failures = fail?.times ?? 0;
  const acc = new InventoryAccumulator(
    async (rows) => {
      if (failures > 0) {
        failures -= 1;
        throw fail!.error;
      }
      writes.push(rows.map((r) => ({ ...r, types: [...r.types], examples: [...r.examples] })));
    },
    () => fail?.retryable ?? false,
    silentLog,
    { flushIntervalMs: 5_000, maxRows: 1_000, ...options },
  );
  return { acc, writes };
}

const counter = (rows: InventoryRow[], scope: string, name: string) => rows.find((r) => r.scope === scope && r.name === name);

afterEach(() => {
  vi.useRealTimers();
});

describe('the inventory accumulator', () => {
  it('merges the counters of several committed batches into one write per (website, hour, event, scope, name)', async () => {
    const { acc, writes } = recorded();
    await acc.committed([hit({ en: 'sign_up', 'epn.n': '1' }), hit({ en: 'sign_up', 'epn.n': '2' }, AT + 1_000)]);
    await acc.committed([hit({ en: 'sign_up', 'epn.n': '1.5' }, AT + 2_000), hit({ en: 'sign_up' }, AT + 3_600_000)]);
    await acc.committed([hit({ en: 'sign_up' }, AT, 'other')]);
    expect(writes).toHaveLength(0);
    await acc.flush();
    expect(writes).toHaveLength(1);
    const rows = writes[0]!;
    expect(counter(rows, 'param', 'n')).toMatchObject({ websiteId: 'w', hour: '2026-11-27T10:00:00.000Z', hits: 3, types: ['integer', 'number'], examples: ['1', '2', '1.5'], firstSeenMs: AT, lastSeenMs: AT + 2_000 });
    expect(rows.filter((r) => r.scope === 'event').map((r) => [r.websiteId, r.hour, r.hits])).toEqual([
      ['other', '2026-11-27T10:00:00.000Z', 1],
      ['w', '2026-11-27T10:00:00.000Z', 3],
      ['w', '2026-11-27T11:00:00.000Z', 1],
    ]);
    // Written: nothing is left to write again.
    await acc.flush();
    expect(writes).toHaveLength(1);
    expect(acc.pending).toBe(0);
  });

  it('writes as soon as the waiting counters reach the bound, without waiting for the interval', async () => {
    const { acc, writes } = recorded({ maxRows: 3 });
    await acc.committed([hit({ en: 'a' })]);
    expect(writes).toHaveLength(0);
    expect(acc.pending).toBeGreaterThan(0);
    // Past the bound the counters are taken at once, and written beside the batches.
    await acc.committed([hit({ en: 'b' }), hit({ en: 'c' }), hit({ en: 'd' })]);
    expect(acc.pending).toBe(0);
    await acc.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.filter((r) => r.scope === 'event').map((r) => r.eventName)).toEqual(['a', 'b', 'c', 'd']);
    expect(acc.pending).toBe(0);
  });

  it('writes every interval, and with an interval of 0 before the committed batch is answered', async () => {
    vi.useFakeTimers();
    const { acc, writes } = recorded({ flushIntervalMs: 5_000 });
    acc.start();
    await acc.committed([hit({ en: 'a' })]);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveLength(1);
    await acc.stop();

    const immediate = recorded({ flushIntervalMs: 0 });
    immediate.acc.start();
    await immediate.acc.committed([hit({ en: 'b' })]);
    expect(immediate.writes).toHaveLength(1);
    await immediate.acc.committed([hit({ en: 'b' })]);
    expect(immediate.writes.map((w) => w.find((r) => r.scope === 'event')!.hits)).toEqual([1, 1]);
  });

  it('stop writes what is waiting and ends the periodic flush', async () => {
    vi.useFakeTimers();
    const { acc, writes } = recorded();
    acc.start();
    await acc.committed([hit({ en: 'purchase', 'epn.value': '10' })]);
    await acc.stop();
    expect(writes).toHaveLength(1);
    expect(counter(writes[0]!, 'param', 'value')).toMatchObject({ hits: 1 });
    await acc.committed([hit({ en: 'late' })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(writes).toHaveLength(1);
  });

  it('keeps the counters of a write the database did not take (transient) and adds them to the next one', async () => {
    const { acc, writes } = recorded({}, { error: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), times: 1, retryable: true });
    await acc.committed([hit({ en: 'a', 'ep.k': 'x' })]);
    await acc.flush(); // fails: kept
    expect(writes).toHaveLength(0);
    await acc.committed([hit({ en: 'a', 'ep.k': 'y' }, AT + 5)]);
    await acc.flush();
    expect(writes).toHaveLength(1);
    expect(counter(writes[0]!, 'param', 'k')).toMatchObject({ hits: 2, examples: ['x', 'y'], firstSeenMs: AT, lastSeenMs: AT + 5 });
  });

  it('drops the counters of a write that failed for good (logged), and flush never rejects', async () => {
    const { acc, writes } = recorded({}, { error: new Error('syntax error'), times: 1, retryable: false });
    await acc.committed([hit({ en: 'a' })]);
    await expect(acc.flush()).resolves.toBeUndefined();
    expect(acc.pending).toBe(0);
    await acc.committed([hit({ en: 'b' })]);
    await acc.flush();
    expect(writes[0]!.filter((r) => r.scope === 'event').map((r) => r.eventName)).toEqual(['b']);
  });
});
