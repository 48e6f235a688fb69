import { createStore } from 'jotai';
import { platform } from '../platform';
import { createSupabaseClient } from '../lib/supabase';
import { createQueryClient } from '../data/query-client';
import { connectAuthState } from '../state/auth-atoms';
import { parseAuthFragment } from '../auth/auth-fragment';
import { rememberInvitationFromUrl } from '../auth/invitation-token';
import { loadRuntimeConfig } from './runtime-config';
import type { AppContext } from './App';

/**
 * Everything the app needs before its first render: the runtime config, the supabase client,
 * the query client, and the jotai store already listening to auth events.
 */
export async function bootstrap(): Promise<AppContext> {
  // Read what an email link put in the fragment before supabase-js consumes and clears it.
  const authRedirect = parseAuthFragment(window.location.hash);
  // An invitation link (/signup?invitation=...) is remembered for this tab before any redirect drops the query.
  rememberInvitationFromUrl(window.location, window.sessionStorage);
  const config = await loadRuntimeConfig(platform.configUrl, platform.webOrigin);
  const client = createSupabaseClient(config, platform.authStorage);
  const store = createStore();
  connectAuthState(client, store, authRedirect);
  return { client, store, queryClient: createQueryClient(), config };
}
