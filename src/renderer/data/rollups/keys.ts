import type { RollupDimension } from './types';

export const rollupKeys = {
  all: ['rollups'] as const,
  /** Hourly rollups of one website (or every website of the organization) from an hour on. */
  hourly: (organizationId: string | undefined, websiteId: string | null, sinceIso: string, dimensions: readonly RollupDimension[]) =>
    [...rollupKeys.all, 'hourly', organizationId, websiteId, sinceIso, [...dimensions].sort().join(',')] as const,
  /** A period's chart buckets (rollup_series) of one website or every website of the organization. */
  series: (organizationId: string | undefined, websiteId: string | null, firstBucketMs: number, endMs: number, bucketCount: number, dimensions: readonly RollupDimension[]) =>
    [...rollupKeys.all, 'series', organizationId, websiteId, firstBucketMs, endMs, bucketCount, [...dimensions].sort().join(',')] as const,
  usageEvents: (organizationId: string | undefined) => [...rollupKeys.all, 'usage-events', organizationId] as const,
};
