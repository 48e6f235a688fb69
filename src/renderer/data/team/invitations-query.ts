import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ORGANIZATIONS_CACHE_MS } from '../cache-times';
import { teamKeys } from './keys';
import type { PendingInvitation } from './types';

/** Invitations not accepted yet, newest first (row-level security shows them to owners and admins only). */
export async function fetchPendingInvitations(client: TracklintClient, organizationId: string): Promise<PendingInvitation[]> {
  const { data, error } = await client
    .from('invitations')
    .select('id, email, role, expires_at, created_at')
    .eq('organization_id', organizationId)
    .is('accepted_at', null)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data ?? [];
}

export function usePendingInvitationsQuery(organizationId: string | undefined, enabled: boolean) {
  const client = useSupabase();
  return useQuery({
    queryKey: teamKeys.invitations(organizationId),
    queryFn: () => fetchPendingInvitations(client, organizationId!),
    enabled: Boolean(organizationId) && enabled,
    staleTime: ORGANIZATIONS_CACHE_MS,
  });
}
