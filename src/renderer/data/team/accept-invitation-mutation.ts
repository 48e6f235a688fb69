import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { INVITATION_METADATA_KEY } from '../../auth/invitation-token';
import { organizationKeys } from '../organizations/keys';
import { isOrganizationRole, type OrganizationRole } from '../organizations/types';
import { teamKeys } from './keys';

export interface AcceptedInvitation {
  organization_id: string;
  role: OrganizationRole;
}

/** rpc accept_invitation: the signed-in user joins the organization the invitation is for. */
export async function acceptInvitation(client: TracklintClient, token: string): Promise<AcceptedInvitation> {
  const { data, error } = await client.rpc('accept_invitation', { invitation_token: token });
  if (error) throw error;
  const result = data as { organization_id?: unknown; role?: unknown } | null;
  if (typeof result?.organization_id !== 'string' || !isOrganizationRole(result.role)) {
    throw new Error('The invitation could not be accepted');
  }
  return { organization_id: result.organization_id, role: result.role };
}

/** Removes the token from the account's metadata so it is not tried again at the next sign-in. */
export async function clearInvitationMetadata(client: TracklintClient): Promise<void> {
  const { error } = await client.auth.updateUser({ data: { [INVITATION_METADATA_KEY]: null } });
  if (error) throw error;
}

export function useAcceptInvitationMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teamKeys.acceptInvitation(),
    mutationFn: (token: string) => acceptInvitation(client, token),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
