import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { billingKeys } from '../billing/keys';
import { teamKeys } from '../team/keys';
import { websiteKeys } from '../websites/keys';
import { organizationKeys } from './keys';

/** DELETE /api/organizations/{id} (owners only); its websites, members and invitations go with it. */
export async function deleteOrganization(client: TracklintClient, baseUrl: string, organizationId: string): Promise<void> {
  await appApiRequest<{ success: boolean }>(
    client,
    baseUrl,
    { method: 'DELETE', path: `/api/organizations/${encodeURIComponent(organizationId)}` },
    'Failed to delete organization',
  );
}

export function useDeleteOrganizationMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...organizationKeys.all, 'delete'],
    mutationFn: (organizationId: string) => deleteOrganization(client, supabaseUrl, organizationId),
    onSuccess: (_data, organizationId) => {
      for (const key of [websiteKeys.list(organizationId), teamKeys.members(organizationId), billingKeys.usageStatus(organizationId)]) {
        queryClient.removeQueries({ queryKey: key });
      }
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
