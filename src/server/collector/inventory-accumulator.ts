import type { Logger } from '../logger';
import { countInventory, emptyInventoryCounters, inventoryRowsOf, mergeInventoryCounters, type InventoryCounters, type InventoryHit, type InventoryRow } from './inventory';

/**
 * The traffic inventory's counters of one collector process (issue 25), kept in memory and written
 * every few seconds instead of inside every batch's transaction.
 *
 * Upserting the counters in each batch's transaction cost Postgres a row update for almost every
 * second stored hit (the same few counters, again and again) and held their row locks until commit.
 * Here the hits of each batch that COMMITTED are counted into one map per process, merged by
 * (website, hour, event, scope, name), and written with the additive upsert on a connection of the
 * pool, outside any batch: every `flushIntervalMs`, as soon as `maxRows` counters are waiting, and
 * when the collector stops. Several processes stay correct because the upsert adds.
 *
 * The trade-off: a process that crashes loses the counters of its last few seconds (the hits
 * themselves are stored and counted everywhere else); a flush that fails on a transient database
 * error is merged back and tried again with the next one.
 */
export interface InventoryAccumulatorOptions {
  /** How often waiting counters are written; 0: right after each committed batch, before its hits are acknowledged (tests). */
  flushIntervalMs: number;
  /** Waiting counters past which a flush starts at once, whatever the interval. */
  maxRows: number;
}

export const DEFAULT_INVENTORY_FLUSH_MS = 5_000;
export const DEFAULT_INVENTORY_MAX_ROWS = 20_000;

/** Writes counters (the additive upsert); rejects when nothing was written. */
export type InventoryWrite = (rows: InventoryRow[]) => Promise<void>;

export class InventoryAccumulator {
  private counters: InventoryCounters = emptyInventoryCounters();
  private timer: NodeJS.Timeout | undefined;
  /** The flush in progress (flushes run one at a time, in order). */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: InventoryWrite,
    /** Whether a failed write's counters are worth keeping for the next flush (the database was unreachable). */
    private readonly retryable: (err: unknown) => boolean,
    private readonly log: Logger,
    private readonly options: InventoryAccumulatorOptions,
  ) {}

  /** Counters waiting to be written. */
  get pending(): number {
    return this.counters.size;
  }

  /** Starts the periodic flush (none with an interval of 0: every committed batch flushes). */
  start(): void {
    if (this.options.flushIntervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  /**
   * Counts the hits of a batch that committed (never those of a batch rolled back). Resolves at
   * once (a flush past the bound runs beside the batches, without delaying them), unless the
   * interval is 0: then once they are written.
   */
  committed(hits: ReadonlyArray<InventoryHit>): Promise<void> {
    countInventory(this.counters, hits);
    if (this.options.flushIntervalMs <= 0) return this.flush();
    if (this.counters.size >= this.options.maxRows) void this.flush();
    return Promise.resolve();
  }

  /**
   * Takes every waiting counter and writes them after the flushes before (one at a time, in
   * order); resolves when they are written. Never rejects: a failure is logged, and the counters
   * are kept for the next flush when the failure is retryable.
   */
  flush(): Promise<void> {
    if (this.counters.size > 0) {
      const taken = this.counters;
      this.counters = emptyInventoryCounters();
      this.flushing = this.flushing.then(() => this.writeTaken(taken));
    }
    return this.flushing;
  }

  /** Stops the periodic flush and writes what is waiting. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writeTaken(taken: InventoryCounters): Promise<void> {
    const rows = inventoryRowsOf(taken);
    try {
      await this.write(rows);
    } catch (err) {
      const kept = this.retryable(err);
      this.log.warn({ error: err instanceof Error ? err.message : String(err), counters: rows.length, kept }, 'inventory flush failed');
      if (kept) this.putBack(taken);
    }
  }

  /** Merges counters that could not be written into those counted since. */
  private putBack(taken: InventoryCounters): void {
    mergeInventoryCounters(this.counters, taken);
  }
}
