import { DROP_REASONS, type DropReason } from './drop-reasons';

/** Operator counters: totals only, never a site key, organization or website. */
export interface CollectorMetrics {
  hitsReceived: number;
  hitsStored: number;
  hitsDuplicate: number;
  dropped: Record<DropReason, number>;
  batchesWritten: number;
  batchWriteFailures: number;
  /** Sum of rows over batchesWritten, to read the mean batch size. */
  batchedHits: number;
  maxBatchSize: number;
  queueDepth: number;
  queueCapacity: number;
  /**
   * Reads of the engine's history from Postgres (one query per website and validation group), the
   * keys they asked for and the records found (the validation thread's too: it reports its reads with
   * each group it validated).
   */
  historyReads: number;
  historyKeysRead: number;
  historyRecordsRead: number;
  startedAt: string;
}

export interface MetricsRecorder {
  readonly snapshot: () => CollectorMetrics;
  received(n: number): void;
  stored(n: number, duplicates: number): void;
  dropped(reason: DropReason, n?: number): void;
  batchWritten(size: number): void;
  batchFailed(): void;
  setQueue(depth: number, capacity: number): void;
  /** `reads` queries (default one) asked for `keys` keys and found `found` records. */
  historyRead(keys: number, found: number, reads?: number): void;
}

export function createMetrics(): MetricsRecorder {
  const dropped = Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) as Record<DropReason, number>;
  const m: CollectorMetrics = {
    hitsReceived: 0,
    hitsStored: 0,
    hitsDuplicate: 0,
    dropped,
    batchesWritten: 0,
    batchWriteFailures: 0,
    batchedHits: 0,
    maxBatchSize: 0,
    queueDepth: 0,
    queueCapacity: 0,
    historyReads: 0,
    historyKeysRead: 0,
    historyRecordsRead: 0,
    startedAt: new Date().toISOString(),
  };
  return {
    snapshot: () => ({ ...m, dropped: { ...m.dropped } }),
    received: (n) => void (m.hitsReceived += n),
    stored: (n, duplicates) => {
      m.hitsStored += n;
      m.hitsDuplicate += duplicates;
    },
    dropped: (reason, n = 1) => void (m.dropped[reason] += n),
    batchWritten: (size) => {
      m.batchesWritten += 1;
      m.batchedHits += size;
      if (size > m.maxBatchSize) m.maxBatchSize = size;
    },
    batchFailed: () => void (m.batchWriteFailures += 1),
    setQueue: (depth, capacity) => {
      m.queueDepth = depth;
      m.queueCapacity = capacity;
    },
    historyRead: (keys, found, reads = 1) => {
      m.historyReads += reads;
      m.historyKeysRead += keys;
      m.historyRecordsRead += found;
    },
  };
}
