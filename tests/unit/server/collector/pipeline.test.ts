import { describe, expect, it } from 'vitest';
import { runSteps } from '../../../../src/shared/ga4';
import { createEngineAdapter } from '../../../../src/server/collector/engine-adapter';
import { HistoryCache } from '../../../../src/server/collector/history-cache';
import { IngestPipeline, type AdmittedHit, type IngestContext } from '../../../../src/server/collector/pipeline';
import { createQuotaLedger, utcMonth } from '../../../../src/server/collector/quota';
import { createMemorySink } from '../../../../src/server/collector/sink';
import type { CollectorWebsite, WebsiteDirectory } from '../../../../src/server/collector/websites';
import { HitValidation, validateQueued } from '../../../../src/server/collector/validation';
import { countingObserver } from '../../../../src/server/collector/ingest-observer';
import { BatchWriter, DEFAULT_WRITER_OPTIONS } from '../../../../src/server/collector/writer';
import { createMetrics, silentLog, testWebsite } from './helpers';

const shop: CollectorWebsite = testWebsite();
const SITE_KEY = 'a'.repeat(32);
const INACTIVE_KEY = 'b'.repeat(32);

function setup(limit = -1, sink = createMemorySink()) {
  const quota = createQuotaLedger();
  quota.observe({ organizationId: 'org-1', limit, used: 0, month: utcMonth(Date.now()) });
  const directory: WebsiteDirectory = {
    lookup: async (key) => (key === SITE_KEY ? shop : key === INACTIVE_KEY ? { ...shop, id: 'site-2', isActive: false } : null),
    resolveApiKey: async () => ({ ok: false, problem: 'invalid_api_key' }),
    markVerified: () => {},
    clear: () => {},
  };
  const metrics = createMetrics();
  const engine = createEngineAdapter();
  const validator = new HitValidation(engine, new HistoryCache(sink), silentLog);
  const writer = new BatchWriter<AdmittedHit>(sink, quota, { prepare: validateQueued(validator), onVerified: () => {}, onSettled: (h, kept) => validator.settle(h.seq, kept) }, metrics, silentLog, { ...DEFAULT_WRITER_OPTIONS, storageTimeoutMs: 20, retryDelayMs: 5 });
  const pipeline = new IngestPipeline({ directory, quota, validator, queue: writer, observer: countingObserver(metrics, undefined, () => writer.flushSoon()), log: silentLog });
  return { sink, pipeline, writer, metrics, validator };
}

const ctx = (over: Partial<IngestContext> = {}): IngestContext => ({ siteKey: SITE_KEY, source: 'tracker', origin: 'https://shop.example.com', receivedAtMs: Date.now(), ...over });
const hit = (query: string, key: string | null = null) => ({ method: 'POST', url: `https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=1.2&${query}`, body: null, idempotencyKey: key });

