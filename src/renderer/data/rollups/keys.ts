import type { RollupDimension } from './types';

export const rollupKeys = {
  all: ['rollups'] as const,
  /** Hourly rollups of one website (or every website of the organization) from an hour on. */
  hourly: (organizationId: string | undefined, websiteId: string | null, sinceIso: string, dimensions: readonly RollupDimension[]) =>
    [...rollupKeys.all, 'hourly', organizationId, websiteId, sinceIso, [...dimensions].sort().join(',')] as const,
  usageEvents: (organizationId: string | undefined) => [...rollupKeys.all, 'usage-events', organizationId] as const,
};
