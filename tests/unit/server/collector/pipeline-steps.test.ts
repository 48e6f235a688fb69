/**
 * The ingestion pipeline's steps in order, each able to stop the request: every step is a fake that
 * records its call, so a drop that a later step still saw (a drop ignored) fails here.
 */
import { describe, expect, it } from 'vitest';
import type { DebugResponse } from '../../../../src/server/collector/engine-adapter';
import { countingObserver } from '../../../../src/server/collector/ingest-observer';
import { IngestPipeline, type AdmissionQueue, type IngestContext } from '../../../../src/server/collector/pipeline';
import { createQuotaLedger, utcMonth, type QuotaLedger } from '../../../../src/server/collector/quota';
import type { WebsiteRateLimiter } from '../../../../src/server/collector/rate-limit';
import { createMemorySink } from '../../../../src/server/collector/sink';
import { validateQueued, type AdmittedHit, type HitValidator, type ValidationOutcome } from '../../../../src/server/collector/validation';
import type { WebsiteDirectory } from '../../../../src/server/collector/websites';
import { BatchWriter, DEFAULT_WRITER_OPTIONS } from '../../../../src/server/collector/writer';
import { createMetrics, silentLog, storedHit, testWebsite } from './helpers';

const SITE_KEY = 'a'.repeat(32);
const NOW = Date.UTC(2026, 10, 22, 10, 30);
const website = testWebsite({ hitsPerMinute: 100 });

interface Knobs {
  /** Hits the website's minute still allows. */
  rateAllows?: number;
  /** Monthly quota left. */
  quotaLeft?: number;
  /** The validator refuses every hit. */
  validationRefuses?: boolean;
}

/** A pipeline whose every step is recorded in `calls`; the writer is real, over an in-memory sink. */
function setup(knobs: Knobs = {}) {
  const calls: string[] = [];
  const directory: WebsiteDirectory = {
    lookup: async (key) => (calls.push('resolveWebsite'), key === SITE_KEY ? website : null),
    resolveApiKey: async () => (calls.push('resolveApiKey'), { ok: false, problem: 'invalid_api_key' }),
    markVerified: () => {},
    clear: () => {},
  };
  const rateLimiter: WebsiteRateLimiter = {
    take: async (_id, _perMinute, n) => (calls.push('checkRate'), Math.min(n, knobs.rateAllows ?? n)),
  };
  const ledger = createQuotaLedger();
  ledger.observe({ organizationId: website.organizationId, limit: knobs.quotaLeft ?? -1, used: 0, month: utcMonth(NOW) });
  const quota: QuotaLedger = { ...ledger, reserve: (...args) => (calls.push('checkQuota'), ledger.reserve(...args)) };
  const validator: HitValidator = {
    validate: async (hits) => {
      calls.push('validate');
      return hits.map(
        (h): ValidationOutcome =>
          knobs.validationRefuses ? { seq: h.seq, refusal: { reason: 'not_ga4', message: 'Not a GA4 hit.' } } : { seq: h.seq, stored: storedHit({ id: `hit-${h.seq}` }), historyWrites: [], undoable: false },
      );
    },
    settle: () => {},
    debug: async (): Promise<DebugResponse> => (calls.push('debug'), { validationMessages: [] }),
    stop: async () => {},
  };
  const sink = createMemorySink();
  const metrics = createMetrics();
  const writer = new BatchWriter<AdmittedHit>(sink, quota, { prepare: validateQueued(validator), onVerified: () => {} }, metrics, silentLog, DEFAULT_WRITER_OPTIONS);
  const queue: AdmissionQueue = {
    tryEnqueue: (hits) => (calls.push('enqueue'), writer.tryEnqueue(hits)),
    flushSoon: () => writer.flushSoon(),
  };
  const pipeline = new IngestPipeline({ directory, quota, validator, queue, observer: countingObserver(metrics, undefined, () => {}), log: silentLog, rateLimiter });
  return { pipeline, calls, sink, metrics, writer, ledger };
}

