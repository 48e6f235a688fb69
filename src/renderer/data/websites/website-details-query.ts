import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { WEBSITES_CACHE_MS } from '../cache-times';
import { websiteKeys } from './keys';
import type { WebsiteDetails } from './types';

export const WEBSITE_DETAIL_COLUMNS =
  'id, organization_id, name, domain, measurement_ids, site_key, is_active, verification_status, verified_at, receiving_traffic_at, verification_token, eu_traffic, currencies, created_at';

/** Every website of the organization with the columns the website screens need, newest first. */
export async function fetchWebsiteDetails(client: TracklintClient, organizationId: string): Promise<WebsiteDetails[]> {
  const { data, error } = await client
    .from('websites')
    .select(WEBSITE_DETAIL_COLUMNS)
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export function useWebsiteDetailsQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: websiteKeys.details(organizationId),
    queryFn: () => fetchWebsiteDetails(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: WEBSITES_CACHE_MS,
  });
}
