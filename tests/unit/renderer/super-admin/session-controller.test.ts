import { describe, expect, it } from 'vitest';
import type { SuperAdminNotice } from '../../../../src/renderer/pages/super-admin/session/session-controller';
import { SuperAdminSessionController } from '../../../../src/renderer/pages/super-admin/session/session-controller';
import { SESSION_RECHECK_INTERVAL_MS } from '../../../../src/renderer/pages/super-admin/session/session-logic';
import { fakeFetch, memoryStorage, superAdmin } from './fakes';

const BASE = 'https://backend.test';
const KEY = 'super_admin_session_token';

function setup(replies: Parameters<typeof fakeFetch>[0], stored: Record<string, string> = {}) {
  const { fetch, requests } = fakeFetch(replies);
  const storage = memoryStorage(stored);
  const notices: SuperAdminNotice[] = [];
  const controller = new SuperAdminSessionController({
    api: { supabaseUrl: BASE, fetch },
    storage,
    notify: (notice) => notices.push(notice),
    clientInfo: () => ({ ipAddress: null, userAgent: 'vitest' }),
  });
  return { controller, storage, requests, notices };
}

describe('sign-in', () => {
  it('signs in, stores the token and greets the user', async () => {
    const { controller, storage, requests, notices } = setup({
      login: { body: { sessionToken: 'tok-1', user: superAdmin } },
    });
    const outcome = await controller.signIn(' root@tracklint.test ', 'pw');
    expect(outcome.kind).toBe('signed-in');
    expect(controller.getState()).toEqual({ status: 'signed-in', user: superAdmin, sessionToken: 'tok-1' });
    expect(storage.data.get(KEY)).toBe('tok-1');
    expect(requests[0]).toMatchObject({
      url: `${BASE}/functions/v1/super-admin-auth/login`,
      method: 'POST',
      body: { email: 'root@tracklint.test', password: 'pw', mfaCode: null, ipAddress: null, userAgent: 'vitest' },
    });
    expect(notices.map((n) => n.title)).toEqual(['Welcome back']);
  });

  it('shows the server error, and stores nothing', async () => {
    const { controller, storage, notices } = setup({ login: { status: 401, body: { error: 'Invalid credentials' } } });
    expect(await controller.signIn('root@tracklint.test', 'bad')).toEqual({ kind: 'error', message: 'Invalid credentials' });
    expect(controller.getState()).toEqual({ status: 'signed-out' });
    expect(storage.data.size).toBe(0);
    expect(notices).toEqual([{ title: 'Sign in failed', message: 'Invalid credentials', variant: 'destructive' }]);
  });

  it("falls back to 'Authentication failed' when the server gives no reason or cannot be reached", async () => {
    const silent = setup({ login: { status: 500, body: {} } });
    expect(await silent.controller.signIn('a@b.co', 'pw')).toEqual({ kind: 'error', message: 'Authentication failed' });
    const offline = setup({ login: new TypeError('network down') });
    expect(await offline.controller.signIn('a@b.co', 'pw')).toEqual({ kind: 'error', message: 'Authentication failed' });
  });

  it('refuses empty credentials without calling the server', async () => {
    const { controller, requests } = setup({});
    expect(await controller.signIn('  ', 'pw')).toEqual({ kind: 'error', message: 'Email and password are required' });
    expect(requests).toHaveLength(0);
  });
});

describe('MFA', () => {
  it('asks for MFA, then completes the sign-in with the verified code', async () => {
    const { controller, storage, requests } = setup({
      login: [
        { status: 200, body: { requireMFA: true, userId: 'u-1' } },
        { status: 200, body: { sessionToken: 'tok-2', user: superAdmin } },
      ],
      'verify-mfa': { body: { valid: true } },
    });
    expect(await controller.signIn('root@tracklint.test', 'pw')).toEqual({ kind: 'mfa-required', userId: 'u-1' });
    expect(controller.getState()).toEqual({ status: 'mfa-required', userId: 'u-1' });
    expect(storage.data.size).toBe(0);

    const outcome = await controller.verifyMfa('123456');
    expect(outcome.kind).toBe('signed-in');
    expect(requests[1]).toMatchObject({ url: `${BASE}/functions/v1/super-admin-auth/verify-mfa`, body: { userId: 'u-1', code: '123456' } });
    expect(requests[2]?.body).toMatchObject({ email: 'root@tracklint.test', password: 'pw', mfaCode: '123456' });
    expect(storage.data.get(KEY)).toBe('tok-2');
  });

  it('uses a session returned by verify-mfa directly', async () => {
    const { controller, requests } = setup({
      login: { body: { requireMFA: true, userId: 'u-1' } },
      'verify-mfa': { body: { valid: true, sessionToken: 'tok-3', user: superAdmin } },
    });
    await controller.signIn('root@tracklint.test', 'pw');
    await controller.verifyMfa('123456');
    expect(controller.getState()).toMatchObject({ status: 'signed-in', sessionToken: 'tok-3' });
    expect(requests).toHaveLength(2);
  });

  it('keeps the challenge open and shows the Invalid MFA code toast for a wrong code', async () => {
    const { controller, notices } = setup({
      login: { body: { requireMFA: true, userId: 'u-1' } },
      'verify-mfa': { status: 401, body: { valid: false } },
    });
    await controller.signIn('root@tracklint.test', 'pw');
    const outcome = await controller.verifyMfa('000000');
    expect(outcome.kind).toBe('error');
    expect(controller.getState()).toEqual({ status: 'mfa-required', userId: 'u-1' });
    expect(notices.at(-1)).toEqual({
      title: 'Invalid MFA code',
      message: 'Please check your authenticator app and try again',
      variant: 'destructive',
    });
  });

  it('refuses to verify a code without a pending challenge', async () => {
    const { controller, requests } = setup({});
    await controller.restore();
    expect((await controller.verifyMfa('123456')).kind).toBe('error');
    expect(requests).toHaveLength(0);
  });
});

