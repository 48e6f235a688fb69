import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { toNumber } from '../billing/parse';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { rollupKeys } from './keys';
import type { RollupDimension, RollupRow } from './types';

export interface RollupScope {
  organizationId: string;
  /** One website, or null for every website of the organization. */
  websiteId: string | null;
  /** First hour included (ISO). */
  sinceIso: string;
  dimensions: readonly RollupDimension[];
}

/** Hourly rollups in the scope (counts arrive as JSON numbers or bigint strings). */
export async function fetchRollups(client: TracklintClient, scope: RollupScope): Promise<RollupRow[]> {
  let query = client
    .from('website_hourly_rollups')
    .select('website_id, hour, dimension, value, count')
    .eq('organization_id', scope.organizationId)
    .gte('hour', scope.sinceIso)
    .in('dimension', [...scope.dimensions]);
  if (scope.websiteId) query = query.eq('website_id', scope.websiteId);
  const { data, error } = await query.order('hour', { ascending: true });
  if (error) throw error;
  return ((data ?? []) as Array<Record<string, unknown>>).map((r) => ({
    website_id: String(r.website_id),
    hour: String(r.hour),
    dimension: r.dimension as RollupDimension,
    value: String(r.value),
    count: toNumber(r.count) ?? 0,
  }));
}

export function useRollupsQuery(organizationId: string | undefined, websiteId: string | null, sinceIso: string, dimensions: readonly RollupDimension[]) {
  const client = useSupabase();
  return useQuery({
    queryKey: rollupKeys.hourly(organizationId, websiteId, sinceIso, dimensions),
    queryFn: () => fetchRollups(client, { organizationId: organizationId!, websiteId, sinceIso, dimensions }),
    enabled: Boolean(organizationId),
    staleTime: ROLLUPS_CACHE_MS,
    refetchInterval: ROLLUPS_CACHE_MS,
  });
}
