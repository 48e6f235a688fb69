import { describe, expect, it } from 'vitest';
import { formatDay, timeSeriesChartKind, WHOLE_NUMBER_AXIS } from '../../../../src/renderer/pages/super-admin/console/format';

// Issue 23, defect 8: the console's charts showed ISO dates, ticks at 0.75 and 2.25, and a line of one point.
describe('console charts', () => {
  it('label days as "Nov 27", not ISO dates', () => {
    expect(formatDay('2026-11-27')).toBe('Nov 27');
    expect(formatDay('2026-01-01')).toBe('Jan 1');
  });

  it('count axes have whole-number ticks only', () => {
    expect(WHOLE_NUMBER_AXIS.allowDecimals).toBe(false);
  });

  it('one point is a bar, two or more an area', () => {
    expect(timeSeriesChartKind(1)).toBe('bar');
    expect(timeSeriesChartKind(2)).toBe('area');
  });
});
