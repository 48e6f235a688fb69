import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { teamKeys } from './keys';
import type { InvitableRole } from './types';

export interface InviteMemberInput {
  organizationId: string;
  email: string;
  role: InvitableRole;
}

export interface CreatedInvitation {
  id: string;
  email: string;
  role: InvitableRole;
  expires_at: string;
}

/** POST /api/organizations/{id}/invitations: the server emails the invitation link. */
export async function inviteMember(client: TracklintClient, baseUrl: string, input: InviteMemberInput): Promise<CreatedInvitation> {
  const { invitation } = await appApiRequest<{ invitation: CreatedInvitation }>(
    client,
    baseUrl,
    {
      method: 'POST',
      path: `/api/organizations/${encodeURIComponent(input.organizationId)}/invitations`,
      body: { email: input.email.trim().toLowerCase(), role: input.role },
    },
    'Failed to invite user',
  );
  return invitation;
}

export function useInviteMemberMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: teamKeys.inviteMember(),
    mutationFn: (input: InviteMemberInput) => inviteMember(client, supabaseUrl, input),
    onSuccess: (_invitation, input) => queryClient.invalidateQueries({ queryKey: teamKeys.invitations(input.organizationId) }),
  });
}
