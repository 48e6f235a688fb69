import { useAtomValue } from 'jotai';
import { authStateAtom } from '../../state/auth-atoms';
import type { AuthState } from '../../auth/auth-state';

/** The current user, session and loading flag (kept up to date from supabase.auth.onAuthStateChange). */
export function useSession(): AuthState {
  return useAtomValue(authStateAtom);
}
