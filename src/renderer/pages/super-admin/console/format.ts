/** Dates and numbers for operators: short, unambiguous, in the browser's locale and time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  return new Date(value).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return new Date(value).toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A limit of -1 means unlimited. */
export function formatUsage(used: number, limit: number): string {
  return limit < 0 ? `${formatCount(used)} / unlimited` : `${formatCount(used)} / ${formatCount(limit)}`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.round(n / 1024)} KB`;
}

/** A calendar day from the server ("2026-11-27", a UTC date) as "Nov 27" for chart axes. */
export function formatDay(isoDay: string): string {
  const date = new Date(`${isoDay.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDay;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A line needs two points: one point is drawn as a bar (a lone dot on an empty area chart reads as broken). */
export function timeSeriesChartKind(points: number): 'area' | 'bar' {
  return points >= 2 ? 'area' : 'bar';
}

/** Counts are whole: axis ticks at 0.75 or 2.25 would suggest otherwise (recharts YAxis props). */
export const WHOLE_NUMBER_AXIS = { allowDecimals: false, width: 48 } as const;
