import { bucketIndex, type PeriodWindow } from './periods';
import type { RollupCount, RollupDimension } from './types';

/**
 * Pure aggregation of rollups (hourly, or already summed per chart bucket by rollup_series) for
 * the KPI cards, top lists and charts. Rows outside the window are ignored, whatever the read
 * returned.
 */

function inWindow(row: RollupCount, window: Pick<PeriodWindow, 'startMs' | 'endMs'>): boolean {
  const at = Date.parse(row.hour);
  return at >= window.startMs && at < window.endMs;
}

/** Total count per value of one dimension, largest first (ties by value, for a stable order). */
export function totalsBy(rows: readonly RollupCount[], dimension: RollupDimension, window?: PeriodWindow): Array<{ value: string; count: number }> {
  const totals = new Map<string, number>();
  for (const row of rows) {
    if (row.dimension !== dimension || (window && !inWindow(row, window))) continue;
    totals.set(row.value, (totals.get(row.value) ?? 0) + row.count);
  }
  return [...totals]
    .map(([value, count]) => ({ value, count }))
    .filter((t) => t.count > 0)
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

export interface Kpis {
  requests: number;
  passed: number;
  warned: number;
  failed: number;
  /** Share of requests that passed, 0..1; null without requests. */
  passRate: number | null;
  /** Findings by severity (a request can have several). */
  errors: number;
  warnings: number;
  infos: number;
  /** Requests judged without some rule tiers (the plan's), and those of them the checks that did not run found broken although they did not fail. */
  notRun: number;
  hiddenFailures: number;
}

export function computeKpis(rows: readonly RollupCount[], window?: PeriodWindow): Kpis {
  const count = (dimension: RollupDimension, value: string) =>
    rows.reduce((sum, r) => (r.dimension === dimension && r.value === value && (!window || inWindow(r, window)) ? sum + r.count : sum), 0);
  const requests = count('requests', 'all');
  const passed = count('status', 'pass');
  return {
    requests,
    passed,
    warned: count('status', 'warning'),
    failed: count('status', 'fail'),
    passRate: requests > 0 ? passed / requests : null,
    errors: count('severity', 'error'),
    warnings: count('severity', 'warning'),
    infos: count('severity', 'info'),
    notRun: count('verdict', 'not_run'),
    hiddenFailures: count('verdict', 'hidden_failure'),
  };
}

/** "97.5%" (one decimal), or "—" without data. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
}

export interface SeriesBucket {
  /** Start of the bucket (ms). */
  startMs: number;
  values: Record<string, number>;
}

/**
 * Counts per bucket for some values of one dimension, e.g. status pass/warning/fail per hour.
 * Every bucket of the window is present (zeros included), oldest first.
 */
export function bucketSeries(rows: readonly RollupCount[], dimension: RollupDimension, values: readonly string[], window: PeriodWindow): SeriesBucket[] {
  const buckets: SeriesBucket[] = window.bucketStarts.map((startMs) => ({
    startMs,
    values: Object.fromEntries(values.map((v) => [v, 0])),
  }));
  for (const row of rows) {
    if (row.dimension !== dimension || !values.includes(row.value)) continue;
    const bucket = buckets[bucketIndex(window, Date.parse(row.hour))];
    if (bucket) bucket.values[row.value] = (bucket.values[row.value] ?? 0) + row.count;
  }
  return buckets;
}

/** Total of one value in the rows at or after a time (e.g. a rule's findings in the last hour). */
export function countSince(rows: readonly RollupCount[], dimension: RollupDimension, value: string, sinceMs: number, untilMs = Infinity): number {
  return rows.reduce((sum, r) => {
    if (r.dimension !== dimension || r.value !== value) return sum;
    const at = Date.parse(r.hour);
    return at >= sinceMs && at < untilMs ? sum + r.count : sum;
  }, 0);
}
