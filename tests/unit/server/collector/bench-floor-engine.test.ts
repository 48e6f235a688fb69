/**
 * The collector bench's floor (bench/floor-engine.ts, issue 28) must store what the real pipeline
 * stores, with the engine's work taken away: for visitors sending the corpus as the bench does, each
 * hit's log row is the one the real engine gives it (with history), and once two visitors started
 * with each request, later hits are neither decoded nor validated by the engine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFloorEngine, recordingHistory, type HistoryWriteOf } from '../../../../bench/floor-engine';
import { createEngineAdapter, type CollectorEngine } from '../../../../src/server/collector/engine-adapter';
import { toStoredRow, type HitEnvelope } from '../../../../src/server/collector/stored-hit';
import { createInMemoryHistory, parseCaptureFile, runSteps, type ValidationHistory } from '../../../../src/shared/ga4';

const HITS = path.resolve(__dirname, '../../../fixtures/ga4/shared-corpus/hits');
const corpus = readdirSync(HITS)
  .sort()
  .flatMap((f) => {
    const r = parseCaptureFile(readFileSync(path.join(HITS, f), 'utf8'), f);
    return r.ok ? r.captures.map((c) => c.request) : [];
  })
  .filter((r) => r.url.includes('/g/collect'));

const BATCH = 20;
const NOW = Date.UTC(2026, 10, 27, 12);

/** The bench's traffic: visitor v sends BATCH corpus hits round robin, all with its own client id. */
function visitorHits(visitors: number) {
  const out: Array<{ method: string; url: string; body: string | null }> = [];
  let i = 0;
  for (let v = 0; v < visitors; v++)
    for (let b = 0; b < BATCH; b++) {
      const r = corpus[i++ % corpus.length]!;
      out.push({ method: r.method, url: r.url.replace(/([?&]cid=)[^&]*/, `$1${v}.1700000000`), body: typeof r.body === 'string' ? r.body : null });
    }
  return out;
}

/** The history records a validator writes, in order, as the collector would store them. */
function recording(history: ValidationHistory) {
  const writes: HistoryWriteOf[] = [];
  return { store: recordingHistory(history, writes), writes };
}

/** The stored log row of each hit through `engine`, its history shared as one collector process shares it. */
function rows(engine: CollectorEngine, hits: ReturnType<typeof visitorHits>, history: ValidationHistory | undefined) {
  const validate = engine.validatorFor(null);
  return hits.map((h, i) => {
    // One instant for every hit: a finding that says how long ago something was sent says it in
    // the time of the verdict handed out again (digits that differ in a real run, the shape does not).
    const decoded = engine.decode({ method: h.method, url: h.url, body: h.body ?? undefined, headers: {}, receivedAtMs: NOW });
    if (!decoded.ok) return { refused: decoded.error.code };
    const env: HitEnvelope = { receivedAtMs: NOW, organizationId: 'org', websiteId: 'site', idempotencyKey: `k${i}`, source: 'tracker', originHost: null, url: h.url, body: h.body, userAgent: null };
    const row = toStoredRow(`id${i}`, env, decoded.request, runSteps(validate(decoded.request, history, NOW)));
    // A finding that names the client id names the visitor whose verdict the floor hands out again
    // (the same length, so the same bytes stored): everything else must be equal.
    return { ...row, issuesJson: row.issuesJson.replace(/\d+\.1700000000/g, 'CID') };
  });
}

/** The real engine, counting what it is asked to do. */
function counted(real: CollectorEngine) {
  const calls = { decode: 0, validate: 0 };
  const engine: CollectorEngine = {
    ...real,
    decode: (r) => ((calls.decode += 1), real.decode(r)),
    validatorFor: (w) => {
      const v = real.validatorFor(w);
      return (req, history, now) => ((calls.validate += 1), v(req, history, now));
    },
  };
  return { engine, calls };
}

describe('the collector bench floor', () => {
  it('stores for every hit the row and the history records the real engine stores', () => {
    expect(corpus.length).toBeGreaterThan(BATCH);
    // Enough visitors for every corpus hit to come at every place in a visitor's batch, three times.
    const hits = visitorHits(3 * corpus.length);
    const realHistory = recording(createInMemoryHistory());
    const floorHistory = recording(createInMemoryHistory());
    const real = rows(createEngineAdapter(), hits, realHistory.store);
    const floor = rows(createFloorEngine(), hits, floorHistory.store);
    expect(floor).toEqual(real);
    expect(realHistory.writes.length).toBeGreaterThan(hits.length / 2);
    // The same records under the same keys; a counter inside a record (a transaction's purchases)
    // keeps the value it had when the floor's verdict was taken.
    const shape = (w: HistoryWriteOf) => ({ key: w.key, ttlMs: w.ttlMs, fields: Object.keys(w.record as object).sort() });
    expect(floorHistory.writes.map(shape)).toEqual(realHistory.writes.map(shape));
    // The history matters here: without it some rows differ, so the comparison above has teeth.
    const first = hits.slice(0, 10 * BATCH);
    expect(rows(createEngineAdapter(), first, undefined)).not.toEqual(real.slice(0, first.length));
  }, 60_000); // about 5,000 hits through the engine, on a machine shared with other test runs

  it('takes the engine away once two visitors started with each request', () => {
    const { engine, calls } = counted(createEngineAdapter());
    const floor = createFloorEngine(engine);
    // Two visitors for each first request of the rotation.
    const warm = visitorHits(2 * corpus.length);
    rows(floor, warm, createInMemoryHistory());
    const before = { ...calls };
    rows(floor, visitorHits(3 * corpus.length).slice(warm.length), createInMemoryHistory());
    expect(calls).toEqual(before);
  });
});
