import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { REQUESTS_CACHE_MS } from '../cache-times';
import { requestKeys } from './keys';
import { REQUEST_SUMMARY_COLUMNS } from './requests-query';
import type { RequestDetailRow, StoredEvent, StoredIssue } from './types';

/** One logged request with its events, findings and raw URL/body; null when not found (or past retention). */
export async function fetchRequestDetail(client: TracklintClient, requestId: string): Promise<RequestDetailRow | null> {
  const { data, error } = await client
    .from('collected_requests')
    .select(`${REQUEST_SUMMARY_COLUMNS}, events, issues, url, body, user_agent`)
    .eq('id', requestId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  // events and issues are jsonb (Json to the catalog), written by the collector in these shapes.
  const events = Array.isArray(data.events) ? (data.events as unknown as StoredEvent[]) : [];
  const issues = Array.isArray(data.issues) ? (data.issues as unknown as StoredIssue[]) : [];
  return { ...data, events, issues };
}

export function useRequestDetailQuery(requestId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: requestKeys.detail(requestId),
    queryFn: () => fetchRequestDetail(client, requestId!),
    enabled: Boolean(requestId),
    // A stored request never changes.
    staleTime: REQUESTS_CACHE_MS * 30,
  });
}
