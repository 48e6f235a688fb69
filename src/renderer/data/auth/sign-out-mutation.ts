import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { authKeys } from './keys';

export async function signOut(client: TracklintClient): Promise<void> {
  const { error } = await client.auth.signOut();
  if (error) throw error;
}

/** Signs out and drops every cached query, so the next user never sees this user's data. */
export function useSignOutMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.signOut(),
    mutationFn: () => signOut(client),
    onSuccess: () => queryClient.clear(),
  });
}
