import type { Logger } from '../logger';
import type { Drop } from './drop-reasons';
import { drop } from './drop-reasons';
import type { MetricsRecorder } from './metrics';
import { isMissingPartitionError, isTransientDbError, type CommitUncertain } from './pg-sink';
import type { CollectorSink, HistoryWrite, SinkBatch } from './sink';
import { quotaDrop } from './quota';
import type { QuotaLedger } from './quota';
import type { StoredHit } from './stored-hit';
import type { RefusalCounter } from './website-counters';

/** The result of one hit, given to the HTTP handler that waits for it. */
export type WriteOutcome = { kind: 'stored'; duplicate: boolean; hit: StoredHit } | { kind: 'dropped'; drop: Drop };

/** A hit that passed admission; `prepare` turns it into a StoredHit (the validate step) once. */
export interface QueuedHit<T> {
  admitted: T;
  organizationId: string;
  websiteId: string;
  /** Names the hit to the validate step until it is settled. */
  seq: number;
  /** Set by the prepare step; kept across retries so validation (and its history writes) runs once. */
  stored?: StoredHit;
  /** Set by the prepare step instead of `stored` when the hit cannot be stored (undecodable, another measurement id). */
  refusal?: Drop;
  historyWrites: HistoryWrite[];
  /** Validating it changed the history: `onSettled` must be told whether it was stored. */
  undoable?: boolean;
  /** The hit came from the website's own domain: a valid one verifies the website. */
  verifies: boolean;
  enqueuedAt: number;
  resolve(outcome: WriteOutcome): void;
}

export interface WriterOptions {
  /** Most hits waiting or being written; beyond it admission is refused (503). */
  capacity: number;
  /** Most hits per transaction. */
  maxBatch: number;
  /** Transactions in flight at once. */
  concurrency: number;
  /** How long a hit may wait for the database before it is refused as storage_unavailable. */
  storageTimeoutMs: number;
  retryDelayMs: number;
}

/** A failure that passes (database unreachable, validation thread restarting): the hits wait and are tried again. */
function isRetryable(err: unknown): boolean {
  return isTransientDbError(err) || (err as { retryable?: unknown } | undefined)?.retryable === true;
}

/** Groups of arriving hits being validated at once (see prepareQueued). */
const VALIDATION_GROUPS_IN_FLIGHT = 2;

/** How long hits of a batch whose commit is uncertain wait for the database before being refused anyway. */
const UNCERTAIN_COMMIT_TIMEOUT_MS = 10 * 60_000;

export const DEFAULT_WRITER_OPTIONS: WriterOptions = {
  capacity: 20_000,
  // Preparing a batch's statements is synchronous work (rows, rollups, history): 500 hits keep it
  // to a few milliseconds of event loop, and batches of that size already amortize the commit.
  maxBatch: 500,
  concurrency: 2,
  storageTimeoutMs: 10_000,
  retryDelayMs: 200,
};

export interface WriterHooks<T> {
  /** The validate step for a batch: sets `stored` (and historyWrites) or `refusal` on every hit that has neither. May throw (e.g. history unavailable). */
  prepare(batch: QueuedHit<T>[]): Promise<void>;
  /** After commit: the websites that this batch verified. */
  onVerified(websiteIds: string[]): void;
  /** An undoable hit's fate is known: kept (stored), or not stored after all (refused, a duplicate) and its history writes taken back. */
  onSettled?(hit: QueuedHit<T>, kept: boolean): void;
  /** Refusals per website, written with each batch. */
  refusalCounter?: RefusalCounter;
}

/**
 * A bounded queue with group commit. Hits wait here until the batch that holds them commits;
 * only then is each hit's promise resolved, so an acknowledged hit is durable. A full queue
 * refuses admission instead of growing. Transient database failures are retried until a hit's
 * storage timeout; a batch that fails for any other reason is split to isolate the bad hit.
 */
export class BatchWriter<T> {
  private queue: QueuedHit<T>[] = [];
  private inFlight = 0;
  private inFlightHits = 0;
  private scheduled = false;
  private accepting = true;
  private idleWaiters: Array<() => void> = [];
  private extrasTimer: NodeJS.Timeout | undefined;
  /** How many hits at the front of `queue` went through validation on arrival (batches take only those). */
  private prepared = 0;
  /** Groups of hits after the prepared ones that are being validated, oldest first. */
  private readonly groups: Array<{ size: number; done: boolean }> = [];
  private preparing = false;
  private nextSeq = 1;

  constructor(
    private readonly sink: CollectorSink,
    private readonly quota: QuotaLedger,
    private readonly hooks: WriterHooks<T>,
    private readonly metrics: MetricsRecorder,
    private readonly log: Logger,
    private readonly options: WriterOptions = DEFAULT_WRITER_OPTIONS,
  ) {
    metrics.setQueue(0, options.capacity);
  }

