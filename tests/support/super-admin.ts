import { inject } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { grantSuperAdmin } from '../../src/server/functions/super-admin/operator';
import { uniqueEmail } from './clients';

export const SUPER_ADMIN_PASSWORD = 'super-admin-password-77';

export { currentTotpStep, newTotpSecret, totpCode } from './totp';
import { currentTotpStep, newTotpSecret, totpCode } from './totp';

/** Calls /functions/v1/<path> the way the renderer's client does: anon apikey and bearer, session header. */
export async function callFunction(
  path: string,
  init: { method?: string; body?: unknown; session?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const anonKey = inject('anonKey');
  const headers: Record<string, string> = { accept: 'application/json', apikey: anonKey, authorization: `Bearer ${anonKey}` };
  if (init.session) headers['x-super-admin-session'] = init.session;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${inject('serverUrl')}/functions/v1/${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/**
 * A super admin with MFA switched on, signed in the way the login page does it (password, then
 * the code): returns its id, email and live session token.
 */
export async function superAdminWithMfa(operatorDb: Database, prefix = 'console'): Promise<{ id: string; email: string; session: string }> {
  const email = uniqueEmail(prefix);
  const { userId } = await grantSuperAdmin(operatorDb, { email, password: SUPER_ADMIN_PASSWORD });
  const login = () => callFunction('super-admin-auth/login', { body: { email, password: SUPER_ADMIN_PASSWORD, mfaCode: null, ipAddress: '203.0.113.7', userAgent: 'TracklintTest/1.0' } });
  const first = await login();
  const setupSession = first.json.sessionToken as string;
  const secret = newTotpSecret();
  const setup = await callFunction('super-admin-auth/setup-mfa', { session: setupSession, body: { userId, secret, token: totpCode(secret, currentTotpStep()) } });
  if (setup.status !== 200) throw new Error(`MFA setup failed: ${JSON.stringify(setup.json)}`);
  await callFunction('super-admin-auth/logout', { method: 'POST', session: setupSession });
  const second = await login();
  if (second.json.requireMFA !== true) throw new Error('login did not ask for MFA');
  // The setup code's step is used up: the next step's code is the one an authenticator shows next.
  const verified = await callFunction('super-admin-auth/verify-mfa', { body: { userId, code: totpCode(secret, currentTotpStep() + 1) } });
  if (verified.status !== 200) throw new Error(`MFA verification failed: ${JSON.stringify(verified.json)}`);
  return { id: userId, email, session: verified.json.sessionToken as string };
}
