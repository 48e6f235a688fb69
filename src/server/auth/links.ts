import type { OneTimeTokenType } from './one-time-tokens';

/** Where each kind of email link lands in the web app when the client names no redirect. */
export const DEFAULT_REDIRECT_PATH: Record<OneTimeTokenType, string> = {
  signup: '/verify-email',
  recovery: '/reset-password',
  magiclink: '/',
  invite: '/',
  email_change: '/',
};

/** The link in an email: GET /auth/v1/verify consumes the token and forwards the browser to redirectTo. */
export function verificationLink(publicUrl: string, token: string, type: OneTimeTokenType, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${publicUrl}/auth/v1/verify?${query.toString()}`;
}