const ctx = (over: Partial<IngestContext> = {}): IngestContext => ({ siteKey: SITE_KEY, source: 'tracker', origin: 'https://shop.example.com', receivedAtMs: NOW, ...over });
const hit = () => ({ method: 'POST', url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=1.2&en=page_view', body: null, idempotencyKey: null });

describe('ingest pipeline steps', () => {
  it('runs every step once, in order, for a hit none of them drops', async () => {
    const { pipeline, calls, sink, writer } = setup();
    const r = await pipeline.ingest(ctx(), [hit()]);
    expect(!r.refused && r.results.map((x) => x.status)).toEqual(['stored']);
    expect(calls).toEqual(['resolveWebsite', 'checkRate', 'checkQuota', 'enqueue', 'validate']);
    expect(sink.hits).toHaveLength(1);
    await writer.drain();
  });

  it('a site key no website has stops the request before the origin, rate and quota steps', async () => {
    const { pipeline, calls, metrics } = setup();
    const r = await pipeline.ingest(ctx({ siteKey: 'c'.repeat(32) }), [hit(), hit()]);
    expect(r.refused?.reason).toBe('unknown_site_key');
    expect(calls).toEqual(['resolveWebsite']);
    expect(metrics.snapshot().dropped.unknown_site_key).toBe(2);
  });

  it('an origin drop stops the request before the rate step', async () => {
    const { pipeline, calls, metrics } = setup();
    const r = await pipeline.ingest(ctx({ origin: 'https://evil.test' }), [hit(), hit()]);
    expect(r.refused?.reason).toBe('origin_not_allowed');
    expect(calls).toEqual(['resolveWebsite']);
    expect(metrics.snapshot().dropped.origin_not_allowed).toBe(2);
  });

  it('a rate drop stops the request before the quota step (hits over the minute do not use up the month)', async () => {
    const { pipeline, calls, metrics } = setup({ rateAllows: 0 });
    const r = await pipeline.ingest(ctx(), [hit(), hit()]);
    expect(r.refused?.reason).toBe('rate_limited');
    expect(calls).toEqual(['resolveWebsite', 'checkRate']);
    expect(metrics.snapshot().dropped.rate_limited).toBe(2);
  });

  it('hits the rate step drops one by one do not reach the quota step', async () => {
    const { pipeline, calls, sink, writer, ledger } = setup({ rateAllows: 1, quotaLeft: 5 });
    const r = await pipeline.ingest(ctx(), [hit(), hit(), hit()]);
    expect(!r.refused && r.results.map((x) => (x.status === 'refused' ? x.reason : x.status))).toEqual(['stored', 'rate_limited', 'rate_limited']);
    expect(calls).toEqual(['resolveWebsite', 'checkRate', 'checkQuota', 'enqueue', 'validate']);
    expect(sink.hits).toHaveLength(1);
    await writer.drain();
    // Only the hit past the rate step took quota: four of five are left.
    expect(ledger.reserve(website.organizationId, 5, NOW)).toBe(4);
  });

  it('a quota drop stops the request before the queue', async () => {
    const { pipeline, calls, sink, metrics } = setup({ quotaLeft: 0 });
    const r = await pipeline.ingest(ctx(), [hit(), hit()]);
    expect(r.refused?.reason).toBe('quota_exceeded');
    expect(calls).toEqual(['resolveWebsite', 'checkRate', 'checkQuota']);
    expect(sink.hits).toHaveLength(0);
    expect(metrics.snapshot().dropped.quota_exceeded).toBe(2);
  });

  it('a validation drop stops the hit before storage', async () => {
    const { pipeline, calls, sink, metrics, writer } = setup({ validationRefuses: true });
    const r = await pipeline.ingest(ctx(), [hit()]);
    expect(!r.refused && r.results.map((x) => (x.status === 'refused' ? x.reason : x.status))).toEqual(['not_ga4']);
    expect(calls).toEqual(['resolveWebsite', 'checkRate', 'checkQuota', 'enqueue', 'validate']);
    expect(sink.hits).toHaveLength(0);
    expect(metrics.snapshot()).toMatchObject({ hitsStored: 0, dropped: { not_ga4: 1 } });
    await writer.drain();
  });

  it('the debug endpoint identifies with the same steps and does not reach its validator when they drop', async () => {
    const { pipeline, calls, metrics } = setup();
    const refusedKey = await pipeline.inspect(ctx({ siteKey: undefined, apiKey: 'tlk_' + 'x'.repeat(40), measurementId: 'G-SHOP1234' }), hit());
    expect(refusedKey.ok || refusedKey.drop.reason).toBe('invalid_api_key');
    expect(calls).toEqual(['resolveApiKey']);
    // Without a secret: the default settings, through the validator; nothing counted either way.
    const answered = await pipeline.inspect(ctx({ siteKey: undefined }), hit());
    expect(answered).toEqual({ ok: true, value: { validationMessages: [] } });
    expect(calls).toEqual(['resolveApiKey', 'debug']);
    expect(metrics.snapshot().hitsReceived).toBe(0);
  });
});
