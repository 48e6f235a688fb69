import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { organizationKeys } from './keys';

export const SLUG_TAKEN_MESSAGE = 'Organization slug already exists';
export const SLUG_CHECK_FAILED_MESSAGE = 'Failed to validate slug';

/** Whether no organization uses the slug yet (rpc check_organization_slug; callable before sign-in). */
export async function isOrganizationSlugAvailable(client: TracklintClient, slug: string): Promise<boolean> {
  const { data, error } = await client.rpc('check_organization_slug', { slug: slug.trim().toLowerCase() });
  if (error) throw error;
  return data === true;
}

/**
 * The slug problem to show on a form, or null when the slug is free. Always asks the server
 * (staleTime 0): a slug can be taken at any moment.
 */
export function useSlugAvailabilityCheck(): (slug: string) => Promise<string | null> {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useCallback(
    async (slug: string) => {
      try {
        const available = await queryClient.fetchQuery({
          queryKey: organizationKeys.slugAvailability(slug.trim().toLowerCase()),
          queryFn: () => isOrganizationSlugAvailable(client, slug),
          staleTime: 0,
          retry: false,
        });
        return available ? null : SLUG_TAKEN_MESSAGE;
      } catch (err) {
        console.error('check_organization_slug failed', err);
        return SLUG_CHECK_FAILED_MESSAGE;
      }
    },
    [client, queryClient],
  );
}