describe('ingest pipeline (in-memory sink)', () => {
  it('decodes, validates and stores an accepted hit with the engine\'s findings; a valid hit from the domain verifies', async () => {
    const { pipeline, sink, metrics } = setup();
    const url =
      'https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&gtm=45je5580&_p=1700000000123&cid=111.1700000000&ul=en-us&sr=1920x1080' +
      '&sid=1700000000&sct=1&seg=1&_s=1&dl=https%3A%2F%2Fshop.example.com%2F&dt=Home&en=page_view&_et=10&gcs=G111&gcd=13r3r3r2r5l1';
    const r = await pipeline.ingest(ctx({ userAgent: 'Mozilla/5.0 Chrome/140' }), [{ method: 'POST', url, body: null, idempotencyKey: null }]);
    expect(r.refused).toBeUndefined();
    expect(sink.hits).toHaveLength(1);
    const stored = sink.hits[0]!;
    expect(stored.eventNames).toEqual(['page_view']);
    const engine = createEngineAdapter();
    const decoded = engine.decode({ method: 'POST', url, headers: { 'user-agent': 'Mozilla/5.0 Chrome/140' } });
    if (!decoded.ok) throw new Error('corpus hit must decode');
    const expected = runSteps(engine.validatorFor(shop)(decoded.request, undefined, stored.receivedAtMs));
    expect(stored.issueRuleIds).toEqual(expected.issues.map((i) => i.ruleId));
    expect(stored.status).not.toBe('fail');
    expect(sink.verified.has('site-1')).toBe(true);
    expect(metrics.snapshot()).toMatchObject({ hitsReceived: 1, hitsStored: 1 });
  });

  it('a failing hit does not verify the website', async () => {
    const { pipeline, sink } = setup();
    await pipeline.ingest(ctx(), [{ method: 'POST', url: 'https://www.google-analytics.com/g/collect?v=1&tid=G-SHOP1234&t=pageview', body: null, idempotencyKey: null }]);
    expect(sink.hits[0]!.status).toBe('fail');
    expect(sink.verified.size).toBe(0);
  });

  it.each([
    ['missing_site_key', ctx({ siteKey: undefined })],
    ['unknown_site_key', ctx({ siteKey: 'c'.repeat(32) })],
    ['unknown_site_key', ctx({ siteKey: 'bad key' })],
    ['website_inactive', ctx({ siteKey: INACTIVE_KEY })],
    ['origin_not_allowed', ctx({ origin: 'https://evil.test' })],
  ] as const)('drops the whole request for %s and counts it', async (reason, c) => {
    const { pipeline, sink, metrics } = setup();
    const r = await pipeline.ingest(c, [hit('en=a'), hit('en=b')]);
    expect(r.refused?.reason).toBe(reason);
    expect(sink.hits).toHaveLength(0);
    expect(metrics.snapshot().dropped[reason]).toBe(2);
  });

  it('drops single hits for decode failures and measurement id mismatches, storing the rest', async () => {
    const { pipeline, sink, metrics } = setup();
    const r = await pipeline.ingest(ctx(), [hit('en=ok'), { method: 'GET', url: 'https://example.com/pixel', body: null, idempotencyKey: null }, { ...hit('en=x'), url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-OTHER999&en=x' }]);
    expect(r.refused).toBeUndefined();
    expect(!r.refused && r.results.map((x) => (x.status === 'refused' ? x.reason : x.status))).toEqual(['stored', 'not_ga4', 'measurement_id_mismatch']);
    expect(sink.hits).toHaveLength(1);
    expect(metrics.snapshot().dropped).toMatchObject({ not_ga4: 1, measurement_id_mismatch: 1 });
  });

  it('stores up to the monthly limit and refuses the rest with quota_exceeded, recording the refusal', async () => {
    const { pipeline, writer, sink } = setup(2);
    const r = await pipeline.ingest(ctx(), [hit('en=a'), hit('en=b'), hit('en=c')]);
    expect(!r.refused && r.results.map((x) => (x.status === 'refused' ? x.reason : x.status))).toEqual(['stored', 'stored', 'quota_exceeded']);
    const again = await pipeline.ingest(ctx(), [hit('en=d')]);
    expect(again.refused?.reason).toBe('quota_exceeded');
    expect(again.refused?.message).toBe('Monthly request limit reached for your plan (2 requests). Upgrade your plan to collect more.');
    expect(sink.hits).toHaveLength(2);
    await writer.drain();
    expect(sink.refusals.reduce((n, x) => n + x.refused, 0)).toBe(2);
  });

  it('answers a retried hit as a duplicate without storing it again', async () => {
    const { pipeline, sink } = setup();
    await pipeline.ingest(ctx(), [hit('en=a', 'retry-key-001')]);
    const r = await pipeline.ingest(ctx(), [hit('en=a', 'retry-key-001')]);
    expect(!r.refused && r.results[0]!.status).toBe('duplicate');
    expect(sink.hits).toHaveLength(1);
  });
});

describe('history of hits that were not stored', () => {
  const purchase = (key: string) => ({
    method: 'POST',
    url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=1.2&sid=1700000000&sct=1&en=purchase&cu=EUR&ep.transaction_id=T-1001&epn.value=10&pr1=idSKU1~nmShirt~pr10~qt1',
    body: null,
    idempotencyKey: key,
  });

  it('a purchase refused for storage is not remembered, so its re-sent copy is not a duplicate transaction', async () => {
    const { pipeline, sink } = setup();
    sink.failNext(1000, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const first = await pipeline.ingest(ctx(), [purchase('purchase-key-1')]);
    expect(!first.refused && first.results[0]).toMatchObject({ status: 'refused', reason: 'storage_unavailable' });
    sink.failNext(0, new Error('unused'));
    const again = await pipeline.ingest(ctx(), [purchase('purchase-key-1')]);
    expect(!again.refused && again.results[0]!.status).toBe('stored');
    expect(sink.hits[0]!.issueRuleIds).not.toContain('ecom.duplicate_transaction');
    // A second, different purchase with the same transaction id is still caught.
    await pipeline.ingest(ctx(), [purchase('purchase-key-2')]);
    expect(sink.hits[1]!.issueRuleIds).toContain('ecom.duplicate_transaction');
  });
});

describe('history survives the in-memory cache', () => {
  it('a new process (empty cache) still finds a transaction stored earlier, through the history table', async () => {
    const shared = createMemorySink();
    const purchase = (key: string) => ({
      method: 'POST',
      url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=1.2&sid=1700000000&sct=1&en=purchase&cu=EUR&ep.transaction_id=T-2002&epn.value=10&pr1=idSKU1~nmShirt~pr10~qt1',
      body: null,
      idempotencyKey: key,
    });
    const before = setup(-1, shared);
    await before.pipeline.ingest(ctx(), [purchase('restart-key-1')]);
    await before.writer.drain();
    expect([...shared.history.keys()].some((k) => k.includes('T-2002'))).toBe(true);

    const after = setup(-1, shared);
    await after.pipeline.ingest(ctx(), [purchase('restart-key-2')]);
    expect(shared.hits[1]!.issueRuleIds).toContain('ecom.duplicate_transaction');
  });
});
