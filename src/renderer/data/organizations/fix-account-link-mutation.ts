import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../../state/selection-atoms';
import { organizationKeys } from './keys';

/** rpc fix_account_link: re-links the user as owner of an organization they created that lost its owner. */
export async function fixAccountLink(client: TracklintClient, organizationId: string): Promise<{ organization_id: string; role: string }> {
  const { data, error } = await client.rpc('fix_account_link', { org_id: organizationId });
  if (error) throw error;
  const result = data as { organization_id?: unknown; role?: unknown } | null;
  if (typeof result?.organization_id !== 'string') throw new Error('Failed to fix account link');
  return { organization_id: result.organization_id, role: String(result.role ?? 'owner') };
}

export function useFixAccountLinkMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const setStoredOrganization = useSetAtom(storedOrganizationIdAtom);
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  return useMutation({
    mutationKey: [...organizationKeys.all, 'fix-account-link'],
    mutationFn: (organizationId: string) => fixAccountLink(client, organizationId),
    onSuccess: ({ organization_id }) => {
      setStoredOrganization(organization_id);
      setStoredWebsite(null);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
