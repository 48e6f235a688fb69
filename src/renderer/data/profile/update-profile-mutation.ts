import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { useSession } from '../auth/use-session';
import { teamKeys } from '../team/keys';
import { profileKeys } from './keys';

/** Saves the full name in user_profiles (what teammates see) and in the auth user's metadata. */
export async function updateProfileName(client: TracklintClient, userId: string | undefined, fullName: string): Promise<void> {
  if (!userId) throw new Error('Not authenticated');
  const name = fullName.trim();
  if (!name) throw new Error('Full name is required');
  const profile = await client.from('user_profiles').update({ full_name: name }).eq('id', userId);
  if (profile.error) throw profile.error;
  const { error } = await client.auth.updateUser({ data: { full_name: name } });
  if (error) throw error;
}

export function useUpdateProfileMutation() {
  const client = useSupabase();
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: profileKeys.update(),
    mutationFn: (fullName: string) => updateProfileName(client, user?.id, fullName),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        // Member lists show the name.
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      ]),
  });
}
