import type { DropReason } from './drop-reasons';
import type { StoredHit } from './stored-hit';

/** Counters are kept per five minutes: fine enough for "no hits for 15 minutes", small enough to keep a week. */
export const COUNTER_BUCKET_MS = 5 * 60_000;

export type CounterOutcome = 'stored' | 'failed' | 'refused';

/** One row of public.website_hit_counters: hits of a website in a five-minute bucket, by outcome (and reason for refusals). */
export interface WebsiteCount {
  organizationId: string;
  websiteId: string;
  bucketMs: number;
  outcome: CounterOutcome;
  /** The drop reason for refusals, '' otherwise. */
  reason: string;
  count: number;
}

const bucketOf = (ms: number) => Math.floor(ms / COUNTER_BUCKET_MS) * COUNTER_BUCKET_MS;
const keyOf = (c: Omit<WebsiteCount, 'count' | 'organizationId'>) => `${c.websiteId}|${c.bucketMs}|${c.outcome}|${c.reason}`;

/**
 * Hits refused for a known website, counted in memory and written with the next batch (like quota
 * refusals), so a flood of refused hits costs one upsert per batch, not one per hit. Alerts read
 * them: a website whose hits are refused must not look healthy.
 */
export class RefusalCounter {
  private counts = new Map<string, WebsiteCount>();

  add(organizationId: string, websiteId: string, reason: DropReason, n: number, nowMs: number): void {
    if (n <= 0) return;
    merge(this.counts, { organizationId, websiteId, bucketMs: bucketOf(nowMs), outcome: 'refused', reason, count: n });
  }

  get size(): number {
    return this.counts.size;
  }

  drain(): WebsiteCount[] {
    const list = [...this.counts.values()];
    this.counts = new Map();
    return list;
  }

  /** Puts counts back after a failed write, so they are written with a later batch. */
  restore(list: readonly WebsiteCount[]): void {
    for (const c of list) merge(this.counts, { ...c });
  }
}

function merge(map: Map<string, WebsiteCount>, c: WebsiteCount) {
  const key = keyOf(c);
  const existing = map.get(key);
  if (existing) existing.count += c.count;
  else map.set(key, c);
}

/**
 * The batch's stored hits (and those that failed validation) per website and bucket, plus the
 * refusals, sorted by key so concurrent batches lock counter rows in the same order.
 */
export function websiteCounts(hits: readonly StoredHit[], refusals: readonly WebsiteCount[]): WebsiteCount[] {
  const map = new Map<string, WebsiteCount>();
  for (const h of hits) {
    const bucketMs = bucketOf(h.receivedAtMs);
    merge(map, { organizationId: h.organizationId, websiteId: h.websiteId, bucketMs, outcome: 'stored', reason: '', count: 1 });
    if (h.status === 'fail') merge(map, { organizationId: h.organizationId, websiteId: h.websiteId, bucketMs, outcome: 'failed', reason: '', count: 1 });
  }
  for (const r of refusals) merge(map, { ...r });
  return [...map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, c]) => c);
}
