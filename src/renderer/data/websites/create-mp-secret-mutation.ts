import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { websiteKeys } from './keys';
import type { CreatedMpSecret } from './types';

export interface CreateMpSecretInput {
  websiteId: string;
  name: string;
}

/** rpc create_mp_secret: checks role and name, and returns the secret once (only its hash is kept). */
export async function createMpSecret(client: TracklintClient, input: CreateMpSecretInput): Promise<CreatedMpSecret> {
  const { data, error } = await client.rpc('create_mp_secret', { target_website_id: input.websiteId, secret_name: input.name });
  if (error) throw error;
  const created = data as CreatedMpSecret | null;
  if (!created || typeof created.secret !== 'string') throw new Error('The server did not return the new secret');
  return created;
}

export function useCreateMpSecretMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...websiteKeys.all, 'create-mp-secret'],
    mutationFn: (input: CreateMpSecretInput) => createMpSecret(client, input),
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: websiteKeys.mpSecrets(input.websiteId) }),
  });
}