  get depth(): number {
    return this.queue.length + this.inFlightHits;
  }

  /** Admits all hits or none: null means the queue is full (or shutting down) and nothing was queued. */
  tryEnqueue(hits: Array<Pick<QueuedHit<T>, 'admitted' | 'organizationId' | 'websiteId' | 'verifies'>>): Promise<WriteOutcome>[] | 'full' | 'shutting_down' {
    if (!this.accepting) return 'shutting_down';
    if (this.depth + hits.length > this.options.capacity) return 'full';
    const now = Date.now();
    const promises = hits.map(
      (h) =>
        new Promise<WriteOutcome>((resolve) => {
          // Every field spelled out: one object shape for every queued hit (a spread built a new shape per call site).
          this.queue.push({ admitted: h.admitted, organizationId: h.organizationId, websiteId: h.websiteId, verifies: h.verifies, seq: this.nextSeq++, historyWrites: [], enqueuedAt: now, resolve });
        }),
    );
    this.metrics.setQueue(this.depth, this.options.capacity);
    this.prepareSoon();
    return promises;
  }

  /**
   * Writes what travels with batches (quota refusals) even when no hit follows: debounced, so a
   * flood of refused requests costs one small transaction per interval.
   */
  flushSoon(delayMs = 200): void {
    if (this.extrasTimer) return;
    this.extrasTimer = setTimeout(() => {
      this.extrasTimer = undefined;
      if (this.queue.length === 0 && this.inFlight === 0) this.startBatch([]);
    }, delayMs);
    this.extrasTimer.unref();
  }

