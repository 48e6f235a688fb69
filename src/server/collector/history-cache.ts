import type { HistoryRecord, ValidationHistory } from '../../shared/ga4/history';
import type { CollectorSink, HistoryWrite } from './sink';
import { UNANNOUNCED_TRUST_MS } from './cache-invalidation';

export interface HistoryCacheOptions {
  /** Most records (present or known-absent) kept in memory across all websites. */
  maxEntries?: number;
  /** Records that live shorter than this stay in memory only; longer ones are persisted. */
  persistMinTtlMs?: number;
  now?: () => number;
  /**
   * Other collector processes may write the same website's history. While their writes are
   * announced to this process (`changesAnnounced`, see cache-invalidation.ts) cached records are
   * trusted until `forget` drops them; otherwise for a second only. `caughtUp` resolves once the
   * announcements committed so far have been handled. Both absent: this is the only process.
   */
  changesAnnounced?: () => boolean;
  caughtUp?: () => Promise<void>;
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
  /** When this process loaded or wrote it. */
  at: number;
  /** Short-lived: kept in this process only, never in Postgres, so never read again from there. */
  local?: true;
  /**
   * Another process wrote it since: read it again before the next batch. Until then (a batch
   * being validated right now) the old record still serves, which is better than none.
   */
  stale?: true;
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
  private readonly changesAnnounced: (() => boolean) | undefined;
  private readonly caughtUp: (() => Promise<void>) | undefined;

  constructor(
    private readonly sink: CollectorSink,
    options: HistoryCacheOptions = {},
  ) {
    this.max = options.maxEntries ?? 200_000;
    this.persistMinTtl = options.persistMinTtlMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
    this.changesAnnounced = options.changesAnnounced;
    this.caughtUp = options.caughtUp;
  }

  get size(): number {
    return this.slots.size;
  }

  /** Writes a slot as the newest; `present` false: the caller knows the key is not cached (one lookup saved). */
  private put(key: string, slot: Slot, present = true) {
    if (present) this.slots.delete(key);
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

  /** Records another process has written since: they are read again before the next batch uses them. */
  forget(websiteId: string, keys: readonly string[]): void {
    for (const k of keys) {
      const slot = this.slots.get(`${websiteId}|${k}`);
      if (slot) slot.stale = true;
    }
  }

  /** Every record of a website is read again before it is next used. */
  forgetWebsite(websiteId: string): void {
    const prefix = `${websiteId}|`;
    for (const [slotKey, slot] of this.slots) if (slotKey.startsWith(prefix) && !slot.local) slot.stale = true;
  }

  /** Every persisted record is read again before it is next used (announcements may have been missed). */
  forgetAll(): void {
    for (const slot of this.slots.values()) if (!slot.local) slot.stale = true;
  }

  /**
   * Before a batch is validated: handles the announcements committed so far (one round trip for
   * the whole batch), then loads each website's keys that are not cached or no longer trusted.
   */
  async prefetchBatch(keysBySite: ReadonlyMap<string, Iterable<string>>): Promise<void> {
    if (this.caughtUp) await this.caughtUp();
    await Promise.all([...keysBySite].map(([websiteId, keys]) => this.prefetch(websiteId, keys)));
  }

  /** Loads the keys of a website that are not cached yet, or no longer trusted (one query). */
  async prefetch(websiteId: string, keys: Iterable<string>): Promise<void> {
    const now = this.now();
    const announced = this.changesAnnounced ? this.changesAnnounced() : true;
    const missing: string[] = [];
    for (const k of keys) {
      const slot = this.slots.get(`${websiteId}|${k}`);
      if (!slot || slot.stale || slot.expiresAt <= now || (!announced && !slot.local && now - slot.at > UNANNOUNCED_TRUST_MS)) missing.push(k);
    }
    if (missing.length === 0) return;
    const found = await this.sink.loadHistory(websiteId, missing);
    const loadedAt = this.now();
    for (const k of missing) {
      const hit = found.get(k);
      // Absent keys are remembered as absent until this process writes them (or another process
      // announces it did), which saves a query per new session.
      this.put(
        `${websiteId}|${k}`,
        hit ? { record: hit.value, expiresAt: hit.expiresAtMs, at: loadedAt } : { record: undefined, expiresAt: now + this.persistMinTtl, at: loadedAt },
      );
    }
  }

  /**
   * A synchronous view for one website; long-lived writes are collected into `writes`, and what
   * each write replaced into `undo`, so a hit that ends up not stored can be taken back out.
   */
  view(websiteId: string, writes: HistoryWrite[], undo: HistoryUndo[] = []): ValidationHistory {
    // Rules read a key and then write the same key (the same string): build its slot key once.
    let lastKey: string | undefined;
    let lastSlotKey = '';
    const slotKeyOf = (key: string) => {
      if (key !== lastKey) {
        lastKey = key;
        lastSlotKey = `${websiteId}|${key}`;
      }
      return lastSlotKey;
    };
    return {
      get: (key) => {
        const slot = this.slots.get(slotKeyOf(key));
        if (!slot || slot.expiresAt <= this.now()) return undefined;
        return slot.record;
      },
      set: (key, record, ttlMs) => {
        const at = this.now();
        const expiresAt = at + Math.max(0, ttlMs);
        const slotKey = slotKeyOf(key);
        const persisted = ttlMs >= this.persistMinTtl;
        const slot: Slot = persisted ? { record, expiresAt, at } : { record, expiresAt, at, local: true };
        const previous = this.slots.get(slotKey);
        undo.push({ slotKey, previous, written: slot });
        this.put(slotKey, slot, previous !== undefined);
        if (persisted) writes.push({ websiteId, key, value: record, expiresAtMs: expiresAt });
      },
    };
  }
}
