import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { FEATURE_ACCESS_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';

/** rpc organization_has_feature: the server's word on whether the organization's plan includes a feature. */
export async function fetchFeatureAccess(client: TracklintClient, organizationId: string, feature: string): Promise<boolean> {
  const { data, error } = await client.rpc('organization_has_feature', { org_id: organizationId, feature_name: feature });
  if (error) throw error;
  return data === true;
}

export function useFeatureAccessQuery(organizationId: string | undefined, feature: string) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.featureAccess(organizationId, feature),
    queryFn: () => fetchFeatureAccess(client, organizationId!, feature),
    enabled: Boolean(organizationId),
    staleTime: FEATURE_ACCESS_CACHE_MS,
  });
}
