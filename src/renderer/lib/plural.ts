const COUNT = new Intl.NumberFormat('en-US');
const RULES = new Intl.PluralRules('en-US');

/** "1 error", "3 errors", "1,200 warnings"; `plural` for words that do not just take an s ("info" stays "info"). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${COUNT.format(count)} ${RULES.select(count) === 'one' ? singular : plural}`;
}

/**
 * "2 critical, 1 warning, 0 info": a request's or result's findings by severity, in the one severity
 * vocabulary (src/shared/severity.ts: an engine `error` is Critical).
 */
export function findingCounts(counts: { error: number; warning: number; info: number }, separator = ', '): string {
  return [countOf(counts.error, 'critical', 'critical'), countOf(counts.warning, 'warning'), countOf(counts.info, 'info', 'info')].join(separator);
}
