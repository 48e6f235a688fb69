import type pg from 'pg';
import type { Logger } from '../logger';
import { createEngineAdapter, type CollectorEngine } from './engine-adapter';
import { HistoryCache, type HistoryCacheOptions } from './history-cache';
import { createMetrics, type CollectorMetrics, type MetricsRecorder } from './metrics';
import { createPgSink } from './pg-sink';
import { IngestPipeline, type AdmittedHit } from './pipeline';
import { createQuotaLedger } from './quota';
import { createRateLimiter, pgAllowanceClaim, pruneRateBuckets, type AllowanceClaim } from './rate-limit';
import type { CollectorSink } from './sink';
import { createWebsiteDirectory, type WebsiteDirectoryOptions } from './websites';
import { listenForCacheInvalidation, type CacheInvalidationListener } from './cache-invalidation';
import { BatchWriter, DEFAULT_WRITER_OPTIONS, type WriterOptions } from './writer';
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
}

export interface Collector {
  pipeline: IngestPipeline;
  engine: CollectorEngine;
  metrics(): CollectorMetrics;
  /** Creates partitions ahead and starts periodic maintenance. */
  start(): Promise<void>;
  /** Stops admission, drains the queue (every queued hit is stored or refused), stops timers. */
  stop(): Promise<void>;
}

/** Assembles the collector: website directory, quota, engine, history cache, batch writer, maintenance. */
export function createCollector(pool: pg.Pool, log: Logger, options: CollectorOptions = {}): Collector {
  const metrics: MetricsRecorder = createMetrics();
  const sink = options.sink ?? createPgSink(pool);
  const quota = createQuotaLedger();
  // Changes made through any process reach this one's caches (NOTIFY); see cache-invalidation.ts.
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  let listener: CacheInvalidationListener | undefined;
  const directory = createWebsiteDirectory(pool, (usage) => quota.observe(usage), {
    ...(connectionString && !options.sink ? { changesAnnounced: () => listener?.listening() ?? false } : {}),
    ...options.websites,
  });
  const engine = options.engine ?? createEngineAdapter();
  const history = new HistoryCache(sink, options.history);
  const refusals = new RefusalCounter();
  const rateLimiter = createRateLimiter(options.rateClaim ?? pgAllowanceClaim(pool), log);
  const pipeline = new IngestPipeline({ directory, quota, engine, history, metrics, log, refusals, rateLimiter });
  pipeline.writer = new BatchWriter<AdmittedHit>(
    sink,
    quota,
    {
      prepare: (batch) => pipeline.validate(batch),
      onVerified: (ids) => ids.forEach((id) => directory.markVerified(id)),
      onDropped: (hit) => pipeline.forgetHistory(hit),
      refusalCounter: refusals,
    },
    metrics,
    log,
    { ...DEFAULT_WRITER_OPTIONS, ...options.writer },
  );

  const interval = options.maintenanceIntervalMs ?? 60 * 60_000;
  const daysAhead = options.partitionDaysAhead ?? 3;
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;

  async function maintain() {
    try {
      const created = await sink.ensurePartitions(daysAhead);
      const retention = await sink.applyRetention();
      if (!options.sink) await pruneRateBuckets(pool);
      log.debug('collector maintenance', { created, retention });
    } catch (err) {
      log.warn('collector maintenance failed', { error: err instanceof Error ? err.message : String(err) });
    }
  }

  return {
    pipeline,
    engine,
    metrics: () => metrics.snapshot(),
    async start() {
      if (connectionString && !options.sink) listener = listenForCacheInvalidation(connectionString, () => directory.clear(), log);
      await sink.ensurePartitions(daysAhead);
      timer = setInterval(() => void maintain(), interval);
      timer.unref();
      // Retention may take a while on a big log: never delay startup for it.
      first = setTimeout(() => void maintain(), 5_000);
      first.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      await pipeline.writer.drain();
      await listener?.stop();
    },
  };
}
