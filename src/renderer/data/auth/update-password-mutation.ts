import { useMutation } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { authKeys } from './keys';

/**
 * A new password, and the current one when the user gives it: the server asks for it unless the
 * session began recently (a recovery link's session always has).
 */
export interface PasswordChange {
  password: string;
  currentPassword?: string;
}

export async function updatePassword(client: TracklintClient, password: string, currentPassword?: string): Promise<void> {
  const { error } = await client.auth.updateUser(currentPassword ? { password, current_password: currentPassword } : { password });
  if (error) throw error;
}

export function useUpdatePasswordMutation() {
  const client = useSupabase();
  return useMutation({
    mutationKey: authKeys.updatePassword(),
    mutationFn: (change: string | PasswordChange) =>
      typeof change === 'string' ? updatePassword(client, change) : updatePassword(client, change.password, change.currentPassword),
  });
}
