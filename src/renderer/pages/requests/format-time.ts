const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "Nov 22, 10:04:31 AM" in the viewer's time zone, or the fallback for a missing or unreadable time. */
export function formatDateTime(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? fallback : DATE_TIME.format(at);
}
