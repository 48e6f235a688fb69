import type { HistoryRecord, ValidationHistory } from '../../shared/ga4/history';
import type { CollectorSink, HistoryRead, HistoryWrite } from './sink';
import { UNANNOUNCED_TRUST_MS } from './cache-invalidation';
import { unpersistedKeyPrefixes } from './history-key-kinds';

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
  /** After each read from Postgres: how many keys it asked for and how many records it found (operator metrics). */
  onRead?: (keys: number, found: number) => void;
}


/** What one history write replaced. */
export interface HistoryUndo {
  websiteId: string;
  key: string;
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
 * A read of one website's keys from Postgres that has not answered yet. What another process
 * announces meanwhile may be newer than what the read returns (its snapshot can predate that
 * commit), so those keys are recorded here and the read's records for them arrive already stale.
 */
interface LoadInFlight {
  websiteId: string;
  /** The keys asked for: a later group needing one of them waits for this read instead of sending its own. */
  keys: ReadonlySet<string>;
  /** Settles once the read answered and its records are in the cache (or it failed). */
  done: Promise<unknown>;
  /** Keys announced since the read was sent. */
  announced: Set<string>;
  /** The whole website (or every website) was announced since. */
  all: boolean;
}

/** One website's records in two generations (see HistoryCache). */
class SiteRecords {
  constructor(readonly websiteId: string) {}
  current = new Map<string, Slot>();
  previous = new Map<string, Slot>();
}

/**
 * The engine's history for the collector: a bounded in-memory cache per website, backed by the
 * collector_history table. Before validating a batch the writer prefetches every key the batch
 * may read in one query per website (`prefetch`), so validation itself never waits on Postgres
 * and does not slow down as the log grows; keys of a kind no process persists (history-key-kinds.ts)
 * are never asked for. Writes are buffered and persisted with the batch.
 *
 * Records are kept per website under the engine's own key strings (no `website|key` string per
 * lookup to build and hash), in two generations instead of an LRU: new and touched records go to
 * the current generation; when the current generations of all websites together hold half of
 * `maxEntries`, every website's current generation becomes its previous one and the old previous
 * ones are dropped. A record read from the previous generation is copied into the current one, so
 * what active sessions use survives. Every operation is O(1) (an LRU's delete-and-reinsert left
 * holes in one 200,000-entry Map); the bound is the same.
 */
export class HistoryCache {
  private readonly sites = new Map<string, SiteRecords>();
  private readonly half: number;
  private currentCount = 0;
  private previousCount = 0;
  private readonly persistMinTtl: number;
  private readonly now: () => number;
  private readonly changesAnnounced: (() => boolean) | undefined;
  private readonly caughtUp: (() => Promise<void>) | undefined;
  private readonly loadsInFlight = new Set<LoadInFlight>();
  /** Keys starting with one of these are never persisted, so never read from Postgres (history-key-kinds.ts). */
  private readonly unpersisted: readonly string[];
  private readonly onRead: ((keys: number, found: number) => void) | undefined;

  constructor(
    private readonly sink: CollectorSink,
    options: HistoryCacheOptions = {},
  ) {
    this.half = Math.max(1, Math.ceil((options.maxEntries ?? 200_000) / 2));
    this.persistMinTtl = options.persistMinTtlMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
    this.changesAnnounced = options.changesAnnounced;
    this.caughtUp = options.caughtUp;
    this.onRead = options.onRead;
    this.unpersisted = unpersistedKeyPrefixes(this.persistMinTtl);
  }

  /**
   * No process ever persists a record under this key (its kind lives shorter than persistMinTtl):
   * what this process holds of it is all there is, and Postgres has nothing to add.
   */
  private neverPersisted(key: string): boolean {
    for (const prefix of this.unpersisted) if (key.startsWith(prefix)) return true;
    return false;
  }

  /** Records held (present or known-absent), both generations. */
  get size(): number {
    return this.currentCount + this.previousCount;
  }

  private siteOf(websiteId: string): SiteRecords {
    let site = this.sites.get(websiteId);
    if (site === undefined) {
      site = new SiteRecords(websiteId);
      this.sites.set(websiteId, site);
    }
    return site;
  }

  /** The record under `key`, copied into the current generation when it was found in the previous one. */
  private lookup(site: SiteRecords, key: string): Slot | undefined {
    const slot = site.current.get(key);
    if (slot !== undefined) return slot;
    const old = site.previous.get(key);
    if (old !== undefined) this.put(site, key, old, false);
    return old;
  }

