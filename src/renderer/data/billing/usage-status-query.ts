import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { USAGE_STATUS_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { parseUsageStatus } from './parse';
import type { UsageStatus } from './types';

export async function fetchUsageStatus(client: TracklintClient, organizationId: string): Promise<UsageStatus> {
  const { data, error } = await client.rpc('get_organization_usage_status', { org_id: organizationId });
  if (error) throw error;
  return parseUsageStatus(data);
}

export function useUsageStatusQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.usageStatus(organizationId),
    queryFn: () => fetchUsageStatus(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: USAGE_STATUS_CACHE_MS,
  });
}
