import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { storedOrganizationIdAtom, storedWebsiteIdAtom } from '../../state/selection-atoms';
import { organizationKeys } from './keys';
import type { Plan } from './types';

export interface CreateOrganizationInput {
  name: string;
  slug: string;
  plan: Plan;
}

/**
 * Creates an organization owned by the signed-in user through rpc create_organization. The
 * database does the rest in one transaction (spec section 4): status active, a 14-day trial on
 * paid plans, the owner link with permissions '*'; if the owner link fails nothing is created
 * and the error is 'Failed to set up organization ownership'. (A plain insert cannot be used:
 * RLS only lets members read the row back, and membership is created after the insert.)
 */
export async function createOrganization(client: TracklintClient, input: CreateOrganizationInput): Promise<{ id: string }> {
  const { data, error } = await client.rpc('create_organization', {
    org_name: input.name.trim(),
    org_slug: input.slug.trim(),
    org_plan: input.plan,
  });
  if (error) throw error;
  const id = (data as { id?: unknown } | null)?.id;
  if (typeof id !== 'string') throw new Error('Failed to create organization');
  return { id };
}

export function useCreateOrganizationMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const setStoredOrganization = useSetAtom(storedOrganizationIdAtom);
  const setStoredWebsite = useSetAtom(storedWebsiteIdAtom);
  return useMutation({
    mutationKey: [...organizationKeys.all, 'create'],
    mutationFn: (input: CreateOrganizationInput) => createOrganization(client, input),
    onSuccess: ({ id }) => {
      setStoredOrganization(id);
      setStoredWebsite(null);
      return queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    },
  });
}
