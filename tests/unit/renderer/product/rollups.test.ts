import { describe, expect, it } from 'vitest';
import { bucketSeries, computeKpis, countSince, formatRate, totalsBy } from '../../../../src/renderer/data/rollups/aggregate';
import { periodWindow } from '../../../../src/renderer/data/rollups/periods';
import type { RollupRow } from '../../../../src/renderer/data/rollups/types';
import { axisTicks, niceMax } from '../../../../src/renderer/components/charts/chart-scale';
import { onboardingSteps, showOnboarding } from '../../../../src/renderer/pages/dashboard/onboarding';
import { familyTotals } from '../../../../src/renderer/pages/analytics/breakdowns';

const NOW = Date.parse('2026-11-22T12:30:00Z');
const row = (hour: string, dimension: RollupRow['dimension'], value: string, count: number, website_id = 'w1'): RollupRow => ({
  website_id,
  hour: `2026-11-${hour}:00:00+00:00`,
  dimension,
  value,
  count,
});

const ROWS: RollupRow[] = [
  row('22T12', 'requests', 'all', 10),
  row('22T12', 'status', 'pass', 6),
  row('22T12', 'status', 'warning', 3),
  row('22T12', 'status', 'fail', 1),
  row('22T12', 'severity', 'error', 2),
  row('22T12', 'severity', 'warning', 4),
  row('22T12', 'rule', 'basic.cid_present', 2),
  row('22T10', 'requests', 'all', 5, 'w2'),
  row('22T10', 'status', 'pass', 5, 'w2'),
  row('22T10', 'rule', 'ecom.purchase_value', 3, 'w2'),
  // Outside the 24-hour window.
  row('21T11', 'requests', 'all', 100),
  row('21T11', 'status', 'fail', 100),
];

describe('periodWindow', () => {
  it('ends with the current hour: 24 hourly or 7 daily buckets', () => {
    expect(periodWindow('24h', NOW)).toMatchObject({ startMs: Date.parse('2026-11-21T13:00:00Z'), endMs: Date.parse('2026-11-22T13:00:00Z'), bucketMs: 3_600_000, bucketCount: 24 });
    expect(periodWindow('24h', NOW).bucketStarts).toHaveLength(24);
  });

  it('cuts 7 and 30 days into calendar days of the zone, ending with today', () => {
    const utc = periodWindow('7d', NOW, 'UTC');
    expect(utc.bucketStarts).toHaveLength(7);
    expect(utc.bucketStarts.at(-1)).toBe(Date.parse('2026-11-22T00:00:00Z'));
    expect(utc.startMs).toBe(Date.parse('2026-11-16T00:00:00Z'));
    // 12:30 UTC is already the 23rd in Auckland (UTC+13 in November): today there starts at 11:00 UTC.
    const auckland = periodWindow('7d', NOW, 'Pacific/Auckland');
    expect(auckland.bucketStarts.at(-1)).toBe(Date.parse('2026-11-22T11:00:00Z'));
    // New York (UTC-5): the 22nd started at 05:00 UTC.
    expect(periodWindow('30d', NOW, 'America/New_York').bucketStarts.at(-1)).toBe(Date.parse('2026-11-22T05:00:00Z'));
    expect(periodWindow('30d', NOW, 'America/New_York').bucketStarts).toHaveLength(30);
  });

  it('keeps a calendar day whole across a DST change (23 hours in spring)', () => {
    const march = periodWindow('7d', Date.parse('2026-03-10T12:00:00Z'), 'America/New_York');
    const days = march.bucketStarts;
    // DST started on Sunday 8 March 2026: that day is 23 hours long.
    const sunday = days.indexOf(Date.parse('2026-03-08T05:00:00Z'));
    expect(sunday).toBeGreaterThan(-1);
    expect(days[sunday + 1]! - days[sunday]!).toBe(23 * 3_600_000);
  });
});

