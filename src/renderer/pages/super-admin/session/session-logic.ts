import type { LoginResponse, SuperAdminUser } from '../api/super-admin-client';

/** Browser-storage key holding the super-admin session token. */
export const SUPER_ADMIN_SESSION_TOKEN_KEY = 'super_admin_session_token';

/** How often a signed-in super admin's session is re-checked with the server. */
export const SESSION_RECHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Shown when a login fails and the server gave no reason. */
export const AUTHENTICATION_FAILED = 'Authentication failed';

export const SUPER_ADMIN_ROLE = 'super_admin';

/** Async so the desktop app can keep the token in the OS keychain (platform.authStorage fits). */
export interface TokenStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

export type SuperAdminSessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'mfa-required'; userId: string }
  | { status: 'signed-in'; user: SuperAdminUser; sessionToken: string };

export type LoginOutcome =
  | { kind: 'signed-in'; user: SuperAdminUser; sessionToken: string }
  | { kind: 'mfa-required'; userId: string }
  | { kind: 'error'; message: string };

export function isSuperAdmin(user: Pick<SuperAdminUser, 'role'> | null | undefined): boolean {
  return user?.role === SUPER_ADMIN_ROLE;
}

/**
 * Maps the login function's answer to what happens next. A server error wins; an MFA challenge
 * needs the user id to verify; a sign-in needs both a token and a super-admin user. Anything
 * else is a failure with the generic message.
 */
export function loginOutcome(response: LoginResponse): LoginOutcome {
  if (response.error) return { kind: 'error', message: response.error };
  if (response.requireMFA) {
    const userId = response.userId ?? response.user?.id ?? null;
    return userId ? { kind: 'mfa-required', userId } : { kind: 'error', message: AUTHENTICATION_FAILED };
  }
  if (response.sessionToken && response.user && isSuperAdmin(response.user)) {
    return { kind: 'signed-in', user: response.user, sessionToken: response.sessionToken };
  }
  return { kind: 'error', message: AUTHENTICATION_FAILED };
}

export type GuardDecision = 'wait' | 'enter' | 'redirect-to-login';

/** Only a signed-in super admin enters; while the session loads the guard waits (spinner). */
export function guardDecision(state: SuperAdminSessionState): GuardDecision {
  if (state.status === 'loading') return 'wait';
  if (state.status === 'signed-in' && isSuperAdmin(state.user)) return 'enter';
  return 'redirect-to-login';
}

export function readStoredToken(storage: TokenStorage): Promise<string | null> {
  return storage.getItem(SUPER_ADMIN_SESSION_TOKEN_KEY);
}

export function storeToken(storage: TokenStorage, token: string): Promise<void> {
  if (!token) throw new Error('Refusing to store an empty super-admin session token');
  return storage.setItem(SUPER_ADMIN_SESSION_TOKEN_KEY, token);
}

export function clearStoredToken(storage: TokenStorage): Promise<void> {
  return storage.removeItem(SUPER_ADMIN_SESSION_TOKEN_KEY);
}

/** Browser storage for the web build; the desktop passes its keychain-backed storage instead. */
export function browserTokenStorage(store: Storage | undefined = globalThis.localStorage): TokenStorage {
  return {
    getItem: async (key) => store?.getItem(key) ?? null,
    setItem: async (key, value) => store?.setItem(key, value),
    removeItem: async (key) => store?.removeItem(key),
  };
}
