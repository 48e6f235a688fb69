import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { websiteKeys } from './keys';

/** How the domain proved it is the customer's: the record, file or tag it published. */
export type OwnershipProof = 'dns' | 'file' | 'meta';

/**
 * POST /api/websites/{id}/verify: the server looks for the verification token on the domain (DNS TXT,
 * file, meta tag). A 422 carries what to publish, which becomes the error's message.
 */
export async function verifyWebsite(client: TracklintClient, baseUrl: string, websiteId: string): Promise<{ verified: true; method: OwnershipProof }> {
  return appApiRequest(client, baseUrl, { method: 'POST', path: `/api/websites/${encodeURIComponent(websiteId)}/verify` }, 'The ownership check could not be run');
}

export function useVerifyWebsiteMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...websiteKeys.all, 'verify'],
    mutationFn: (websiteId: string) => verifyWebsite(client, supabaseUrl, websiteId),
    // The verification status shows on this panel (detail) and on the websites lists (list,
    // details); the website's secrets and refused hits did not change, so they are not refetched.
    onSuccess: (_r, websiteId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: websiteKeys.detail(websiteId) }),
        queryClient.invalidateQueries({ queryKey: [...websiteKeys.all, 'list'] }),
        queryClient.invalidateQueries({ queryKey: [...websiteKeys.all, 'details'] }),
      ]),
  });
}
