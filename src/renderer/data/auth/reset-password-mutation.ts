import { useMutation } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { platform } from '../../platform';
import { authKeys } from './keys';

/** Path the password-reset email link returns to. */
export const RESET_PASSWORD_PATH = '/reset-password';

export async function requestPasswordReset(client: TracklintClient, email: string, webOrigin: string): Promise<void> {
  const { error } = await client.auth.resetPasswordForEmail(email.trim(), { redirectTo: webOrigin + RESET_PASSWORD_PATH });
  if (error) throw error;
}

export function useRequestPasswordResetMutation() {
  const client = useSupabase();
  return useMutation({
    mutationKey: authKeys.resetPassword(),
    mutationFn: (email: string) => requestPasswordReset(client, email, platform.webOrigin),
  });
}
