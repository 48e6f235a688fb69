import type { QueryClient } from '@tanstack/react-query';
import { platform } from '../platform';
import { createSupabaseClient, type TracklintClient } from '../lib/supabase';
import { createQueryClient } from '../data/query-client';
import { authRedirectAtom, authStateAtom, connectAuthState } from '../state/auth-atoms';
import type { AppContext } from './App';

/**
 * The signed-in machinery, in its own chunk: supabase-js, the query client and the store's
 * subscription to auth events. Loaded by the first route that needs it (or in the background when
 * a session may be stored); created once per page however many callers ask.
 */
export interface Session {
  client: TracklintClient;
  queryClient: QueryClient;
}

let current: Session | null = null;

export function startSession({ config, store }: AppContext): Session {
  if (current) return current;
  const client = createSupabaseClient(config, platform.authStorage);
  const known = store.get(authStateAtom);
  // Right after creating the client: supabase-js reports a session found in the URL on the next tick.
  connectAuthState(client, store, store.get(authRedirectAtom));
  // bootstrap knew the visitor is signed out; supabase-js's first event will say the same.
  if (!known.loading) store.set(authStateAtom, known);
  current = { client, queryClient: createQueryClient() };
  return current;
}
