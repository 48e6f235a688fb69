import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { organizationKeys } from './keys';

export interface OrganizationChanges {
  name?: string;
  slug?: string;
  settings?: Record<string, unknown>;
}

export interface UpdateOrganizationInput {
  organizationId: string;
  changes: OrganizationChanges;
}

/** PATCH /api/organizations/{id} with only the changed fields. */
export async function updateOrganization(client: TracklintClient, baseUrl: string, input: UpdateOrganizationInput) {
  if (Object.keys(input.changes).length === 0) throw new Error('Nothing to update');
  const { organization } = await appApiRequest<{ organization: { id: string; name: string; slug: string } }>(
    client,
    baseUrl,
    { method: 'PATCH', path: `/api/organizations/${encodeURIComponent(input.organizationId)}`, body: input.changes },
    'Failed to update organization',
  );
  return organization;
}

export function useUpdateOrganizationMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...organizationKeys.all, 'update'],
    mutationFn: (input: UpdateOrganizationInput) => updateOrganization(client, supabaseUrl, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