describe('KPIs and totals', () => {
  it('sums requests, statuses and findings inside the window', () => {
    expect(computeKpis(ROWS, periodWindow('24h', NOW))).toEqual({ requests: 15, passed: 11, warned: 3, failed: 1, passRate: 11 / 15, errors: 2, warnings: 4, infos: 0, notRun: 0, hiddenFailures: 0 });
    expect(computeKpis(ROWS).requests).toBe(115);
    expect(computeKpis([]).passRate).toBeNull();
  });

  it('formats the pass rate with one decimal', () => {
    expect(formatRate(11 / 15)).toBe('73.3%');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(null)).toBe('—');
  });

  it('ranks values of a dimension, largest first', () => {
    expect(totalsBy(ROWS, 'rule')).toEqual([
      { value: 'ecom.purchase_value', count: 3 },
      { value: 'basic.cid_present', count: 2 },
    ]);
    expect(familyTotals(totalsBy(ROWS, 'rule').concat({ value: 'custom.mine', count: 1 }))).toEqual([
      { value: 'ecommerce', label: 'E-commerce', count: 3 },
      { value: 'basic', label: 'Basic', count: 2 },
      { value: 'custom', label: 'Custom', count: 1 },
    ]);
  });
});

describe('bucketSeries', () => {
  it('puts each hour in its bucket with zeros elsewhere', () => {
    const span = periodWindow('24h', NOW);
    const buckets = bucketSeries(ROWS, 'status', ['pass', 'warning', 'fail'], span);
    expect(buckets).toHaveLength(24);
    expect(buckets[23]).toEqual({ startMs: Date.parse('2026-11-22T12:00:00Z'), values: { pass: 6, warning: 3, fail: 1 } });
    expect(buckets[21]!.values).toEqual({ pass: 5, warning: 0, fail: 0 });
    expect(buckets.reduce((n, b) => n + b.values.fail!, 0)).toBe(1);
  });

  it("puts today's hits under today, in the zone of the organization", () => {
    // 12:00 UTC on the 22nd is the 23rd in Auckland: the last (today's) bucket there, not yesterday's.
    const auckland = bucketSeries(ROWS, 'status', ['pass', 'fail'], periodWindow('7d', NOW, 'Pacific/Auckland'));
    expect(auckland.at(-1)!.values).toEqual({ pass: 6, fail: 1 });
    expect(auckland.at(-2)!.values).toEqual({ pass: 5, fail: 100 });
  });

  it('merges hours into daily buckets', () => {
    const buckets = bucketSeries(ROWS, 'status', ['pass', 'fail'], periodWindow('7d', NOW, 'UTC'));
    expect(buckets.at(-1)!.values).toEqual({ pass: 11, fail: 1 });
    expect(buckets.at(-2)!.values).toEqual({ pass: 0, fail: 100 });
    expect(countSince(ROWS, 'rule', 'basic.cid_present', Date.parse('2026-11-22T12:00:00Z'))).toBe(2);
  });
});

describe('chart scale', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 12, 180, 4500].map(niceMax)).toEqual([1, 1, 5, 10, 20, 200, 5000]);
    expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(1)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});

describe('onboarding', () => {
  it('shows until the current website has a hit', () => {
    const none = { websiteCount: 0, verificationStatus: null, websiteId: null, requestCount: 0 };
    expect(showOnboarding(none)).toBe(true);
    expect(onboardingSteps(none).map((s) => s.done)).toEqual([false, false, false, false]);
    const pending = { websiteCount: 1, verificationStatus: 'pending', websiteId: 'w1', requestCount: 0 };
    expect(showOnboarding(pending)).toBe(true);
    expect(onboardingSteps(pending)[1]).toMatchObject({ done: false, href: '/app/websites?website=w1' });
    expect(showOnboarding({ ...pending, requestCount: 3 })).toBe(false);
    expect(showOnboarding({ ...pending, verificationStatus: 'verified' })).toBe(false);
  });
});
