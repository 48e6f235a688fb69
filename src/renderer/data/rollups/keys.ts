import type { RollupDimension } from './types';

export const rollupKeys = {
  all: ['rollups'] as const,
  /** A period's chart buckets (rollup_series) of one website or every website of the organization. */
  series: (organizationId: string | undefined, websiteId: string | null, firstBucketMs: number, endMs: number, bucketCount: number, dimensions: readonly RollupDimension[]) =>
    [...rollupKeys.all, 'series', organizationId, websiteId, firstBucketMs, endMs, bucketCount, [...dimensions].sort().join(',')] as const,
  /** Buckets per website (rollup_series_by_website). */
  seriesByWebsite: (organizationId: string | undefined, bucketStartsMs: readonly number[], untilMs: number, dimensions: readonly RollupDimension[]) =>
    [...rollupKeys.all, 'series-by-website', organizationId, bucketStartsMs.join(','), untilMs, [...dimensions].sort().join(',')] as const,
  usageEvents: (organizationId: string | undefined) => [...rollupKeys.all, 'usage-events', organizationId] as const,
};
