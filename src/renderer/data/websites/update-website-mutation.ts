import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { websiteKeys } from './keys';
import { WEBSITE_DETAIL_COLUMNS } from './website-details-query';
import type { WebsiteChanges, WebsiteDetails } from './types';

export interface UpdateWebsiteInput {
  websiteId: string;
  changes: WebsiteChanges;
}

/** Updates the editable columns of a website (owners and admins; row-level security refuses others). */
export async function updateWebsite(client: TracklintClient, input: UpdateWebsiteInput): Promise<WebsiteDetails> {
  if (Object.keys(input.changes).length === 0) throw new Error('Nothing to update');
  const { data, error } = await client.from('websites').update(input.changes).eq('id', input.websiteId).select(WEBSITE_DETAIL_COLUMNS).maybeSingle();
  if (error) throw error;
  // RLS hides the row from non-admins: the update matched nothing.
  if (!data) throw new Error('Only owners and admins can change websites');
  return data;
}

export function useUpdateWebsiteMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...websiteKeys.all, 'update'],
    mutationFn: (input: UpdateWebsiteInput) => updateWebsite(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
  });
}
