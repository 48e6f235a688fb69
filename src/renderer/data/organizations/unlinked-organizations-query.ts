import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { useSession } from '../auth/use-session';
import { ORGANIZATIONS_CACHE_MS } from '../cache-times';
import { organizationKeys } from './keys';

export interface UnlinkedOrganization {
  id: string;
  name: string;
  slug: string;
  plan: string | null;
  created_at: string;
}

/** Organizations the user created that have no owner and no link to them (rpc find_unlinked_organizations). */
export async function fetchUnlinkedOrganizations(client: TracklintClient): Promise<UnlinkedOrganization[]> {
  const { data, error } = await client.rpc('find_unlinked_organizations');
  if (error) throw error;
  return (Array.isArray(data) ? data : []) as UnlinkedOrganization[];
}

export function useUnlinkedOrganizationsQuery(enabled: boolean) {
  const client = useSupabase();
  const { user } = useSession();
  return useQuery({
    queryKey: organizationKeys.unlinked(user?.id),
    queryFn: () => fetchUnlinkedOrganizations(client),
    enabled: enabled && Boolean(user),
    staleTime: ORGANIZATIONS_CACHE_MS,
  });
}
