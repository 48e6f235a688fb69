const DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** "Nov 22, 2026", or the fallback for a missing or unreadable date. */
export function formatDate(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? fallback : DATE.format(at);
}
