import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngineAdapter } from '../../../../src/server/collector/engine-adapter';
import { HistoryCache } from '../../../../src/server/collector/history-cache';
import { createMemorySink } from '../../../../src/server/collector/sink';
import type { HitEnvelope } from '../../../../src/server/collector/stored-hit';
import { HitValidation, runInSlices, type ValidationInput, type ValidationOutcome } from '../../../../src/server/collector/validation';
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
    // The second group's read fails (found by its client id: groups decode in slices, so their
    // reads may start in any order; only their rules run in the order given).
    sink.loadHistory = async (websiteId, keys) => {
      if (keys.some((k) => k.includes('|2.2|'))) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
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

describe('HitValidation: one history read per website and group (issue 28)', () => {
  /** Hit `n` of one visitor's page load: each has its own hit counter, so its own duplicate-hit fingerprint. */
  const visitorHit = (seq: number, n: number): ValidationInput => ({
    ...purchase(seq),
    envelope: { ...purchase(seq).envelope, url: `https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=77.2&sid=1700000000&sct=1&_p=4242&_s=${n}&en=page_view&dl=https%3A%2F%2Fshop.example.com%2F` },
  });

  function countingSink() {
    const sink = createMemorySink();
    const reads: string[][] = [];
    const load = sink.loadHistory.bind(sink);
    sink.loadHistory = (websiteId, keys) => {
      reads.push([...keys]);
      return load(websiteId, keys);
    };
    return { sink, reads };
  }

  it("a visitor's hits in one group share one read, which names each key once and no key no process persists", async () => {
    const { sink, reads } = countingSink();
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(sink), silentLog);
    const out = await validation.validate(Array.from({ length: 10 }, (_, i) => visitorHit(i + 1, i + 1)));
    expect(out.every((o) => o.refusal === undefined)).toBe(true);
    expect(reads).toHaveLength(1);
    const keys = reads[0]!;
    expect(new Set(keys).size).toBe(keys.length);
    // The session, client, page-load and event-name records: five keys for ten hits.
    expect(keys.map((k) => k.split('|')[0]).sort()).toEqual(['client', 'client', 'names', 'page', 'sess']);
    // The duplicate-hit fingerprints (one per hit, kept a minute, never persisted) are not asked for.
    expect(keys.some((k) => k.startsWith('hit|'))).toBe(false);
  });

  it("the next group's hits of the same visitor wait for the read under way instead of asking for the same keys again", async () => {
    const { sink, pending } = slowSink();
    let reads = 0;
    const load = sink.loadHistory;
    sink.loadHistory = (websiteId, keys) => {
      reads += 1;
      return load(websiteId, keys);
    };
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(sink), silentLog);
    const first = validation.validate([visitorHit(1, 1)]);
    await until(() => pending.length === 1);
    const second = validation.validate([visitorHit(2, 2)]);
    await eventLoopTurns();
    expect(reads).toBe(1);
    pending[0]!();
    const [[a], [b]] = await Promise.all([first, second]);
    expect(reads).toBe(1);
    expect(a?.refusal).toBeUndefined();
    expect(b?.refusal).toBeUndefined();
  });

  it('when the read it waited for fails, the next group reads the keys itself', async () => {
    const { sink, pending } = slowSink();
    const asked: string[][] = [];
    const load = sink.loadHistory;
    sink.loadHistory = async (websiteId, keys) => {
      asked.push([...keys]);
      const answer = await load(websiteId, keys);
      if (asked.length === 1) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return answer;
    };
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(sink), silentLog);
    const first = validation.validate([visitorHit(1, 1)]);
    await until(() => pending.length === 1);
    const second = validation.validate([visitorHit(2, 2)]);
    await eventLoopTurns();
    pending[0]!();
    await expect(first).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await until(() => pending.length === 2);
    pending[1]!();
    const [b] = await second;
    expect(b?.refusal).toBeUndefined();
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);
  });

  it('the next group reads nothing the first one read or wrote, and a repeated hit is still caught from memory', async () => {
    const { sink, reads } = countingSink();
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(sink), silentLog);
    await validation.validate([visitorHit(1, 1), visitorHit(2, 2)]);
    const again = await validation.validate([visitorHit(3, 2), visitorHit(4, 3)]);
    expect(reads).toHaveLength(1);
    expect(ruleIds(again[0])).toContain('dq.duplicate_hit');
    expect(ruleIds(again[1])).not.toContain('dq.duplicate_hit');
  });
});

