import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { interpretSetupResult, type CompleteSignupArgs, type SetupOutcome } from './organization-setup';
import { organizationKeys } from '../organizations/keys';
import { authKeys } from './keys';

export interface CompleteSignupResult {
  outcome: SetupOutcome;
  /** The server's message when the outcome is 'failed'. */
  message: string | null;
}

/** Creates the signup's organization (idempotent on the server: 'already exists' is not a failure). */
export async function completeSignup(client: TracklintClient, args: CompleteSignupArgs): Promise<CompleteSignupResult> {
  const { data, error } = await client.rpc('complete_user_signup', args);
  const outcome = interpretSetupResult(data, error);
  return { outcome, message: outcome === 'failed' ? (error?.message ?? null) : null };
}

export function useCompleteSignupMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: authKeys.completeSignup(),
    mutationFn: (args: CompleteSignupArgs) => completeSignup(client, args),
    onSettled: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
