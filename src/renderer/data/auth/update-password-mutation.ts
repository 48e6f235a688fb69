import { useMutation } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { authKeys } from './keys';

export async function updatePassword(client: TracklintClient, password: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePasswordMutation() {
  const client = useSupabase();
  return useMutation({ mutationKey: authKeys.updatePassword(), mutationFn: (password: string) => updatePassword(client, password) });
}
