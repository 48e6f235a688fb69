import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { billingKeys } from '../billing/keys';
import { organizationKeys } from '../organizations/keys';
import { teamKeys } from './keys';

export interface RemoveMemberInput {
  organizationId: string;
  userId: string;
}

/** DELETE /api/organizations/{id}/members/{userId}; removing oneself is leaving the organization. */
export async function removeMember(client: TracklintClient, baseUrl: string, input: RemoveMemberInput): Promise<void> {
  await appApiRequest<{ success: boolean }>(
    client,
    baseUrl,
    {
      method: 'DELETE',
      path: `/api/organizations/${encodeURIComponent(input.organizationId)}/members/${encodeURIComponent(input.userId)}`,
    },
    'Failed to remove user',
  );
}

export function useRemoveMemberMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teamKeys.removeMember(),
    mutationFn: (input: RemoveMemberInput) => removeMember(client, supabaseUrl, input),
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(input.organizationId) }),
        // The team-member count feeds the usage alerts; leaving changes the organization list.
        queryClient.invalidateQueries({ queryKey: billingKeys.usageStatus(input.organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]),
  });
}
