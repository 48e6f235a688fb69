import { createStore } from 'jotai';
import { platform, type Platform } from '../platform';
import { authRedirectAtom, authStateAtom } from '../state/auth-atoms';
import { initialAuthState } from '../auth/auth-state';
import { parseAuthFragment } from '../auth/auth-fragment';
import { rememberInvitationFromUrl } from '../auth/invitation-token';
import { loadRuntimeConfig } from '../lib/runtime-config';
import type { AppContext } from './App';

/**
 * Everything the first render needs: the runtime config and the jotai store. supabase-js, the
 * query client and the session runners are not loaded here: marketing pages do not use them, so
 * they come with the first route that does (see the session layout route) or, when a session may be
 * stored, in the background so a signed-in visitor of a marketing page is still redirected.
 */
export async function bootstrap(): Promise<AppContext> {
  // Read what an email link put in the fragment before supabase-js consumes and clears it.
  const authRedirect = parseAuthFragment(window.location.hash);
  // An invitation link (/signup?invitation=...) is remembered for this tab before any redirect drops the query.
  rememberInvitationFromUrl(window.location, window.sessionStorage);
  const config = await loadRuntimeConfig(platform.configUrl, platform.webOrigin);
  const store = createStore();
  store.set(authRedirectAtom, authRedirect);
  const context: AppContext = { store, config };
  if (mayHaveSession(platform, window)) {
    void import('./session').then(({ startSession }) => startSession(context));
  } else {
    // Nothing stored, nothing in the URL: signed out for sure, so the auth pages and guards need
    // not wait for supabase-js to say so (no spinner over a sign-in form already on screen).
    store.set(authStateAtom, { ...initialAuthState(null), loading: false });
  }
  return context;
}

/**
 * Whether supabase-js could find a session on this page: one in browser storage (supabase-js keys
 * it `sb-<project>-auth-token`), one in an email link's fragment, or the desktop keychain (which
 * cannot be read synchronously). When false, the visitor is signed out and nothing needs loading.
 */
export function mayHaveSession(current: Platform, win: Pick<Window, 'localStorage' | 'location'>): boolean {
  if (current.kind !== 'web') return true;
  if (/(^#|&)(access_token|refresh_token|error|error_description)=/.test(win.location.hash)) return true;
  try {
    for (let index = 0; index < win.localStorage.length; index += 1) {
      const key = win.localStorage.key(index);
      if (key && /^sb-.+-auth-token$/.test(key)) return true;
    }
    return false;
  } catch {
    // Storage blocked (privacy settings): let supabase-js decide.
    return true;
  }
}
