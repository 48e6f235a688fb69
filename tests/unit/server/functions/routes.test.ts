import { describe, expect, it } from 'vitest';
import { createSuperAdminAuthRoutes } from '../../../../src/server/functions/super-admin/routes';
import type { Outcome, SuperAdminService } from '../../../../src/server/functions/super-admin/service';
import { generateSessionToken } from '../../../../src/server/functions/super-admin/session-tokens';

/** A service that records what the routes handed it. */
function recordingService() {
  const calls: Array<{ method: string; args: unknown[] }> = [];
  const ok: Outcome = { status: 200, body: { ok: true } };
  const record =
    (method: string) =>
    async (...args: unknown[]) => {
      calls.push({ method, args });
      return ok;
    };
  const service = {
    login: record('login'),
    verifyMfa: record('verifyMfa'),
    session: record('session'),
    logout: record('logout'),
    setupMfa: record('setupMfa'),
  } as unknown as SuperAdminService; // only the five methods the routes call
  return { service, calls };
}

const ANON_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';

describe('super-admin-auth routes', () => {
  const setup = () => {
    const { service, calls } = recordingService();
    return { app: createSuperAdminAuthRoutes(service, () => '198.51.100.4'), calls };
  };

  it('takes the session token from x-super-admin-session before Authorization', async () => {
    const { app, calls } = setup();
    const headerToken = generateSessionToken();
    const bearerToken = generateSessionToken();
    await app.request('/session', { headers: { 'x-super-admin-session': headerToken, authorization: `Bearer ${bearerToken}` } });
    await app.request('/session', { headers: { authorization: `Bearer ${bearerToken}` } });
    // The renderer sends the anon key as bearer; it is not a session token.
    await app.request('/session', { headers: { authorization: `Bearer ${ANON_JWT}` } });
    expect(calls.map((c) => c.args[0])).toEqual([headerToken, bearerToken, null]);
  });

  it('passes the connection address and the client-reported details to login', async () => {
    const { app, calls } = setup();
    const res = await app.request('/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'header-agent' },
      body: JSON.stringify({ email: 'A@B.example', password: 'pw', mfaCode: null, ipAddress: '203.0.113.9', userAgent: 'body-agent' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(calls[0]!.args).toEqual([
      { email: 'a@b.example', password: 'pw', mfaCode: null, reportedIp: '203.0.113.9', userAgent: 'body-agent' },
      { ip: '198.51.100.4', reportedIp: '203.0.113.9', userAgent: 'body-agent' },
    ]);
  });

  it('answers malformed bodies with 400 JSON and never calls the service', async () => {
    const { app, calls } = setup();
    for (const path of ['/login', '/verify-mfa', '/setup-mfa']) {
      const res = await app.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Request body is not valid JSON' });
    }
    expect(calls).toEqual([]);
  });
});
