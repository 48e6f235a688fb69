import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { apiKeyKeys } from './keys';
import type { ApiKeyScope, CreatedApiKey } from './types';

export interface CreateApiKeyInput {
  organizationId: string;
  name: string;
  scopes: ApiKeyScope[];
  /** null: every website of the organization. */
  websiteIds: string[] | null;
}

/** rpc create_scoped_api_key: checks role, plan (api_access), name, scopes and websites, and returns the key once. */
export async function createApiKey(client: TracklintClient, input: CreateApiKeyInput): Promise<CreatedApiKey> {
  const { data, error } = await client.rpc('create_scoped_api_key', {
    org_id: input.organizationId,
    key_name: input.name,
    key_scopes: input.scopes,
    // The argument defaults to null (every website); the generated Args cannot say null, so omit it.
    ...(input.websiteIds ? { key_website_ids: input.websiteIds } : {}),
  });
  if (error) throw error;
  const created = data as CreatedApiKey | null;
  if (!created || typeof created.key !== 'string') throw new Error('The server did not return the new key');
  return created;
}

export function useCreateApiKeyMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, 'create'],
    mutationFn: (input: CreateApiKeyInput) => createApiKey(client, input),
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(input.organizationId) }),
  });
}
