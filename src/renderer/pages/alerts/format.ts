const DATE_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "Nov 22, 10:04 AM": alerts are evaluated per minute, so seconds would only be noise. */
export function formatAlertTime(iso: string | null | undefined, fallback = '—'): string {
  if (!iso) return fallback;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? fallback : DATE_TIME.format(at);
}
