/** The periods the dashboard and analytics show, and how each is cut into chart buckets. */
export const PERIODS = ['24h', '7d', '30d'] as const;
export type Period = (typeof PERIODS)[number];

export const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export const PERIOD_LABELS: Record<Period, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

export interface PeriodWindow {
  /** First hour included (ms, start of a UTC hour). */
  startMs: number;
  /** End, exclusive (the end of the current hour). */
  endMs: number;
  /** Width of one chart bucket. */
  bucketMs: number;
  bucketCount: number;
}

/** Floors a time to the start of its UTC hour. */
export function floorHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/**
 * The hours a period covers, ending with the current hour: 24 hourly buckets, or 7 / 30 daily
 * buckets (each 24 hours, aligned to the current hour so the last bucket ends now).
 */
export function periodWindow(period: Period, nowMs: number): PeriodWindow {
  const endMs = floorHour(nowMs) + HOUR_MS;
  if (period === '24h') return { startMs: endMs - DAY_MS, endMs, bucketMs: HOUR_MS, bucketCount: 24 };
  const days = period === '7d' ? 7 : 30;
  return { startMs: endMs - days * DAY_MS, endMs, bucketMs: DAY_MS, bucketCount: days };
}

export function isPeriod(value: string | null | undefined): value is Period {
  return value != null && (PERIODS as readonly string[]).includes(value);
}
