import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ORGANIZATIONS_CACHE_MS } from '../cache-times';
import { isOrganizationRole } from '../organizations/types';
import { sortMembers } from './team-rules';
import { teamKeys } from './keys';
import type { TeamMember } from './types';

/** The organization's members (any member may read them) with their names and emails from user_profiles. */
export async function fetchTeamMembers(client: TracklintClient, organizationId: string): Promise<TeamMember[]> {
  const links = await client
    .from('user_organizations')
    .select('user_id, role, status, permissions, joined_at')
    .eq('organization_id', organizationId);
  if (links.error) throw links.error;
  const rows = (links.data ?? []).filter((row) => isOrganizationRole(row.role));
  if (rows.length === 0) return [];

  const profiles = await client
    .from('user_profiles')
    .select('id, full_name, email')
    .in(
      'id',
      rows.map((row) => row.user_id),
    );
  if (profiles.error) throw profiles.error;
  const byId = new Map((profiles.data ?? []).map((p) => [p.id, p]));

  return sortMembers(
    rows.map((row) => ({
      user_id: row.user_id,
      role: row.role as TeamMember['role'],
      status: row.status,
      permissions: row.permissions ?? [],
      joined_at: row.joined_at,
      full_name: byId.get(row.user_id)?.full_name ?? null,
      email: byId.get(row.user_id)?.email ?? null,
    })),
  );
}

export function useTeamMembersQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: teamKeys.members(organizationId),
    queryFn: () => fetchTeamMembers(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: ORGANIZATIONS_CACHE_MS,
  });
}
