import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import type { AuthRedirectInfo } from './auth-fragment';

/**
 * The signed-in user as the client knows it. It comes from supabase-js's auth event stream
 * (not from a query), so it lives in jotai; see state/auth-atoms.ts.
 */
export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until supabase-js has restored (or failed to restore) the session at start. */
  loading: boolean;
  lastEvent: AuthChangeEvent | null;
  /** The session came from a password-reset link: the user must be able to set a new password. */
  recovery: boolean;
}

export function initialAuthState(redirect: AuthRedirectInfo | null): AuthState {
  return {
    user: null,
    session: null,
    loading: true,
    lastEvent: null,
    recovery: redirect?.type === 'recovery' && redirect.hasSession,
  };
}

/** The next auth state after a supabase-js auth event. */
export function reduceAuthEvent(state: AuthState, event: AuthChangeEvent, session: Session | null): AuthState {
  const base = { ...state, session, user: session?.user ?? null, lastEvent: event, loading: false };
  switch (event) {
    case 'PASSWORD_RECOVERY':
      return { ...base, recovery: true };
    case 'SIGNED_OUT':
      return { ...base, session: null, user: null, recovery: false };
    case 'INITIAL_SESSION':
      // A recovery link whose token failed leaves no session: nothing to recover.
      return { ...base, recovery: state.recovery && session !== null };
    default:
      // SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED and MFA events keep the recovery flag until
      // the password is updated (the update screen clears it) or the user signs out.
      return base;
  }
}
