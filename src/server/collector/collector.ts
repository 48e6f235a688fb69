import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../logger';
import { createEngineAdapter, type CollectorEngine } from './engine-adapter';
import { HistoryCache, type HistoryCacheOptions } from './history-cache';
import { createMetrics, type CollectorMetrics, type MetricsRecorder } from './metrics';
import { createPgSink, isTransientDbError, pgInventoryWrite } from './pg-sink';
import { DEFAULT_INVENTORY_FLUSH_MS, DEFAULT_INVENTORY_MAX_ROWS, InventoryAccumulator } from './inventory-accumulator';
import { IngestPipeline } from './pipeline';
import { createQuotaLedger } from './quota';
import { createClientRateLimiter } from './client-rate-limit';
import { createRateLimiter, pgAllowanceClaim, pruneRateBuckets, type AllowanceClaim } from './rate-limit';
import type { CollectorSink } from './sink';
import { createWebsiteDirectory, type WebsiteDirectoryOptions } from './websites';
import { COLLECTOR_CACHE_CHANNEL, COLLECTOR_HISTORY_CHANNEL, listenForCacheInvalidation, type CacheInvalidationListener } from './cache-invalidation';
import { applyHistoryAnnouncement } from './history-announcements';
import { BatchWriter, DEFAULT_WRITER_OPTIONS, type WriterOptions } from './writer';
import { HitValidation, validateQueued, type AdmittedHit, type HitValidator } from './validation';
import { countingObserver } from './ingest-observer';
import { ValidationThread } from './validation-thread';
import { RefusalCounter } from './website-counters';

export interface CollectorOptions {
  writer?: Partial<WriterOptions>;
  websites?: WebsiteDirectoryOptions;
  history?: HistoryCacheOptions;
  /** How often partitions are created ahead and retention applied. */
  maintenanceIntervalMs?: number;
  partitionDaysAhead?: number;
  /** Tests inject an engine or a sink; production uses the real ones. */
  engine?: CollectorEngine;
  sink?: CollectorSink;
  /** Where per-website minute allowances are claimed; Postgres (shared by every process) unless a test injects one. */
  rateClaim?: AllowanceClaim;
  /**
   * Decode and validate in a thread of their own (validation-thread.ts) rather than on the event
   * loop. Needs the real engine and sink (not injected) and history options that are plain data.
   */
  validationThread?: boolean;
  /**
   * false: stored hits add nothing to the traffic inventory (issue 25's hourly counters). Only the
   * bench switches it off, to measure what the inventory costs per hit.
   */
  inventory?: boolean;
  /**
   * How often this process writes the inventory counters it accumulated (inventory-accumulator.ts;
   * default 5 s); 0: right after each batch commits, before its hits are acknowledged, so a test
   * reads the counters as soon as its hits are answered.
   */
  inventoryFlushMs?: number;
}

export interface Collector {
  pipeline: IngestPipeline;
  metrics(): CollectorMetrics;
  /** Creates partitions ahead and starts periodic maintenance. */
  start(): Promise<void>;
  /** Stops admission, drains the queue (every queued hit is stored or refused), writes the inventory counters, stops timers. */
  stop(): Promise<void>;
}

