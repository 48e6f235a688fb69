import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { API_KEYS_CACHE_MS } from '../cache-times';
import { websiteKeys } from './keys';
import type { MpSecret } from './types';

/** A website's Measurement Protocol secrets, newest first (owners and admins only; others see none). */
export async function fetchMpSecrets(client: TracklintClient, websiteId: string): Promise<MpSecret[]> {
  const { data, error } = await client
    .from('website_mp_secrets')
    .select('id, website_id, name, secret_prefix, created_at, last_used_at, revoked_at')
    .eq('website_id', websiteId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export function useMpSecretsQuery(websiteId: string | undefined, enabled = true) {
  const client = useSupabase();
  return useQuery({
    queryKey: websiteKeys.mpSecrets(websiteId),
    queryFn: () => fetchMpSecrets(client, websiteId!),
    enabled: Boolean(websiteId) && enabled,
    staleTime: API_KEYS_CACHE_MS,
  });
}