describe('session check and sign-out', () => {
  it('restores a stored token the server still accepts, sending it in the session header', async () => {
    const { controller, requests } = setup({ session: { body: { user: superAdmin } } }, { [KEY]: 'tok-9' });
    await controller.restore();
    expect(controller.getState()).toEqual({ status: 'signed-in', user: superAdmin, sessionToken: 'tok-9' });
    expect(requests[0]).toMatchObject({ method: 'GET', url: `${BASE}/functions/v1/super-admin-auth/session` });
    expect(requests[0]?.headers['x-super-admin-session']).toBe('tok-9');
  });

  it('is signed out without calling the server when nothing is stored', async () => {
    const { controller, requests } = setup({});
    await controller.restore();
    expect(controller.getState()).toEqual({ status: 'signed-out' });
    expect(requests).toHaveLength(0);
  });

  it('clears the token when the session check fails', async () => {
    for (const reply of [{ status: 401, body: { error: 'expired' } }, new TypeError('offline'), { status: 200, body: {} }]) {
      const { controller, storage } = setup({ session: reply }, { [KEY]: 'tok-9' });
      await controller.restore();
      expect(controller.getState()).toEqual({ status: 'signed-out' });
      expect(storage.data.has(KEY)).toBe(false);
    }
  });

  it('re-checks every 60 minutes and signs out when the server stops accepting the token', async () => {
    const { controller, storage } = setup(
      { login: { body: { sessionToken: 'tok-1', user: superAdmin } }, session: { status: 401, body: {} } },
    );
    await controller.signIn('root@tracklint.test', 'pw');
    let scheduled: { callback: () => void; ms: number } | undefined;
    let cleared: unknown;
    const stop = controller.startRechecks({
      setInterval: (callback, ms) => {
        scheduled = { callback, ms };
        return 'handle-1';
      },
      clearInterval: (handle) => (cleared = handle),
    });
    expect(scheduled?.ms).toBe(SESSION_RECHECK_INTERVAL_MS);
    await controller.recheck();
    expect(controller.getState()).toEqual({ status: 'signed-out' });
    expect(storage.data.has(KEY)).toBe(false);
    stop();
    expect(cleared).toBe('handle-1');
  });

  it('signs out: clears the token and calls logout with the bearer token', async () => {
    const { controller, storage, requests, notices } = setup({
      login: { body: { sessionToken: 'tok-1', user: superAdmin } },
      logout: { body: {} },
    });
    await controller.signIn('root@tracklint.test', 'pw');
    await controller.signOut();
    expect(controller.getState()).toEqual({ status: 'signed-out' });
    expect(storage.data.has(KEY)).toBe(false);
    expect(requests.at(-1)).toMatchObject({ url: `${BASE}/functions/v1/super-admin-auth/logout`, method: 'POST' });
    expect(requests.at(-1)?.headers.Authorization).toBe('Bearer tok-1');
    expect(notices.at(-1)?.title).toBe('Signed out');
  });

  it('still signs out locally when the logout call fails', async () => {
    const { controller, storage } = setup({
      login: { body: { sessionToken: 'tok-1', user: superAdmin } },
      logout: new TypeError('offline'),
    });
    await controller.signIn('root@tracklint.test', 'pw');
    await controller.signOut();
    expect(controller.getState()).toEqual({ status: 'signed-out' });
    expect(storage.data.has(KEY)).toBe(false);
  });
});

describe('MFA setup', () => {
  it("enables MFA for the signed-in user and says 'MFA enabled'", async () => {
    const { controller, requests, notices } = setup({
      login: { body: { sessionToken: 'tok-1', user: superAdmin } },
      'setup-mfa': { body: { success: true } },
    });
    await controller.signIn('root@tracklint.test', 'pw');
    expect(await controller.setupMfa('MZXW6YTBOI', '123456')).toBe(true);
    expect(requests.at(-1)).toMatchObject({ body: { userId: 'u-1', secret: 'MZXW6YTBOI', token: '123456' } });
    expect(requests.at(-1)?.headers['x-super-admin-session']).toBe('tok-1');
    expect(controller.getState()).toMatchObject({ user: { mfaEnabled: true } });
    expect(notices.at(-1)?.title).toBe('MFA enabled');
  });

  it("reports 'MFA setup failed' with the server's reason", async () => {
    const { controller, notices } = setup({
      login: { body: { sessionToken: 'tok-1', user: superAdmin } },
      'setup-mfa': { status: 400, body: { error: 'Invalid token' } },
    });
    await controller.signIn('root@tracklint.test', 'pw');
    expect(await controller.setupMfa('MZXW6YTBOI', '000000')).toBe(false);
    expect(controller.getState()).toMatchObject({ user: { mfaEnabled: false } });
    expect(notices.at(-1)).toEqual({ title: 'MFA setup failed', message: 'Invalid token', variant: 'destructive' });
  });
});
