import { describe, expect, it } from 'vitest';
import { createEngineAdapter } from '../../../../src/server/collector/engine-adapter';
import { HistoryCache } from '../../../../src/server/collector/history-cache';
import { createMemorySink } from '../../../../src/server/collector/sink';
import type { HitEnvelope } from '../../../../src/server/collector/stored-hit';
import { HitValidation, type ValidationInput, type ValidationOutcome } from '../../../../src/server/collector/validation';
import { eventLoopTurns, silentLog, testWebsite, until } from './helpers';

const shop = testWebsite({ verified: true });

const purchase = (seq: number, tid = 'G-SHOP1234'): ValidationInput => {
  const envelope: HitEnvelope = {
    receivedAtMs: Date.now(),
    organizationId: shop.organizationId,
    websiteId: shop.id,
    idempotencyKey: null,
    source: 'tracker',
    originHost: 'shop.example.com',
    url: `https://www.google-analytics.com/g/collect?v=2&tid=${tid}&cid=${seq}.2&sid=1700000000&sct=1&en=purchase&cu=EUR&ep.transaction_id=T-9&epn.value=10&pr1=idSKU1~nmShirt~pr10~qt1`,
    body: null,
    userAgent: null,
  };
  return { seq, website: shop, method: 'POST', envelope };
};

/** A history table whose reads answer only when the test says so, in any order. */
function slowSink() {
  const sink = createMemorySink();
  const pending: Array<() => void> = [];
  const load = sink.loadHistory.bind(sink);
  sink.loadHistory = async (websiteId, keys) => {
    const answer = await load(websiteId, keys);
    await new Promise<void>((r) => pending.push(r));
    return answer;
  };
  return { sink, pending };
}

/** Two groups, each with the same purchase, both waiting for their history read (neither validated yet). */
async function twoGroupsWaitingForHistory() {
  const { sink, pending } = slowSink();
  const validation = new HitValidation(createEngineAdapter(), new HistoryCache(sink), silentLog);
  const first = validation.validate([purchase(1)]);
  await until(() => pending.length === 1);
  const second = validation.validate([purchase(2)]);
  await until(() => pending.length === 2);
  expect(pending).toHaveLength(2);
  return { pending, first, second };
}

const ruleIds = (o: ValidationOutcome | undefined) => (o?.refusal === undefined ? o?.stored.issueRuleIds : undefined);

describe('HitValidation', () => {
  it('validates groups in the order given even when a later group\'s history arrives first, and a late read does not undo an earlier group\'s write', async () => {
    const { pending, first, second } = await twoGroupsWaitingForHistory();
    // The second group's read answers first; its rules still wait for the first group's.
    pending[1]!();
    await eventLoopTurns();
    pending[0]!();
    const [a, b] = await Promise.all([first, second]);
    expect(ruleIds(a[0])).not.toContain('ecom.duplicate_transaction');
    expect(ruleIds(b[0])).toContain('ecom.duplicate_transaction');
  });

  it('the table answering after an earlier group wrote the record keeps the record', async () => {
    const { pending, first, second } = await twoGroupsWaitingForHistory();
    pending[0]!();
    await first;
    // The first purchase is in the cache now; the second group's read (from before it) answers "absent".
    pending[1]!();
    const [b] = await second;
    expect(ruleIds(b)).toContain('ecom.duplicate_transaction');
  });

  it('a group whose history cannot be read does not let the next group\'s rules overtake the previous group\'s', async () => {
    const sink = createMemorySink();
    const load = sink.loadHistory.bind(sink);
    let calls = 0;
    sink.loadHistory = async (websiteId, keys) => {
      calls += 1;
      if (calls === 2) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return load(websiteId, keys);
    };
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(sink), silentLog);
    // Enough page views that the first group's rules yield to the event loop before its purchase.
    const pageViews = Array.from({ length: 1500 }, (_, i) => ({ ...purchase(1000 + i), envelope: { ...purchase(1000 + i).envelope, url: `https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=${i}.9&sid=1700000001&sct=1&en=page_view&dl=https%3A%2F%2Fshop.example.com%2Fp${i}` } }));
    const first = validation.validate([...pageViews, purchase(1)]);
    const failing = validation.validate([purchase(2)]);
    const third = validation.validate([purchase(3)]);
    await expect(failing).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const [a, c] = await Promise.all([first, third]);
    expect(ruleIds(a.at(-1))).not.toContain('ecom.duplicate_transaction');
    expect(ruleIds(c[0])).toContain('ecom.duplicate_transaction');
  });

  it('an engine failure on one hit refuses that hit only, and leaves no history behind', async () => {
    const real = createEngineAdapter();
    const engine = {
      ...real,
      validatorFor: (site: Parameters<typeof real.validatorFor>[0]) => {
        const validate = real.validatorFor(site);
        return (...args: Parameters<typeof validate>) => {
          const result = validate(...args);
          if (args[0].clientId === '2.2') throw new Error('engine bug');
          return result;
        };
      },
    };
    const validation = new HitValidation(engine, new HistoryCache(createMemorySink()), silentLog);
    const out = await validation.validate([purchase(2), purchase(1)]);
    expect(out.map((o) => o.refusal?.reason)).toEqual(['store_failed', undefined]);
    // The failed hit's purchase was taken back out of the history: the next one is not its duplicate.
    expect(ruleIds(out[1])).not.toContain('ecom.duplicate_transaction');
  });

  it('refuses undecodable hits and other measurement ids, validates the rest, and takes back a refused hit\'s history', async () => {
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(createMemorySink()), silentLog);
    const junk: ValidationInput = { ...purchase(3), envelope: { ...purchase(3).envelope, url: 'https://example.com/not-ga4' } };
    const out = await validation.validate([purchase(1), junk, purchase(4, 'G-OTHER999')]);
    expect(out.map((o) => o.refusal?.reason)).toEqual([undefined, 'not_ga4', 'measurement_id_mismatch']);
    const stored = out[0]!;
    if (stored.refusal !== undefined) throw new Error('expected a stored hit');
    expect(stored.undoable).toBe(true);
    expect(validation.unsettled).toBe(1);
    // The purchase was not stored after all: a re-sent copy is not a duplicate of it.
    validation.settle(1, false);
    expect(validation.unsettled).toBe(0);
    const again = await validation.validate([purchase(5)]);
    expect(ruleIds(again[0])).not.toContain('ecom.duplicate_transaction');
  });
});
