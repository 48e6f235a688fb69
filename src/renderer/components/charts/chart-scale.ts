/** Pure helpers for the small SVG charts: a "nice" axis maximum and its ticks. */

/** The smallest 1/2/5×10^n at or above the value (at least 1), so axis labels are round. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const exponent = Math.floor(Math.log10(value));
  const base = 10 ** exponent;
  for (const step of [1, 2, 5, 10]) if (value <= step * base) return step * base;
  return 10 * base;
}

/** Evenly spaced ticks from 0 to max (inclusive), `count` intervals; integers only when max allows. */
export function axisTicks(max: number, count = 4): number[] {
  const step = max / count;
  return Array.from({ length: count + 1 }, (_, i) => (Number.isInteger(step) ? i * step : Math.round(i * step * 100) / 100));
}

/** Bucket label in the organization's zone: the hour ("3 PM") for hourly buckets, the day ("Nov 22") for daily ones. */
export function bucketLabel(startMs: number, bucketMs: number, timeZone?: string): string {
  const options: Intl.DateTimeFormatOptions = bucketMs < 24 * 3_600_000 ? { hour: 'numeric' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(startMs);
}
