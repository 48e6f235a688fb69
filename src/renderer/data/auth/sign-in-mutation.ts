import { useMutation } from '@tanstack/react-query';
import type { Session, User } from '@supabase/supabase-js';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { authKeys } from './keys';

export interface SignInInput {
  email: string;
  password: string;
}

export async function signIn(client: TracklintClient, { email, password }: SignInInput): Promise<{ user: User; session: Session }> {
  const { data, error } = await client.auth.signInWithPassword({ email: email.trim(), password });
  if (error) throw error;
  return data;
}

export function useSignInMutation() {
  const client = useSupabase();
  return useMutation({ mutationKey: authKeys.signIn(), mutationFn: (input: SignInInput) => signIn(client, input) });
}
