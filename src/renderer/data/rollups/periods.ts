import { startOfDay } from './time-zone';

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
  /** Nominal width of one chart bucket: an hour, or a calendar day (23 to 25 hours across DST). */
  bucketMs: number;
  bucketCount: number;
  /** Start of each bucket (ms), oldest first; bucket i ends where i + 1 starts (the last at endMs). */
  bucketStarts: number[];
  /** The zone the daily buckets are calendar days of (and their labels are in). */
  timeZone: string;
}

/** Floors a time to the start of its UTC hour. */
export function floorHour(ms: number): number {
  return Math.floor(ms / HOUR_MS) * HOUR_MS;
}

/**
 * The hours a period covers, ending with the current hour: 24 hourly buckets, or 7 / 30 calendar
 * days of `timeZone` ending with today, so today's hits are under today's date. Rollups are
 * hourly, so in a zone with a half-hour offset an hour counts on the day it starts.
 */
export function periodWindow(period: Period, nowMs: number, timeZone = 'UTC'): PeriodWindow {
  const endMs = floorHour(nowMs) + HOUR_MS;
  if (period === '24h') {
    const startMs = endMs - DAY_MS;
    const bucketStarts = Array.from({ length: 24 }, (_, i) => startMs + i * HOUR_MS);
    return { startMs, endMs, bucketMs: HOUR_MS, bucketCount: 24, bucketStarts, timeZone };
  }
  const days = period === '7d' ? 7 : 30;
  const bucketStarts = Array.from({ length: days }, (_, i) => startOfDay(nowMs, timeZone, days - 1 - i));
  return { startMs: bucketStarts[0] ?? endMs - days * DAY_MS, endMs, bucketMs: DAY_MS, bucketCount: days, bucketStarts, timeZone };
}

/** The bucket an instant falls in, or -1 outside the window. */
export function bucketIndex(window: PeriodWindow, at: number): number {
  if (!(at >= window.startMs && at < window.endMs)) return -1;
  for (let i = window.bucketStarts.length - 1; i >= 0; i -= 1) if (at >= (window.bucketStarts[i] ?? Infinity)) return i;
  return -1;
}
