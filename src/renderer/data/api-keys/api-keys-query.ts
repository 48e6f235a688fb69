import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { API_KEYS_CACHE_MS } from '../cache-times';
import { apiKeyKeys } from './keys';
import { isApiKeyScope, type ApiKey } from './types';

/** The organization's API keys, newest first (owners and admins only; others see none). */
export async function fetchApiKeys(client: TracklintClient, organizationId: string): Promise<ApiKey[]> {
  const { data, error } = await client
    .from('api_keys')
    .select('id, organization_id, name, key_prefix, created_at, last_used_at, revoked_at, scopes, website_ids')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false });
  if (error) throw error;
  // scopes is text[] with a CHECK the generated types cannot express: keep the known scopes.
  return (data ?? []).map((row) => ({ ...row, scopes: row.scopes.filter(isApiKeyScope) }));
}

export function useApiKeysQuery(organizationId: string | undefined, enabled = true) {
  const client = useSupabase();
  return useQuery({
    queryKey: apiKeyKeys.list(organizationId),
    queryFn: () => fetchApiKeys(client, organizationId!),
    enabled: Boolean(organizationId) && enabled,
    staleTime: API_KEYS_CACHE_MS,
  });
}