/** Assembles the collector: website directory, quota, engine, history cache, batch writer, maintenance. */
export function createCollector(pool: pg.Pool, log: Logger, options: CollectorOptions = {}): Collector {
  const metrics: MetricsRecorder = createMetrics();
  // Changes made through any process reach this one's caches (NOTIFY); see cache-invalidation.ts.
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  const announced = Boolean(connectionString) && !options.sink;
  const processId = randomUUID();
  // The traffic inventory's counters, written outside the batches' transactions (issue 25's budget).
  const inventory = options.sink
    ? undefined
    : new InventoryAccumulator(pgInventoryWrite(pool), isTransientDbError, log, { flushIntervalMs: options.inventoryFlushMs ?? DEFAULT_INVENTORY_FLUSH_MS, maxRows: DEFAULT_INVENTORY_MAX_ROWS });
  const sink = options.sink ?? createPgSink(pool, { announceHistoryAs: processId, ...(inventory ? { inventory } : {}) });
  const quota = createQuotaLedger();
  let listener: CacheInvalidationListener | undefined;
  const changesAnnounced = () => listener?.listening() ?? false;
  const directory = createWebsiteDirectory(pool, (usage) => quota.observe(usage), {
    ...(announced ? { changesAnnounced } : {}),
    ...options.websites,
  });
  const engine = options.engine ?? createEngineAdapter();
  // The validation thread needs the real engine and the database's address; it keeps its own history cache.
  const threadDatabase = options.validationThread && announced && !options.engine ? connectionString : undefined;
  const history =
    threadDatabase === undefined
      ? new HistoryCache(sink, {
          ...(announced ? { changesAnnounced, caughtUp: () => listener?.caughtUp() ?? Promise.resolve() } : {}),
          onRead: (keys, found) => metrics.historyRead(keys, found),
          ...options.history,
        })
      : undefined;
  const validator: HitValidator =
    threadDatabase === undefined
      ? new HitValidation(engine, history!, log, { inventory: options.inventory !== false })
      : new ValidationThread({ connectionString: threadDatabase, processId, inventory: options.inventory !== false, history: { maxEntries: options.history?.maxEntries, persistMinTtlMs: options.history?.persistMinTtlMs } }, log, (r) => metrics.historyRead(r.keys, r.found, r.reads));
  const refusals = new RefusalCounter();
  // In dependency order: the writer validates through the validator, the pipeline queues into the writer.
  const writer = new BatchWriter<AdmittedHit>(
    sink,
    quota,
    {
      prepare: validateQueued(validator),
      onVerified: (ids) => ids.forEach((id) => directory.markVerified(id)),
      onSettled: (hit, kept) => validator.settle(hit.seq, kept),
      refusalCounter: refusals,
    },
    metrics,
    log,
    { ...DEFAULT_WRITER_OPTIONS, ...options.writer },
  );
  const pipeline = new IngestPipeline({
    directory,
    quota,
    validator,
    queue: writer,
    observer: countingObserver(metrics, refusals, () => writer.flushSoon()),
    log,
    rateLimiter: createRateLimiter(options.rateClaim ?? pgAllowanceClaim(pool), log),
    clientLimiter: createClientRateLimiter(),
  });

  const interval = options.maintenanceIntervalMs ?? 60 * 60_000;
  const daysAhead = options.partitionDaysAhead ?? 3;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;

  async function maintain() {
    try {
      const created = await sink.ensurePartitions(daysAhead);
      const retention = await sink.applyRetention();
      if (!options.sink) await pruneRateBuckets(pool);
      log.debug({ created, retention }, 'collector maintenance');
    } catch (err) {
      log.warn({ error: err instanceof Error ? err.message : String(err) }, 'collector maintenance failed');
    }
  }

  return {
    pipeline,
    metrics: () => metrics.snapshot(),
    async start() {
      if (announced && connectionString) {
        listener = listenForCacheInvalidation(
          connectionString,
          {
            channels: {
              [COLLECTOR_CACHE_CHANNEL]: () => directory.clear(),
              // The validation thread listens for history announcements itself.
              ...(history
                ? {
                    [COLLECTOR_HISTORY_CHANNEL]: (payload: string) => applyHistoryAnnouncement(history, payload, processId),
                  }
                : {}),
            },
            reconnected() {
              directory.clear();
              history?.forgetAll();
            },
          },
          log,
        );
      }
      await sink.ensurePartitions(daysAhead);
      inventory?.start();
      timer = setInterval(() => void maintain(), interval);
      timer.unref();
      // Retention may take a while on a big log: never delay startup for it.
      first = setTimeout(() => void maintain(), 5_000);
      first.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await writer.drain();
      // After the drain: the last batches' counters are written before the pool closes.
      await Promise.all([listener?.stop(), validator.stop(), inventory?.stop()]);
    },
  };
}
