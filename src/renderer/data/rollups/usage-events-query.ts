import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { toNumber } from '../billing/parse';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { rollupKeys } from './keys';
import type { UsageEvent } from './types';

/** The organization's usage events (e.g. requests refused at the monthly limit), latest first, at most 24. */
export async function fetchUsageEvents(client: TracklintClient, organizationId: string): Promise<UsageEvent[]> {
  const { data, error } = await client
    .from('organization_usage_events')
    .select('id, organization_id, month, kind, limit_value, refused_requests, first_occurred_at, last_occurred_at')
    .eq('organization_id', organizationId)
    .order('last_occurred_at', { ascending: false })
    .limit(24);
  if (error) throw error;
  return (data ?? []).map((r) => ({
    ...(r as unknown as UsageEvent),
    limit_value: toNumber(r.limit_value),
    refused_requests: toNumber(r.refused_requests) ?? 0,
  }));
}

export function useUsageEventsQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: rollupKeys.usageEvents(organizationId),
    queryFn: () => fetchUsageEvents(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: ROLLUPS_CACHE_MS,
  });
}
