import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../../state/selection-atoms';
import { useSession } from '../auth/use-session';
import { websiteKeys } from '../websites/keys';
import { organizationKeys } from './keys';

/**
 * Makes `organizationId` the user's current organization: checks the active membership, then
 * records it in the profile (spec section 4, "Switching organization").
 */
export async function switchOrganization(client: TracklintClient, userId: string | undefined, organizationId: string): Promise<void> {
  if (!userId) throw new Error('Not authenticated');
  const membership = await client
    .from('user_organizations')
    .select('organization_id')
    .eq('user_id', userId)
    .eq('organization_id', organizationId)
    .eq('status', 'active')
    .maybeSingle();
  if (membership.error) throw membership.error;
  if (!membership.data) throw new Error('Access denied to organization');

  const profile = await client
    .from('user_profiles')
    .update({ current_organization_id: organizationId, updated_at: new Date().toISOString() })
    .eq('id', userId);
  if (profile.error) throw profile.error;
}

export function useSwitchOrganizationMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const setStoredOrganization = useSetAtom(storedOrganizationIdAtom);
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  return useMutation({
    mutationKey: [...organizationKeys.all, 'switch'],
    mutationFn: (organizationId: string) => switchOrganization(client, user?.id, organizationId),
    onSuccess: (_data, organizationId) => {
      setStoredOrganization(organizationId);
      setStoredWebsite(null);
      return queryClient.invalidateQueries({ queryKey: websiteKeys.list(organizationId) });
    },
  });
}
