import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { websiteKeys } from './keys';
import { REFUSED_HITS_WINDOW_HOURS } from './refused-hits-query';

/** Hits refused in the last 24 hours per website id of an organization (websites with none are absent). */
export async function fetchRefusedByWebsite(client: TracklintClient, organizationId: string, nowMs = Date.now()): Promise<Record<string, number>> {
  const since = new Date(nowMs - REFUSED_HITS_WINDOW_HOURS * 3_600_000).toISOString();
  const { data, error } = await client
    .from('website_hit_counters')
    .select('website_id, count')
    .eq('organization_id', organizationId)
    .eq('outcome', 'refused')
    .gte('bucket', since)
    .limit(10_000);
  if (error) throw error;
  const out: Record<string, number> = {};
  for (const row of data ?? []) out[row.website_id] = (out[row.website_id] ?? 0) + Number(row.count);
  return out;
}

export function useRefusedByWebsiteQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: websiteKeys.refusedByWebsite(organizationId),
    queryFn: () => fetchRefusedByWebsite(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: ROLLUPS_CACHE_MS,
  });
}