  /** Writes a slot into the current generation; `present`: the key is known to be there already. */
  private put(site: SiteRecords, key: string, slot: Slot, present: boolean) {
    if (!present && !site.current.has(key)) {
      if (this.currentCount >= this.half) {
        this.rotate();
        // A website whose current generation was empty was dropped by the rotation.
        if (!this.sites.has(site.websiteId)) this.sites.set(site.websiteId, site);
      }
      this.currentCount++;
    }
    site.current.set(key, slot);
  }

  private rotate() {
    this.previousCount = this.currentCount;
    this.currentCount = 0;
    for (const [websiteId, site] of this.sites) {
      site.previous = site.current;
      site.current = new Map();
      if (site.previous.size === 0) this.sites.delete(websiteId);
    }
  }

  /**
   * Takes back the writes of a hit that was not stored (refused after validation), newest first,
   * where no later hit has overwritten them, so a re-sent copy is not judged against itself
   * (e.g. as a duplicate transaction).
   */
  revert(undo: readonly HistoryUndo[]): void {
    for (let i = undo.length - 1; i >= 0; i--) {
      const u = undo[i]!;
      const site = this.sites.get(u.websiteId);
      if (site === undefined) continue;
      // The write may have moved to the previous generation since; restore it where it is.
      const generation = site.current.get(u.key) === u.written ? site.current : !site.current.has(u.key) && site.previous.get(u.key) === u.written ? site.previous : undefined;
      if (generation === undefined) continue;
      if (u.previous) generation.set(u.key, u.previous);
      else {
        generation.delete(u.key);
        if (generation === site.current) this.currentCount--;
        else this.previousCount--;
      }
    }
  }

  /** Records another process has written since: they are read again before the next batch uses them. */
  forget(websiteId: string, keys: readonly string[]): void {
    for (const load of this.loadsInFlight) if (load.websiteId === websiteId) for (const k of keys) load.announced.add(k);
    const site = this.sites.get(websiteId);
    if (site === undefined) return;
    for (const k of keys) {
      const slot = site.current.get(k) ?? site.previous.get(k);
      if (slot) slot.stale = true;
    }
  }

  /** Every record of a website is read again before it is next used. */
  forgetWebsite(websiteId: string): void {
    for (const load of this.loadsInFlight) if (load.websiteId === websiteId) load.all = true;
    const site = this.sites.get(websiteId);
    if (site !== undefined) markPersistedStale(site);
  }

  /** Every persisted record is read again before it is next used (announcements may have been missed). */
  forgetAll(): void {
    for (const load of this.loadsInFlight) load.all = true;
    for (const site of this.sites.values()) markPersistedStale(site);
  }

  /**
   * Before a batch is validated: handles the announcements committed so far (one round trip for
   * the whole batch), then loads each website's keys that are not cached or no longer trusted.
   */
  async prefetchBatch(keysBySite: ReadonlyMap<string, Iterable<string>>): Promise<void> {
    if (this.caughtUp) await this.caughtUp();
    await Promise.all([...keysBySite].map(([websiteId, keys]) => this.prefetch(websiteId, keys)));
  }

  /**
   * Loads the keys of a website that are not cached yet, or no longer trusted (one query). Keys an
   * earlier group is reading right now (the next group's hits of the same visitor) are not asked
   * for again: this waits for that read, then reads only what it left missing (it failed, or
   * another process announced a write while it was under way).
   */
  async prefetch(websiteId: string, keys: Iterable<string>): Promise<void> {
    const { missing, seen, readElsewhere, reads } = this.missing(websiteId, keys, true);
    const work: Array<Promise<void>> = [];
    if (missing.length > 0) work.push(this.load(websiteId, missing, seen));
    if (readElsewhere.length > 0)
      work.push(
        Promise.allSettled(reads).then(() => {
          const left = this.missing(websiteId, readElsewhere, false);
          return left.missing.length > 0 ? this.load(websiteId, left.missing, left.seen) : undefined;
        }),
      );
    // Both settle before this answers (no read left running unwatched); the first failure is thrown.
    for (const r of await Promise.allSettled(work)) if (r.status === 'rejected') throw r.reason;
  }

