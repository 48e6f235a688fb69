import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../../state/selection-atoms';
import { useSession } from '../auth/use-session';
import { organizationKeys } from './keys';
import { trialEndsAt } from './organization-trial';
import type { Plan } from './types';

export interface CreateOrganizationInput {
  name: string;
  slug: string;
  plan: Plan;
}

export const OWNERSHIP_FAILED_MESSAGE = 'Failed to set up organization ownership';

/**
 * Creates an organization and makes the user its owner (permissions '*'). If the owner link
 * cannot be written, the organization is deleted again so no orphan is left (spec section 4).
 */
export async function createOrganization(
  client: TracklintClient,
  userId: string | undefined,
  input: CreateOrganizationInput,
  now: number = Date.now(),
): Promise<{ id: string }> {
  if (!userId) throw new Error('Not authenticated');
  const created = await client
    .from('organizations')
    .insert({
      name: input.name.trim(),
      slug: input.slug.trim(),
      plan: input.plan,
      subscription_status: 'active',
      trial_ends_at: trialEndsAt(input.plan, now),
      created_by: userId,
    })
    .select('id')
    .single();
  if (created.error) throw created.error;
  const organizationId = (created.data as { id: string }).id;

  const link = await client.from('user_organizations').insert({
    user_id: userId,
    organization_id: organizationId,
    role: 'owner',
    status: 'active',
    permissions: ['*'],
  });
  if (link.error) {
    await client.from('organizations').delete().eq('id', organizationId);
    throw new Error(OWNERSHIP_FAILED_MESSAGE);
  }
  return { id: organizationId };
}

export function useCreateOrganizationMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const setStoredOrganization = useSetAtom(storedOrganizationIdAtom);
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  return useMutation({
    mutationKey: [...organizationKeys.all, 'create'],
    mutationFn: (input: CreateOrganizationInput) => createOrganization(client, user?.id, input),
    onSuccess: ({ id }) => {
      setStoredOrganization(id);
      setStoredWebsite(null);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
