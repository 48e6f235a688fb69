import type { StoredHit } from './stored-hit';

/** What the rollups count of a hit: every StoredHit field but its row (so a StoredRow, in the dashboards bench, too). */
export type RollupSource = Omit<StoredHit, 'copyLine'>;

export type RollupDimension = 'requests' | 'status' | 'format' | 'event_name' | 'rule' | 'severity' | 'verdict' | 'plan_violation';

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
export function aggregateRollups(hits: readonly RollupSource[]): RollupRow[] {
  // Counts per (website, hour), then per dimension and value: a batch's hits mostly share both,
  // so each count costs a short key instead of the whole row key.
  const groups = new Map<string, { organizationId: string; websiteId: string; hour: string; counts: Map<string, RollupRow> }>();
  let group: { organizationId: string; websiteId: string; hour: string; counts: Map<string, RollupRow> } | undefined;
  const add = (dimension: RollupDimension, value: string, n = 1) => {
    const g = group!;
    const key = `${dimension}|${value}`;
    const row = g.counts.get(key);
    if (row) row.count += n;
    else g.counts.set(key, { organizationId: g.organizationId, websiteId: g.websiteId, hour: g.hour, dimension, value, count: n });
  };
  let lastHourMs = -1;
  let hour = '';
  for (const h of hits) {
    const hourMs = Math.floor(h.receivedAtMs / HOUR_MS) * HOUR_MS;
    if (hourMs !== lastHourMs) {
      lastHourMs = hourMs;
      hour = new Date(hourMs).toISOString();
    }
    if (!group || group.websiteId !== h.websiteId || group.hour !== hour) {
      const groupKey = `${h.websiteId}|${hour}`;
      group = groups.get(groupKey);
      if (!group) groups.set(groupKey, (group = { organizationId: h.organizationId, websiteId: h.websiteId, hour, counts: new Map() }));
    }
    add('requests', 'all');
    add('status', h.status);
    add('format', h.format);
    for (const name of h.eventNames) add('event_name', name);
    for (const ruleId of h.issueRuleIds) add('rule', ruleId);
    // The plan's findings that violate it (above info): `rule` counts every severity alike.
    for (const ruleId of h.planViolationRuleIds) add('plan_violation', ruleId);
    if (h.counts.error > 0) add('severity', 'error', h.counts.error);
    if (h.counts.warning > 0) add('severity', 'warning', h.counts.warning);
    if (h.counts.info > 0) add('severity', 'info', h.counts.info);
    // Hits judged without the plan's withheld tiers, and those of them that did not fail although
    // the withheld checks found an error-level problem (their PASS or WARNING understates them).
    if (h.withheldState !== 'all_ran') {
      add('verdict', 'not_run');
      if (h.withheldState === 'would_fail' && h.status !== 'fail') add('verdict', 'hidden_failure');
    }
  }
  const keyed: Array<[string, RollupRow]> = [];
  for (const g of groups.values()) for (const row of g.counts.values()) keyed.push([`${row.websiteId}|${row.hour}|${row.dimension}|${row.value}`, row]);
  return keyed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, row]) => row);
}
