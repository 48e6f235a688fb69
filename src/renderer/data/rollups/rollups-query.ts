import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { toNumber } from '../billing/parse';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { rollupKeys } from './keys';
import type { PeriodWindow } from './periods';
import type { RollupCount, RollupDimension, RollupRow } from './types';

export interface RollupScope {
  organizationId: string;
  /** One website, or null for every website of the organization. */
  websiteId: string | null;
  /** First hour included (ISO). */
  sinceIso: string;
  dimensions: readonly RollupDimension[];
}

/** Hourly rollups per website in the scope (counts arrive as JSON numbers or bigint strings); the alerts page's live signals compare websites hour by hour. */
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

export interface SeriesScope {
  organizationId: string;
  /** One website, or null for every website of the organization. */
  websiteId: string | null;
  window: Pick<PeriodWindow, 'bucketStarts' | 'endMs'>;
  dimensions: readonly RollupDimension[];
}

/**
 * A period's counts already summed per chart bucket, dimension and value by Postgres
 * (rollup_series): each row's `hour` is its bucket's start. Summing hourly rows per website in the
 * browser meant downloading some 860,000 rows for 30 days of 20 websites.
 */
export async function fetchRollupSeries(client: TracklintClient, scope: SeriesScope): Promise<RollupCount[]> {
  const { data, error } = await client.rpc('rollup_series', {
    org_id: scope.organizationId,
    site_id: scope.websiteId,
    bucket_starts: scope.window.bucketStarts.map((ms) => new Date(ms).toISOString()),
    until: new Date(scope.window.endMs).toISOString(),
    dimensions: [...scope.dimensions],
  });
  if (error) throw error;
  return ((data ?? []) as Array<Record<string, unknown>>).map((r) => ({
    hour: String(r.bucket),
    dimension: r.dimension as RollupDimension,
    value: String(r.value),
    count: toNumber(r.count) ?? 0,
  }));
}

export function useRollupSeriesQuery(organizationId: string | undefined, websiteId: string | null, window: PeriodWindow, dimensions: readonly RollupDimension[]) {
  const client = useSupabase();
  return useQuery({
    queryKey: rollupKeys.series(organizationId, websiteId, window.bucketStarts[0] ?? window.endMs, window.endMs, window.bucketCount, dimensions),
    queryFn: () => fetchRollupSeries(client, { organizationId: organizationId!, websiteId, window, dimensions }),
    enabled: Boolean(organizationId),
    staleTime: ROLLUPS_CACHE_MS,
    refetchInterval: ROLLUPS_CACHE_MS,
  });
}
