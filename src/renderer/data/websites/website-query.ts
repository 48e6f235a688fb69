import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { WEBSITES_CACHE_MS } from '../cache-times';
import { websiteKeys } from './keys';
import { WEBSITE_DETAIL_COLUMNS } from './website-details-query';
import type { WebsiteDetails } from './types';

/** How often a website waiting for its first hit is read again. */
export const VERIFICATION_POLL_MS = 5000;

/** One website, or null when it does not exist or is not visible to the user. */
export async function fetchWebsite(client: TracklintClient, websiteId: string): Promise<WebsiteDetails | null> {
  const { data, error } = await client.from('websites').select(WEBSITE_DETAIL_COLUMNS).eq('id', websiteId).maybeSingle();
  if (error) throw error;
  return data ?? null;
}

/** Polls while the website is pending, so the page turns "verified" as soon as the first hit arrives. */
export function useWebsiteQuery(websiteId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: websiteKeys.detail(websiteId),
    queryFn: () => fetchWebsite(client, websiteId!),
    enabled: Boolean(websiteId),
    staleTime: WEBSITES_CACHE_MS,
    refetchInterval: (query) => (query.state.data && !query.state.data.receiving_traffic_at ? VERIFICATION_POLL_MS : false),
  });
}
