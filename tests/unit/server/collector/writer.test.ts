import { describe, expect, it } from 'vitest';
import { createMemorySink } from '../../../../src/server/collector/sink';
import { createQuotaLedger } from '../../../../src/server/collector/quota';
import { BatchWriter, DEFAULT_WRITER_OPTIONS, type QueuedHit, type WriteOutcome } from '../../../../src/server/collector/writer';
import type { StoredHit } from '../../../../src/server/collector/stored-hit';
import { createMetrics, eventLoopTurns, silentLog, storedHit, until } from './helpers';

type Payload = { hit: StoredHit };

function setup(options: Partial<typeof DEFAULT_WRITER_OPTIONS> = {}, prepare?: (batch: QueuedHit<Payload>[]) => Promise<void>) {
  const sink = createMemorySink();
  const quota = createQuotaLedger();
  quota.observe({ organizationId: 'org-1', limit: -1, used: 0, month: '2026-11-01' });
  const metrics = createMetrics();
  const writer = new BatchWriter<Payload>(
    sink,
    quota,
    {
      prepare: prepare ?? (async (batch) => batch.forEach((h) => (h.stored ??= h.admitted.hit))),
      onVerified: () => {},
    },
    metrics,
    silentLog,
    { ...DEFAULT_WRITER_OPTIONS, retryDelayMs: 5, ...options },
  );
  const enqueue = (hits: StoredHit[]) => {
    const r = writer.tryEnqueue(hits.map((hit) => ({ admitted: { hit }, organizationId: hit.organizationId, websiteId: hit.websiteId, verifies: false })));
    if (typeof r === 'string') throw new Error(r);
    return r;
  };
  return { sink, writer, metrics, enqueue };
}

