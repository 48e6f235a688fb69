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