  /**
   * The website's keys that are not cached or no longer trusted, with what the cache held for each
   * (`seen`); with `share`, those another read is fetching right now are set apart (`readElsewhere`,
   * and the reads to wait for).
   */
  private missing(websiteId: string, keys: Iterable<string>, share: boolean) {
    const now = this.now();
    const announced = this.changesAnnounced ? this.changesAnnounced() : true;
    const missing: string[] = [];
    const seen: Array<Slot | undefined> = [];
    const readElsewhere: string[] = [];
    const reads = new Set<Promise<unknown>>();
    const site = this.siteOf(websiteId);
    // This website's reads under way (usually none or one: at most two groups are prefetched at once).
    const underWay = share ? [...this.loadsInFlight].filter((l) => l.websiteId === websiteId) : [];
    for (const k of keys) {
      if (this.neverPersisted(k)) continue;
      const slot = this.lookup(site, k);
      if (!slot || slot.stale || slot.expiresAt <= now || (!announced && !slot.local && now - slot.at > UNANNOUNCED_TRUST_MS)) {
        const elsewhere = underWay.length > 0 ? underWay.find((l) => l.keys.has(k)) : undefined;
        if (elsewhere) {
          readElsewhere.push(k);
          reads.add(elsewhere.done);
        } else {
          missing.push(k);
          seen.push(slot);
        }
      }
    }
    return { missing, seen, readElsewhere, reads };
  }

  /** Reads `missing` (keys of one website; `seen`: what the cache held for each) in one query and caches what it finds. */
  private async load(websiteId: string, missing: string[], seen: Array<Slot | undefined>): Promise<void> {
    const now = this.now();
    let settled!: () => void;
    // Waiters resume once the records below are cached (or the read failed), not merely once it answered.
    const done = new Promise<void>((resolve) => (settled = resolve));
    const load: LoadInFlight = { websiteId, keys: new Set(missing), done, announced: new Set(), all: false };
    this.loadsInFlight.add(load);
    try {
      let found: Map<string, HistoryRead>;
      try {
        found = await this.sink.loadHistory(websiteId, missing);
      } finally {
        this.loadsInFlight.delete(load);
      }
      this.onRead?.(missing.length, found.size);
      const loadedAt = this.now();
      // A rotation while waiting may have dropped an emptied website's records object.
      const site = this.siteOf(websiteId);
      for (let i = 0; i < missing.length; i++) {
        const k = missing[i]!;
        // Validation of an earlier group may have written the record meanwhile (prefetching overlaps
        // it): what this process wrote is newer than what the table held when the query ran.
        const meanwhile = this.lookup(site, k);
        if (meanwhile !== seen[i] && meanwhile !== undefined && !meanwhile.stale) continue;
        const hit = found.get(k);
        // Absent keys are remembered as absent until this process writes them (or another process
        // announces it did), which saves a query per new session.
        const slot: Slot = hit ? { record: hit.value, expiresAt: hit.expiresAtMs, at: loadedAt } : { record: undefined, expiresAt: now + this.persistMinTtl, at: loadedAt };
        // Announced while the read was under way: it serves the batch it was read for, like any
        // record announced mid-batch, and is read again before the next.
        if (load.all || load.announced.has(k)) slot.stale = true;
        this.put(site, k, slot, false);
      }
    } finally {
      settled();
    }
  }

  /**
   * A synchronous view for one website; long-lived writes are collected into `writes`, and what
   * each write replaced into `undo`, so a hit that ends up not stored can be taken back out.
   */
  view(websiteId: string, writes: HistoryWrite[], undo: HistoryUndo[] = []): ValidationHistory {
    return {
      get: (key) => {
        const slot = this.lookup(this.siteOf(websiteId), key);
        if (!slot || slot.expiresAt <= this.now()) return undefined;
        return slot.record;
      },
      set: (key, record, ttlMs) => {
        const at = this.now();
        const expiresAt = at + Math.max(0, ttlMs);
        const site = this.siteOf(websiteId);
        const persisted = ttlMs >= this.persistMinTtl;
        const slot: Slot = persisted ? { record, expiresAt, at } : { record, expiresAt, at, local: true };
        const inCurrent = site.current.get(key);
        const previous = inCurrent ?? site.previous.get(key);
        undo.push({ websiteId, key, previous, written: slot });
        this.put(site, key, slot, inCurrent !== undefined);
        if (persisted) writes.push({ websiteId, key, value: record, expiresAtMs: expiresAt });
      },
    };
  }
}

function markPersistedStale(site: SiteRecords) {
  for (const slot of site.current.values()) if (!slot.local) slot.stale = true;
  for (const slot of site.previous.values()) if (!slot.local) slot.stale = true;
}
