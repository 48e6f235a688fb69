import type { HistoryRecord, ValidationHistory } from '../../shared/ga4/history';
import type { CollectorSink, HistoryWrite } from './sink';

export interface HistoryCacheOptions {
  /** Most records (present or known-absent) kept in memory across all websites. */
  maxEntries?: number;
  /** Records that live shorter than this stay in memory only; longer ones are persisted. */
  persistMinTtlMs?: number;
  now?: () => number;
}

/** What one history write replaced. */
export interface HistoryUndo {
  slotKey: string;
  previous: Slot | undefined;
  written: Slot;
}

interface Slot {
  /** undefined: known to be absent in the table. */
  record: HistoryRecord | undefined;
  expiresAt: number;
}

/**
 * The engine's history for the collector: a bounded in-memory cache per website, backed by the
 * collector_history table. Before validating a batch the writer prefetches every key the batch
 * may read in one query per website (`prefetch`), so validation itself never waits on Postgres
 * and does not slow down as the log grows. Writes are buffered and persisted with the batch.
 */
export class HistoryCache {
  private readonly slots = new Map<string, Slot>();
  private readonly max: number;
  private readonly persistMinTtl: number;
  private readonly now: () => number;

  constructor(
    private readonly sink: CollectorSink,
    options: HistoryCacheOptions = {},
  ) {
    this.max = options.maxEntries ?? 200_000;
    this.persistMinTtl = options.persistMinTtlMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.slots.size;
  }

  private put(key: string, slot: Slot) {
    this.slots.delete(key);
    this.slots.set(key, slot);
    while (this.slots.size > this.max) this.slots.delete(this.slots.keys().next().value as string);
  }

  /**
   * Takes back the writes of a hit that was not stored (refused after validation), newest first,
   * where no later hit has overwritten them, so a re-sent copy is not judged against itself
   * (e.g. as a duplicate transaction).
   */
  revert(undo: readonly HistoryUndo[]): void {
    for (let i = undo.length - 1; i >= 0; i--) {
      const u = undo[i]!;
      if (this.slots.get(u.slotKey) !== u.written) continue;
      if (u.previous) this.put(u.slotKey, u.previous);
      else this.slots.delete(u.slotKey);
    }
  }

  /** Loads the keys of a website that are not cached yet (one query). */
  async prefetch(websiteId: string, keys: Iterable<string>): Promise<void> {
    const now = this.now();
    const missing: string[] = [];
    for (const k of keys) {
      const slot = this.slots.get(`${websiteId}|${k}`);
      if (!slot || slot.expiresAt <= now) missing.push(k);
    }
    if (missing.length === 0) return;
    const found = await this.sink.loadHistory(websiteId, missing);
    for (const k of missing) {
      const hit = found.get(k);
      // Absent keys are remembered as absent until this process writes them, which saves a query per new session.
      this.put(`${websiteId}|${k}`, hit ? { record: hit.value, expiresAt: hit.expiresAtMs } : { record: undefined, expiresAt: now + this.persistMinTtl });
    }
  }

  /**
   * A synchronous view for one website; long-lived writes are collected into `writes`, and what
   * each write replaced into `undo`, so a hit that ends up not stored can be taken back out.
   */
  view(websiteId: string, writes: HistoryWrite[], undo: HistoryUndo[] = []): ValidationHistory {
    return {
      get: (key) => {
        const slot = this.slots.get(`${websiteId}|${key}`);
        if (!slot || slot.expiresAt <= this.now()) return undefined;
        return slot.record;
      },
      set: (key, record, ttlMs) => {
        const expiresAt = this.now() + Math.max(0, ttlMs);
        const slotKey = `${websiteId}|${key}`;
        const slot: Slot = { record, expiresAt };
        undo.push({ slotKey, previous: this.slots.get(slotKey), written: slot });
        this.put(slotKey, slot);
        if (ttlMs >= this.persistMinTtl) writes.push({ websiteId, key, value: record, expiresAtMs: expiresAt });
      },
    };
  }
}
