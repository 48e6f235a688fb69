import type { ChartSeries } from './StackedBarChart';

/** Requests by validation status, in the colours the dashboard and analytics charts share. */
export const STATUS_SERIES: readonly ChartSeries[] = [
  { key: 'pass', label: 'Pass', color: 'var(--mantine-color-teal-6)' },
  { key: 'warning', label: 'Warning', color: 'var(--mantine-color-yellow-5)' },
  { key: 'fail', label: 'Fail', color: 'var(--mantine-color-red-6)' },
];
