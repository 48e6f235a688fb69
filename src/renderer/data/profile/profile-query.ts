import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { useSession } from '../auth/use-session';
import { ORGANIZATIONS_CACHE_MS } from '../cache-times';
import { profileKeys } from './keys';

export interface UserProfile {
  id: string;
  full_name: string | null;
  email: string | null;
  current_organization_id: string | null;
  updated_at: string;
}

export async function fetchProfile(client: TracklintClient, userId: string): Promise<UserProfile | null> {
  const { data, error } = await client
    .from('user_profiles')
    .select('id, full_name, email, current_organization_id, updated_at')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  return data ?? null;
}

export function useProfileQuery() {
  const client = useSupabase();
  const { user } = useSession();
  return useQuery({
    queryKey: profileKeys.detail(user?.id),
    queryFn: () => fetchProfile(client, user!.id),
    enabled: Boolean(user),
    // Profiles change as rarely as memberships; same freshness as the organization list.
    staleTime: ORGANIZATIONS_CACHE_MS,
  });
}
