import type { DropReason } from './drop-reasons';
import type { MetricsRecorder } from './metrics';
import type { CollectorWebsite } from './websites';
import type { RefusalCounter } from './website-counters';

/**
 * What the ingestion steps report as they go: hits received, and hits refused with their reason.
 * The steps only decide; counting is the observer's one job.
 */
export interface IngestObserver {
  received(n: number): void;
  /** `website`: the website the hits were for, when the request got that far. */
  refused(website: CollectorWebsite | undefined, reason: DropReason, n: number, nowMs: number): void;
}

/**
 * Counts for the operator's metrics (every refusal) and, for a known website, for the website's
 * refused-hits figures and alerts: counted in memory and written with the next batch (`flushSoon`).
 */
export function countingObserver(metrics: MetricsRecorder, refusals: RefusalCounter | undefined, flushSoon: () => void): IngestObserver {
  return {
    received: (n) => metrics.received(n),
    refused(website, reason, n, nowMs) {
      metrics.dropped(reason, n);
      if (!website || !refusals) return;
      refusals.add(website.organizationId, website.id, reason, n, nowMs);
      flushSoon();
    },
  };
}
