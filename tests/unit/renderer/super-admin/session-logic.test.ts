import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../../src/renderer/pages/super-admin/api/super-admin-client';
import {
  SESSION_RECHECK_INTERVAL_MS,
  SUPER_ADMIN_SESSION_TOKEN_KEY,
  browserTokenStorage,
  clearStoredToken,
  guardDecision,
  loginOutcome,
  readStoredToken,
  storeToken,
} from '../../../../src/renderer/pages/super-admin/session/session-logic';
import { memoryStorage, superAdmin } from './fakes';

const response = (overrides: Partial<LoginResponse>): LoginResponse => ({
  error: null,
  requireMFA: false,
  userId: null,
  user: null,
  sessionToken: null,
  ...overrides,
});

describe('super-admin session constants', () => {
  it('stores the token under super_admin_session_token and re-checks every 60 minutes', () => {
    expect(SUPER_ADMIN_SESSION_TOKEN_KEY).toBe('super_admin_session_token');
    expect(SESSION_RECHECK_INTERVAL_MS).toBe(60 * 60 * 1000);
  });
});

describe('loginOutcome', () => {
  it('signs in when a token and a super-admin user come back', () => {
    expect(loginOutcome(response({ sessionToken: 'tok', user: superAdmin }))).toEqual({
      kind: 'signed-in',
      user: superAdmin,
      sessionToken: 'tok',
    });
  });

  it('asks for MFA, keeping the user id', () => {
    expect(loginOutcome(response({ requireMFA: true, userId: 'u-9' }))).toEqual({ kind: 'mfa-required', userId: 'u-9' });
    expect(loginOutcome(response({ requireMFA: true, user: superAdmin }))).toEqual({ kind: 'mfa-required', userId: 'u-1' });
  });

  it('shows the server error, or Authentication failed when there is none', () => {
    expect(loginOutcome(response({ error: 'Invalid credentials' }))).toEqual({ kind: 'error', message: 'Invalid credentials' });
    expect(loginOutcome(response({}))).toEqual({ kind: 'error', message: 'Authentication failed' });
    expect(loginOutcome(response({ requireMFA: true }))).toEqual({ kind: 'error', message: 'Authentication failed' });
  });

  it('refuses a user whose role is not super_admin', () => {
    const admin = { ...superAdmin, role: 'admin' };
    expect(loginOutcome(response({ sessionToken: 'tok', user: admin }))).toEqual({
      kind: 'error',
      message: 'Authentication failed',
    });
  });
});

describe('guardDecision', () => {
  it('waits while loading, lets in only a signed-in super admin, redirects everyone else', () => {
    expect(guardDecision({ status: 'loading' })).toBe('wait');
    expect(guardDecision({ status: 'signed-in', user: superAdmin, sessionToken: 't' })).toBe('enter');
    expect(guardDecision({ status: 'signed-in', user: { ...superAdmin, role: 'owner' }, sessionToken: 't' })).toBe(
      'redirect-to-login',
    );
    expect(guardDecision({ status: 'signed-out' })).toBe('redirect-to-login');
    expect(guardDecision({ status: 'mfa-required', userId: 'u-1' })).toBe('redirect-to-login');
  });
});

describe('token storage', () => {
  it('stores, reads and clears the token under its key', async () => {
    const storage = memoryStorage();
    await storeToken(storage, 'tok-1');
    expect(storage.data.get('super_admin_session_token')).toBe('tok-1');
    expect(await readStoredToken(storage)).toBe('tok-1');
    await clearStoredToken(storage);
    expect(await readStoredToken(storage)).toBeNull();
  });

  it('refuses to store an empty token', async () => {
    const storage = memoryStorage();
    expect(() => storeToken(storage, '')).toThrow(/empty/);
    expect(storage.data.size).toBe(0);
  });

  it('wraps a Web Storage object for the browser build', async () => {
    const values = new Map<string, string>();
    const webStorage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    } as unknown as Storage;
    const storage = browserTokenStorage(webStorage);
    await storeToken(storage, 'abc');
    expect(values.get('super_admin_session_token')).toBe('abc');
    await clearStoredToken(storage);
    expect(values.has('super_admin_session_token')).toBe(false);
  });
});
