import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { billingKeys } from '../billing/keys';
import { websiteKeys } from './keys';
import { WEBSITE_DETAIL_COLUMNS } from './website-details-query';
import type { NewWebsite, WebsiteDetails } from './types';

/** Inserts a website; the database sets the site key, verification and creator, and enforces the plan limit. */
export async function createWebsite(client: TracklintClient, input: NewWebsite): Promise<WebsiteDetails> {
  const { data, error } = await client
    .from('websites')
    .insert({ organization_id: input.organizationId, name: input.name, domain: input.domain, measurement_ids: input.measurementIds })
    .select(WEBSITE_DETAIL_COLUMNS)
    .single();
  if (error) throw error;
  return data;
}

export function useCreateWebsiteMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...websiteKeys.all, 'create'],
    mutationFn: (input: NewWebsite) => createWebsite(client, input),
    onSuccess: (_website, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: websiteKeys.all }),
        queryClient.invalidateQueries({ queryKey: billingKeys.usageStatus(input.organizationId) }),
      ]),
  });
}
