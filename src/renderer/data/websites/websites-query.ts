import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { WEBSITES_CACHE_MS } from '../cache-times';
import { websiteKeys } from './keys';
import type { Website } from './types';

export async function fetchWebsites(client: TracklintClient, organizationId: string): Promise<Website[]> {
  const { data, error } = await client
    .from('websites')
    .select('id, organization_id, name, domain, is_active, verification_status, created_at')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export function useWebsitesQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: websiteKeys.list(organizationId),
    queryFn: () => fetchWebsites(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: WEBSITES_CACHE_MS,
  });
}
