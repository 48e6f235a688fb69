/** What an email link put in the URL fragment (implicit flow), read before supabase-js clears it. */
export interface AuthRedirectInfo {
  /** 'signup', 'recovery', 'magiclink', 'invite', 'email_change', ... */
  type: string | null;
  hasSession: boolean;
  error: string | null;
  errorDescription: string | null;
}

export function parseAuthFragment(hash: string): AuthRedirectInfo {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return {
    type: params.get('type'),
    hasSession: params.has('access_token'),
    error: params.get('error_code') ?? params.get('error'),
    errorDescription: params.get('error_description'),
  };
}