describe('BatchWriter', () => {
  it('acknowledges a hit only after the batch holding it is written', async () => {
    const { sink, enqueue } = setup();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const write = sink.write.bind(sink);
    let writing = false;
    sink.write = async (batch) => {
      writing = true;
      await gate;
      return write(batch);
    };
    let settled: WriteOutcome | undefined;
    const [p] = enqueue([storedHit()]);
    void p!.then((o) => (settled = o));
    await until(() => writing);
    await eventLoopTurns();
    expect(settled).toBeUndefined();
    expect(sink.hits).toHaveLength(0);
    open();
    expect((await p!).kind).toBe('stored');
    expect(sink.hits).toHaveLength(1);
  });

  it('groups hits admitted together into one batch', async () => {
    const { enqueue, metrics } = setup();
    await Promise.all(enqueue(Array.from({ length: 50 }, () => storedHit())));
    expect(metrics.snapshot().batchesWritten).toBe(1);
    expect(metrics.snapshot().maxBatchSize).toBe(50);
  });

  it('refuses admission when the queue is full, queuing nothing', () => {
    const { writer } = setup({ capacity: 3 });
    const hits = Array.from({ length: 4 }, () => ({ admitted: { hit: storedHit() }, organizationId: 'org-1', websiteId: 'site-1', verifies: false }));
    expect(writer.tryEnqueue(hits)).toBe('full');
    expect(writer.depth).toBe(0);
  });

  it('retries a batch after a transient database error and then stores it once', async () => {
    const { sink, enqueue } = setup();
    sink.failNext(2, Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const outcomes = await Promise.all(enqueue([storedHit(), storedHit()]));
    expect(outcomes.map((o) => o.kind)).toEqual(['stored', 'stored']);
    expect(sink.hits).toHaveLength(2);
  });

  it('refuses hits as storage_unavailable once their storage timeout passes', async () => {
    const { sink, enqueue, metrics } = setup({ storageTimeoutMs: 30 });
    sink.failNext(1000, Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
    const [outcome] = await Promise.all(enqueue([storedHit()]));
    expect(outcome).toMatchObject({ kind: 'dropped', drop: { reason: 'storage_unavailable' } });
    expect(sink.hits).toHaveLength(0);
    expect(metrics.snapshot().dropped.storage_unavailable).toBe(1);
  });

  it('isolates a hit the database rejects, storing the rest of its batch', async () => {
    const { sink, enqueue } = setup();
    const write = sink.write.bind(sink);
    sink.write = async (batch) => {
      if (batch.hits.some((h) => h.id === 'poison')) throw Object.assign(new Error('invalid input'), { code: '22P02' });
      return write(batch);
    };
    const outcomes = await Promise.all(enqueue([storedHit(), storedHit({ id: 'poison' }), storedHit(), storedHit()]));
    expect(outcomes.map((o) => (o.kind === 'dropped' ? o.drop.reason : o.kind))).toEqual(['stored', 'store_failed', 'stored', 'stored']);
    expect(sink.hits.map((h) => h.id)).not.toContain('poison');
    expect(sink.hits).toHaveLength(3);
  });

  it('stores a retried hit (same idempotency key) once and acknowledges both', async () => {
    const { sink, enqueue } = setup();
    const [first] = enqueue([storedHit({ idempotencyKey: 'key-00000001' })]);
    await first;
    const outcomes = await Promise.all(enqueue([storedHit({ idempotencyKey: 'key-00000001' }), storedHit({ idempotencyKey: 'key-00000002' })]));
    expect(outcomes.map((o) => o.kind === 'stored' && o.duplicate)).toEqual([true, false]);
    expect(sink.hits.map((h) => h.idempotencyKey)).toEqual(['key-00000001', 'key-00000002']);
  });

  it('drain waits until every queued hit is written and then refuses new ones', async () => {
    const { sink, enqueue, writer } = setup();
    const pending = enqueue(Array.from({ length: 10 }, () => storedHit()));
    await writer.drain();
    expect(sink.hits).toHaveLength(10);
    expect((await Promise.all(pending)).every((o) => o.kind === 'stored')).toBe(true);
    expect(writer.tryEnqueue([{ admitted: { hit: storedHit() }, organizationId: 'org-1', websiteId: 'site-1', verifies: false }])).toBe('shutting_down');
  });

  it('validates each hit once even when its batch is retried', async () => {
    let calls = 0;
    const { sink, enqueue } = setup({}, async (batch) => {
      for (const h of batch) if (!h.stored) {
        calls += 1;
        h.stored = h.admitted.hit;
      }
    });
    sink.failNext(1, Object.assign(new Error('Connection terminated unexpectedly'), {}));
    await Promise.all(enqueue([storedHit(), storedHit()]));
    expect(calls).toBe(2);
    expect(sink.hits).toHaveLength(2);
  });
});

describe('BatchWriter validation on arrival', () => {
  it('validates hits as they arrive while the batch before them waits on the database, in arrival order', async () => {
    const validated: string[] = [];
    const { sink, enqueue } = setup({ concurrency: 1 }, async (batch) => {
      for (const h of batch)
        if (!h.stored) {
          validated.push(h.admitted.hit.id);
          h.stored = h.admitted.hit;
        }
    });
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const write = sink.write.bind(sink);
    const written: number[] = [];
    sink.write = async (batch) => {
      written.push(batch.hits.length);
      await gate;
      return write(batch);
    };
    const first = storedHit();
    const firstDone = enqueue([first]);
    await until(() => written.length === 1);
    expect(written).toEqual([1]); // the first batch is waiting on the database
    const later = [storedHit(), storedHit(), storedHit()];
    const laterDone = enqueue(later);
    await until(() => validated.length === 4);
    await eventLoopTurns();
    // Validated already, though no batch could take them yet.
    expect(validated).toEqual([first.id, ...later.map((h) => h.id)]);
    expect(written).toEqual([1]);
    open();
    await Promise.all([...firstDone, ...laterDone]);
    expect(written).toEqual([1, 3]);
    expect(sink.hits).toHaveLength(4);
  });

  it('a hit whose validation on arrival failed is validated again by its batch and stored', async () => {
    let attempts = 0;
    const { sink, enqueue } = setup({}, async (batch) => {
      attempts += 1;
      if (attempts === 1) throw Object.assign(new Error('Connection terminated unexpectedly'), {});
      for (const h of batch) h.stored ??= h.admitted.hit;
    });
    const outcomes = await Promise.all(enqueue([storedHit(), storedHit()]));
    expect(outcomes.map((o) => o.kind)).toEqual(['stored', 'stored']);
    expect(attempts).toBe(2);
    expect(sink.hits).toHaveLength(2);
  });
});

describe('BatchWriter after an uncertain commit', () => {
  it('keeps retrying past the storage timeout, so a hit that may be stored is never refused', async () => {
    const { sink, enqueue } = setup({ storageTimeoutMs: 10 });
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { commitUncertain: true });
    sink.failNext(5, lost);
    const [outcome] = await Promise.all(enqueue([storedHit({ idempotencyKey: 'maybe-stored-1' })]));
    expect(outcome!.kind).toBe('stored');
    expect(sink.hits).toHaveLength(1);
  });
});

describe('BatchWriter: validation of arriving hits, two groups at a time', () => {
  it('does not store a later group before an earlier one finished validating, even when the later one finishes first', async () => {
    const gates: Array<() => void> = [];
    const groups: number[][] = [];
    const { sink, enqueue } = setup({}, async (batch) => {
      const todo = batch.filter((h) => h.stored === undefined);
      if (todo.length === 0) return;
      groups.push(todo.map((h) => h.seq));
      await new Promise<void>((r) => gates.push(r));
      todo.forEach((h) => (h.stored ??= h.admitted.hit));
    });
    const first = enqueue([storedHit({ id: 'a1' }), storedHit({ id: 'a2' })]);
    await until(() => groups.length === 1);
    const second = enqueue([storedHit({ id: 'b1' })]);
    await until(() => groups.length === 2);
    // Both groups are being validated at once.
    expect(groups).toHaveLength(2);
    // The second finishes first: nothing may be written yet (its hits are behind unvalidated ones).
    gates[1]!();
    await eventLoopTurns();
    expect(sink.hits).toHaveLength(0);
    // Every hit was validated exactly once, by its own group.
    gates[0]!();
    await Promise.all([...first, ...second]);
    expect(sink.hits.map((h) => h.id)).toEqual(['a1', 'a2', 'b1']);
    expect(groups).toHaveLength(2);
  });

  it('settles hits the validate step refused without storing them, and stores the rest of the batch', async () => {
    const { sink, enqueue, metrics } = setup({}, async (batch) => {
      batch.forEach((h) => {
        if (h.stored !== undefined || h.refusal !== undefined) return;
        if (h.admitted.hit.id === 'bad') h.refusal = { reason: 'not_ga4', message: 'Not a GA4 request.' };
        else h.stored = h.admitted.hit;
      });
    });
    const [ok, bad] = await Promise.all(enqueue([storedHit({ id: 'good' }), storedHit({ id: 'bad' })]));
    expect(ok!.kind).toBe('stored');
    expect(bad).toEqual({ kind: 'dropped', drop: { reason: 'not_ga4', message: 'Not a GA4 request.' } });
    expect(sink.hits.map((h) => h.id)).toEqual(['good']);
    expect(metrics.snapshot().dropped.not_ga4).toBe(1);
  });
});
