import { countOf } from '../../../lib/plural';

interface Counts {
  error_count: number;
  warning_count: number;
  info_count: number;
}

/**
 * A request's findings in one short label for narrow screens ("3 findings", coloured by the worst
 * one), with the full breakdown for screen readers and the tooltip.
 */
export function compactFindings(row: Counts): { label: string; color: string; detail: string } {
  const total = row.error_count + row.warning_count + row.info_count;
  const color = row.error_count > 0 ? 'red' : row.warning_count > 0 ? 'yellow' : row.info_count > 0 ? 'blue' : 'dimmed';
  const detail = total === 0 ? 'No findings' : [countOf(row.error_count, 'error'), countOf(row.warning_count, 'warning'), `${row.info_count} info`].join(', ');
  return { label: total === 0 ? 'None' : countOf(total, 'finding'), color, detail };
}

/** How many filters narrow the log (the website and time range always have a value, so they do not count). */
export function activeFilterCount(filters: { status: string | null; eventName?: string | null; ruleId?: string | null; search?: string | null }): number {
  return [filters.status, filters.eventName, filters.ruleId, filters.search].filter((v) => v != null && v !== '').length;
}
