import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import type { OrganizationRole } from '../organizations/types';
import { organizationKeys } from '../organizations/keys';
import { teamKeys } from './keys';

export interface UpdateMemberRoleInput {
  organizationId: string;
  userId: string;
  role: OrganizationRole;
}

/** PATCH /api/organizations/{id}/members/{userId} with the new role. */
export async function updateMemberRole(client: TracklintClient, baseUrl: string, input: UpdateMemberRoleInput) {
  const { member } = await appApiRequest<{ member: { user_id: string; role: OrganizationRole } }>(
    client,
    baseUrl,
    {
      method: 'PATCH',
      path: `/api/organizations/${encodeURIComponent(input.organizationId)}/members/${encodeURIComponent(input.userId)}`,
      body: { role: input.role },
    },
    'Failed to update user role',
  );
  return member;
}

export function useUpdateMemberRoleMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teamKeys.updateRole(),
    mutationFn: (input: UpdateMemberRoleInput) => updateMemberRole(client, supabaseUrl, input),
    // The caller's own role lives on the organization list (user_role), so refresh that too.
    onSuccess: (_member, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(input.organizationId) }),
        queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
      ]),
  });
}
