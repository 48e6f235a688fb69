import type { HistoryRecord } from '../../shared/ga4/history';
import type { QuotaRefusal } from './quota';
import { utcMonth } from './quota';
import type { StoredHit } from './stored-hit';
import type { WebsiteCount } from './website-counters';

/** A history record to persist for a website (last write per key wins). */
export interface HistoryWrite {
  websiteId: string;
  key: string;
  value: HistoryRecord;
  expiresAtMs: number;
}

export interface HistoryRead {
  value: HistoryRecord;
  expiresAtMs: number;
}

/** Everything one group commit writes, atomically. */
export interface SinkBatch {
  hits: StoredHit[];
  /** Websites that received a valid hit from their own domain in this batch. */
  verifyWebsiteIds: string[];
  /**
   * Per hit (same index as hits), the history its validation wrote: persisted only for the hits
   * that are stored, so a duplicate or a hit over the quota leaves no history behind.
   */
  historyByHit: HistoryWrite[][];
  refusals: QuotaRefusal[];
  /** Hits refused for a known website since the last batch (public.website_hit_counters). */
  websiteRefusals?: WebsiteCount[];
}

export interface SinkResult {
  /** Indexes (into batch.hits) of hits whose idempotency key was already stored: acknowledged, not stored again. */
  duplicates: Set<number>;
  /** Indexes of hits whose website was deleted before the batch committed: not stored. */
  gone?: Set<number>;
  /**
   * Indexes of hits over their organization's monthly limit as counted in the database at commit
   * (the processes' own quota ledgers admitted them with what they knew): not stored.
   */
  overQuota?: Set<number>;
}

/**
 * Where accepted hits go. Postgres in production; in memory for unit tests. `write` must be
 * atomic: when it resolves every hit in the batch is durable, when it rejects none is.
 */
export interface CollectorSink {
  write(batch: SinkBatch): Promise<SinkResult>;
  loadHistory(websiteId: string, keys: readonly string[]): Promise<Map<string, HistoryRead>>;
  ensurePartitions(daysAhead: number): Promise<number>;
  applyRetention(): Promise<unknown>;
}

/** Marks later hits that repeat an earlier (website, key) of the same batch as duplicates. */
export function inBatchDuplicates(hits: readonly StoredHit[]): Set<number> {
  const seen = new Set<string>();
  const dup = new Set<number>();
  hits.forEach((h, i) => {
    if (h.idempotencyKey === null) return;
    const k = `${h.websiteId}|${h.idempotencyKey}`;
    if (seen.has(k)) dup.add(i);
    else seen.add(k);
  });
  return dup;
}

/** Monthly usage increments of the hits that were really stored, sorted by organization (lock order). */
export function usageIncrements(hits: readonly StoredHit[]): Array<{ organizationId: string; month: string; count: number }> {
  const m = new Map<string, { organizationId: string; month: string; count: number }>();
  for (const h of hits) {
    const month = utcMonth(h.receivedAtMs);
    const k = `${h.organizationId}|${month}`;
    const row = m.get(k);
    if (row) row.count += 1;
    else m.set(k, { organizationId: h.organizationId, month, count: 1 });
  }
  return [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([, v]) => v);
}

/** An in-memory sink with the same semantics, for unit tests of the pipeline and writer. */
export interface MemorySink extends CollectorSink {
  hits: StoredHit[];
  usage: Map<string, number>;
  verified: Set<string>;
  history: Map<string, HistoryRead>;
  refusals: QuotaRefusal[];
  /** Makes the next n writes fail with this error (to test retries). */
  failNext(n: number, error: Error): void;
}

export function createMemorySink(): MemorySink {
  const keys = new Set<string>();
  let failures = 0;
  let failure: Error = new Error('write failed');
  const sink: MemorySink = {
    hits: [],
    usage: new Map(),
    verified: new Set(),
    history: new Map(),
    refusals: [],
    failNext(n, error) {
      failures = n;
      failure = error;
    },
    async write(batch) {
      if (failures > 0) {
        failures -= 1;
        throw failure;
      }
      const duplicates = inBatchDuplicates(batch.hits);
      batch.hits.forEach((h, i) => {
        if (h.idempotencyKey === null || duplicates.has(i)) return;
        const k = `${h.websiteId}|${h.idempotencyKey}`;
        if (keys.has(k)) duplicates.add(i);
        else keys.add(k);
      });
      const fresh = batch.hits.filter((_, i) => !duplicates.has(i));
      sink.hits.push(...fresh);
      for (const u of usageIncrements(fresh)) sink.usage.set(`${u.organizationId}|${u.month}`, (sink.usage.get(`${u.organizationId}|${u.month}`) ?? 0) + u.count);
      for (const id of batch.verifyWebsiteIds) sink.verified.add(id);
      for (const h of batch.historyByHit.flatMap((writes, i) => (duplicates.has(i) ? [] : writes))) sink.history.set(`${h.websiteId}|${h.key}`, { value: h.value, expiresAtMs: h.expiresAtMs });
      sink.refusals.push(...batch.refusals);
      return { duplicates };
    },
    async loadHistory(websiteId, wanted) {
      const out = new Map<string, HistoryRead>();
      for (const k of wanted) {
        const v = sink.history.get(`${websiteId}|${k}`);
        if (v) out.set(k, v);
      }
      return out;
    },
    ensurePartitions: async () => 0,
    applyRetention: async () => ({}),
  };
  return sink;
}
