import { atom, type createStore } from 'jotai';
import type { TracklintClient } from '../lib/supabase';
import { initialAuthState, reduceAuthEvent, type AuthState } from '../auth/auth-state';
import type { AuthRedirectInfo } from '../auth/auth-fragment';

type Store = ReturnType<typeof createStore>;

export const authStateAtom = atom<AuthState>(initialAuthState(null));

/** What the email link that opened this page said (type, error), read before supabase-js cleared the fragment. */
export const authRedirectAtom = atom<AuthRedirectInfo | null>(null);

/** Ends the recovery phase once the new password is saved. */
export const endRecoveryAtom = atom(null, (get, set) => {
  set(authStateAtom, { ...get(authStateAtom), recovery: false });
});

/**
 * Feeds supabase-js auth events into the store. Call right after creating the client and before
 * rendering: supabase-js reports a session found in the URL (e.g. PASSWORD_RECOVERY) on the next
 * tick, which a subscription made later from a React effect would miss.
 */
export function connectAuthState(client: TracklintClient, store: Store, redirect: AuthRedirectInfo | null): () => void {
  store.set(authRedirectAtom, redirect);
  store.set(authStateAtom, initialAuthState(redirect));
  const { data } = client.auth.onAuthStateChange((event, session) => {
    store.set(authStateAtom, reduceAuthEvent(store.get(authStateAtom), event, session));
  });
  return () => data.subscription.unsubscribe();
}