  /** Stops admission and resolves once every queued hit has been written or refused. */
  async drain(): Promise<void> {
    this.accepting = false;
    if (this.extrasTimer) {
      clearTimeout(this.extrasTimer);
      this.extrasTimer = undefined;
      if (this.queue.length === 0 && this.inFlight === 0) this.startBatch([]);
    }
    if (this.depth === 0 && this.inFlight === 0) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  private schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    // One tick of coalescing: every hit admitted in this turn of the event loop joins the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /**
   * Validates queued hits as they arrive, in arrival order, while earlier batches wait on the
   * database: the CPU work then fills the time the process would otherwise spend waiting, and a
   * hit's decoded model dies within milliseconds instead of surviving garbage collections in the
   * queue. A batch is started only from hits that went through this step.
   */
  private prepareSoon() {
    if (this.preparing) return;
    this.preparing = true;
    setImmediate(() => {
      this.preparing = false;
      this.prepareQueued();
    });
  }

  /**
   * Hands the hits that arrived to validation in groups, two groups at a time: the next group's
   * history is read from Postgres while the previous one's rules run (the validate step keeps
   * their order). Groups finish in the order they started.
   */
  private prepareQueued(): void {
    for (;;) {
      const from = this.groups.reduce((n, g) => n + g.size, this.prepared);
      if (this.groups.length >= VALIDATION_GROUPS_IN_FLIGHT || from >= this.queue.length) return;
      const group = { size: Math.min(this.options.maxBatch, this.queue.length - from), done: false };
      this.groups.push(group);
      // Hits left without `stored` (the step failed, e.g. history unreadable) are validated again
      // by their batch's own prepare step, with its retries and storage timeout.
      void this.hooks
        .prepare(this.queue.slice(from, from + group.size))
        .catch(() => {})
        .then(() => {
          group.done = true;
          // Only a finished prefix counts as prepared (batches take prepared hits off the front):
          // a later group finishing first waits for the earlier one.
          while (this.groups[0]?.done) {
            this.prepared += this.groups.shift()!.size;
          }
          this.schedule();
          this.prepareQueued();
        });
    }
  }

  private pump() {
    while (this.prepared > 0 && this.inFlight < this.options.concurrency) {
      const n = Math.min(this.prepared, this.options.maxBatch);
      this.prepared -= n;
      this.startBatch(this.queue.splice(0, n));
    }
  }

  private startBatch(batch: QueuedHit<T>[]) {
    this.inFlight += 1;
    this.inFlightHits += batch.length;
    void this.run(batch).finally(() => {
      this.inFlight -= 1;
      this.inFlightHits -= batch.length;
      this.metrics.setQueue(this.depth, this.options.capacity);
      if (this.queue.length > 0) this.schedule();
      else if (this.inFlight === 0) for (const w of this.idleWaiters.splice(0)) w();
    });
  }

  private settle(hit: QueuedHit<T>, outcome: WriteOutcome) {
    const stored = outcome.kind === 'stored' && !outcome.duplicate ? 1 : 0;
    this.quota.settle(hit.organizationId, 1, stored);
    if (outcome.kind === 'dropped') this.metrics.dropped(outcome.drop.reason);
    // A refused hit, or a copy of a hit stored before: this validation must leave no trace in the history.
    if (hit.undoable) this.hooks.onSettled?.(hit, outcome.kind === 'stored' && !outcome.duplicate);
    hit.resolve(outcome);
  }

  /** Settles the hits validation refused (counted for their website, written with a later batch); returns the others. */
  private settleRefused(hits: QueuedHit<T>[]): QueuedHit<T>[] {
    const now = Date.now();
    for (const h of hits) {
      if (h.refusal === undefined) continue;
      this.hooks.refusalCounter?.add(h.organizationId, h.websiteId, h.refusal.reason, 1, now);
      this.settle(h, { kind: 'dropped', drop: h.refusal });
    }
    this.flushSoon();
    return hits.filter((h) => h.refusal === undefined);
  }

  private async run(batch: QueuedHit<T>[]): Promise<void> {
    let pending = batch;
    let uncertain = false;
    for (;;) {
      const refusals = this.quota.drainRefusals();
      const websiteRefusals = this.hooks.refusalCounter?.drain() ?? [];
      try {
        await this.hooks.prepare(pending);
        if (pending.some((h) => h.refusal !== undefined)) pending = this.settleRefused(pending);
        const hits = pending.map((h) => h.stored!);
        const verify = [...new Set(pending.filter((h) => h.verifies && h.stored!.status !== 'fail').map((h) => h.websiteId))];
        const sinkBatch: SinkBatch = { hits, verifyWebsiteIds: verify, historyByHit: pending.map((h) => h.historyWrites), refusals, websiteRefusals };
        const { duplicates, gone = new Set<number>(), overQuota = new Set<number>() } = await this.sink.write(sinkBatch);
        if (hits.length > 0) this.metrics.batchWritten(hits.length);
        this.metrics.stored(hits.length - duplicates.size - gone.size - overQuota.size, duplicates.size);
        if (verify.length > 0) this.hooks.onVerified(verify);
        const now = Date.now();
        pending.forEach((h, i) => {
          if (overQuota.has(i)) {
            this.quota.exhausted(h.organizationId);
            // Recorded as a usage event and a website refusal like any refusal for quota (written with the next batch).
            this.quota.refused(h.organizationId, 1, now);
            this.hooks.refusalCounter?.add(h.organizationId, h.websiteId, 'quota_exceeded', 1, now);
          }
          this.settle(
            h,
            gone.has(i)
              ? { kind: 'dropped', drop: drop('website_deleted', 'This website was deleted in Tracklint; its hits are no longer collected.') }
              : overQuota.has(i)
                ? { kind: 'dropped', drop: quotaDrop(this.quota.limitOf(h.organizationId)) }
                : { kind: 'stored', duplicate: duplicates.has(i), hit: h.stored! },
          );
        });
        if (overQuota.size > 0) this.flushSoon();
        return;
      } catch (err) {
        this.quota.restoreRefusals(refusals);
        this.hooks.refusalCounter?.restore(websiteRefusals);
        this.metrics.batchFailed();
        if (isMissingPartitionError(err)) {
          this.log.warn('collector: creating missing partitions');
          await this.sink.ensurePartitions(3).catch(() => {});
          continue;
        }
        if ((err as CommitUncertain).commitUncertain) uncertain = true;
        if (isRetryable(err)) {
          // After an uncertain commit these hits may be stored: refusing them could make a stored hit look lost, so
          // they wait for the database to come back, when the retry (deduplicated by key) settles it either way.
          const deadline = uncertain ? Date.now() - UNCERTAIN_COMMIT_TIMEOUT_MS : Date.now() - this.options.storageTimeoutMs;
          const expired = pending.filter((h) => h.enqueuedAt <= deadline);
          for (const h of expired) this.settle(h, { kind: 'dropped', drop: drop('storage_unavailable', 'Storage is temporarily unavailable; send the hit again shortly.') });
          pending = pending.filter((h) => h.enqueuedAt > deadline);
          // An extras-only batch (refusals) is not retried in a loop: the refusals wait for the next batch.
          if (pending.length === 0) return;
          this.log.warn({ hits: pending.length, error: (err as Error).message }, 'collector: storage unavailable, retrying batch');
          await new Promise((r) => setTimeout(r, this.options.retryDelayMs));
          continue;
        }
        if (pending.length > 1) {
          const mid = Math.ceil(pending.length / 2);
          await this.run(pending.slice(0, mid));
          await this.run(pending.slice(mid));
          return;
        }
        // The message, not the stack: a client that keeps sending such hits must not flood the log.
        this.log.error({ error: err instanceof Error ? err.message : String(err), code: (err as { code?: string }).code }, 'collector: a hit could not be stored');
        for (const h of pending) this.settle(h, { kind: 'dropped', drop: drop('store_failed', 'This hit could not be stored.') });
        return;
      }
    }
  }
}
