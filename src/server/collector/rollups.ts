import type { StoredHit } from './stored-hit';

export type RollupDimension = 'requests' | 'status' | 'format' | 'event_name' | 'rule' | 'severity';

export interface RollupRow {
  organizationId: string;
  websiteId: string;
  /** Start of the UTC hour, ISO. */
  hour: string;
  dimension: RollupDimension;
  value: string;
  count: number;
}

const HOUR_MS = 3_600_000;

/**
 * Aggregates a batch of stored hits into hourly counts per website, in memory, so the sink upserts
 * one row per (website, hour, dimension, value) instead of touching the rollups per hit. Rows come
 * back sorted by key, so concurrent batches lock rollup rows in the same order (no deadlocks).
 */
export function aggregateRollups(hits: readonly StoredHit[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  const add = (h: StoredHit, hour: string, dimension: RollupDimension, value: string, n = 1) => {
    const key = `${h.websiteId}|${hour}|${dimension}|${value}`;
    const row = rows.get(key);
    if (row) row.count += n;
    else rows.set(key, { organizationId: h.organizationId, websiteId: h.websiteId, hour, dimension, value, count: n });
  };
  let lastHourMs = -1;
  let hour = '';
  for (const h of hits) {
    const hourMs = Math.floor(h.receivedAtMs / HOUR_MS) * HOUR_MS;
    if (hourMs !== lastHourMs) {
      lastHourMs = hourMs;
      hour = new Date(hourMs).toISOString();
    }
    add(h, hour, 'requests', 'all');
    add(h, hour, 'status', h.status);
    add(h, hour, 'format', h.format);
    for (const name of h.eventNames) add(h, hour, 'event_name', name);
    for (const ruleId of h.issueRuleIds) add(h, hour, 'rule', ruleId);
    if (h.counts.error > 0) add(h, hour, 'severity', 'error', h.counts.error);
    if (h.counts.warning > 0) add(h, hour, 'severity', 'warning', h.counts.warning);
    if (h.counts.info > 0) add(h, hour, 'severity', 'info', h.counts.info);
  }
  return [...rows.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, row]) => row);
}
