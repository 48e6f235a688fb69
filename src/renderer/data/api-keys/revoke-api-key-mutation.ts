import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { apiKeyKeys } from './keys';

/** rpc revoke_api_key: the collector stops accepting the key within its cache time (30 s). */
export async function revokeApiKey(client: TracklintClient, keyId: string): Promise<void> {
  const { error } = await client.rpc('revoke_api_key', { key_id: keyId });
  if (error) throw error;
}

export function useRevokeApiKeyMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, 'revoke'],
    mutationFn: ({ keyId }: { keyId: string; organizationId: string }) => revokeApiKey(client, keyId),
    onSuccess: (_r, { organizationId }) => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(organizationId) }),
  });
}
