import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { websiteKeys } from './keys';

/** rpc revoke_mp_secret: the collector stops accepting the secret within its cache time (30 s). */
export async function revokeMpSecret(client: TracklintClient, secretId: string): Promise<void> {
  const { error } = await client.rpc('revoke_mp_secret', { secret_id: secretId });
  if (error) throw error;
}

export function useRevokeMpSecretMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...websiteKeys.all, 'revoke-mp-secret'],
    mutationFn: ({ secretId }: { secretId: string; websiteId: string }) => revokeMpSecret(client, secretId),
    onSuccess: (_r, { websiteId }) => queryClient.invalidateQueries({ queryKey: websiteKeys.mpSecrets(websiteId) }),
  });
}
