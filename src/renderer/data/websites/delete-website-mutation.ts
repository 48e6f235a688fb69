import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { billingKeys } from '../billing/keys';
import { websiteKeys } from './keys';

export interface DeleteWebsiteInput {
  websiteId: string;
  organizationId: string;
}

/** Deletes a website with its rule settings, logged requests, findings and rollups (the database does it in the same transaction). */
export async function deleteWebsite(client: TracklintClient, input: DeleteWebsiteInput): Promise<void> {
  const { data, error } = await client.from('websites').delete().eq('id', input.websiteId).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('Only owners and admins can delete websites');
}

export function useDeleteWebsiteMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...websiteKeys.all, 'delete'],
    mutationFn: (input: DeleteWebsiteInput) => deleteWebsite(client, input),
    onSuccess: (_r, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.usageStatus(input.organizationId) }),
      ]),
  });
}