describe('HitValidation: the custom-rule cap per request (issue 26)', () => {
  // About 41,000 steps per hit on a 400-character value: under the per-hit budget (50,000), three
  // hits over the per-request cap (100,000). See tests/unit/ga4/custom-rule-budget.test.ts.
  const site = testWebsite({
    id: 'site-capped',
    customRules: [{ id: 'hashless', name: 'Blob has a hash', severity: 'warning', definition: { id: 'hashless', title: 'Blob has a hash', assert: { field: 'params.blob', op: 'matches', pattern: '.{0,20}#' } } }],
  });
  const blobHit = (seq: number, request: { id: number; hits: number }): ValidationInput => ({
    seq,
    website: site,
    method: 'POST',
    envelope: {
      receivedAtMs: Date.now(),
      organizationId: site.organizationId,
      websiteId: site.id,
      idempotencyKey: null,
      source: 'tracker',
      originHost: 'shop.example.com',
      url: `https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=${seq}.2&sid=1700000000&sct=1&en=page_view&ep.blob=${'a'.repeat(400)}`,
      body: null,
      userAgent: null,
      request,
    },
  });
  const capped = (o: ValidationOutcome | undefined) => {
    if (o === undefined || o.refusal !== undefined) throw new Error('hit not stored');
    const line = Buffer.from(o.stored.copyLine).toString('utf8');
    expect(o.stored.issueRuleIds).toContain('custom.hashless');
    return line.includes('the hits of this request together needed more than the 100,000 steps');
  };

  it('a batch whose hits are each under the per-hit budget is capped as a whole: the hits past the cap get the request-cap finding', async () => {
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(createMemorySink()), silentLog);
    const request = { id: 1, hits: 4 };
    const outcomes = await validation.validate([1, 2, 3, 4].map((seq) => blobHit(seq, request)));
    expect(outcomes.map(capped)).toEqual([false, false, true, true]);
  });

  it('the cap follows the request across validation groups, and other requests have their own', async () => {
    const validation = new HitValidation(createEngineAdapter(), new HistoryCache(createMemorySink()), silentLog);
    const one = { id: 1, hits: 3 };
    const first = await validation.validate([blobHit(1, one), blobHit(2, one)]);
    const other = await validation.validate([blobHit(3, { id: 2, hits: 1 })]);
    const last = await validation.validate([blobHit(4, one)]);
    expect([...first, ...other, ...last].map(capped)).toEqual([false, false, false, true]);
  });
});

describe('runInSlices', () => {
  afterEach(() => vi.restoreAllMocks());

  /** Steps that each take one millisecond of a fake clock, noting what had run before each of them. */
  function* steps(clock: { now: number }, seen: string[], log: { microtask: boolean; immediate: boolean }) {
    for (let i = 0; i < 12; i++) {
      seen.push(`${i}:${log.microtask ? 'm' : '-'}${log.immediate ? 'i' : '-'}`);
      clock.now += 1;
      yield;
    }
    return 'done';
  }

  it('runs steps back to back while the turn lasts, and gives the event loop a turn once 4 ms are spent', async () => {
    await eventLoopTurns(2); // no slice of an earlier test still open
    const clock = { now: 1000 };
    vi.spyOn(performance, 'now').mockImplementation(() => clock.now);
    const seen: string[] = [];
    const log = { microtask: false, immediate: false };
    queueMicrotask(() => (log.microtask = true));
    setImmediate(() => (log.immediate = true));
    expect(await runInSlices(steps(clock, seen, log))).toBe('done');
    // Steps 0-5 ran in the first slice without a microtask in between (an await after every step
    // let other promise callbacks run after step 0); step 6 comes after the turn was given.
    expect(seen.slice(0, 7)).toEqual(['0:--', '1:--', '2:--', '3:--', '4:--', '5:--', '6:mi']);
  });
});
