import { describe, expect, it } from 'vitest';
import {
  SuperAdminApiError,
  getSession,
  login,
  parseSuperAdminUser,
  superAdminFunctionUrl,
} from '../../../../src/renderer/pages/super-admin/api/super-admin-client';
import { fakeFetch, superAdmin } from './fakes';

describe('super-admin API client', () => {
  it('builds function URLs under /functions/v1/super-admin-auth', () => {
    expect(superAdminFunctionUrl('https://api.test/', 'login')).toBe('https://api.test/functions/v1/super-admin-auth/login');
    expect(() => superAdminFunctionUrl('api.test', 'login')).toThrow(SuperAdminApiError);
  });

  it('sends the anon key as apikey and bearer when configured', async () => {
    const { fetch, requests } = fakeFetch({ login: { body: { sessionToken: 't', user: superAdmin } } });
    await login(
      { supabaseUrl: 'https://api.test', anonKey: 'anon-1', fetch },
      { email: 'a@b.co', password: 'pw', mfaCode: null, ipAddress: null, userAgent: 'ua' },
    );
    expect(requests[0]?.headers).toMatchObject({ apikey: 'anon-1', Authorization: 'Bearer anon-1', 'Content-Type': 'application/json' });
  });

  it('reads the login answer field by field and ignores a token on a failed status', async () => {
    const { fetch } = fakeFetch({ login: { status: 403, body: { error: 'Locked', sessionToken: 'should-not-count' } } });
    const response = await login(
      { supabaseUrl: 'https://api.test', fetch },
      { email: 'a@b.co', password: 'pw', mfaCode: null, ipAddress: null, userAgent: 'ua' },
    );
    expect(response).toEqual({ error: 'Locked', requireMFA: false, userId: null, user: null, sessionToken: null });
  });

  it('reads a user without a role as a super admin, keeps an explicit other role, and rejects incomplete users', () => {
    expect(parseSuperAdminUser({ id: 'u-1', email: 'a@b.co', mfaEnabled: true })).toEqual({
      id: 'u-1',
      email: 'a@b.co',
      mfaEnabled: true,
      role: 'super_admin',
    });
    expect(parseSuperAdminUser({ id: 'u-1', email: 'a@b.co', role: 'admin' })?.role).toBe('admin');
    expect(parseSuperAdminUser({ id: 'u-1' })).toBeNull();
    expect(parseSuperAdminUser('u-1')).toBeNull();
  });

  it('treats a rejected session as no user but raises server failures', async () => {
    const rejected = fakeFetch({ session: { status: 401, body: {} } });
    expect(await getSession({ supabaseUrl: 'https://api.test', fetch: rejected.fetch }, 'tok')).toBeNull();
    const broken = fakeFetch({ session: { status: 500, body: { error: 'boom' } } });
    await expect(getSession({ supabaseUrl: 'https://api.test', fetch: broken.fetch }, 'tok')).rejects.toThrow('boom');
  });
});
