import { describe, expect, it } from 'vitest';
import { AppApiError, apiErrorMessage, appApiRequest } from '../../../src/renderer/lib/app-api';
import type { TracklintClient } from '../../../src/renderer/lib/supabase';

function clientWithToken(token: string | null): TracklintClient {
  // Only auth.getSession is used by appApiRequest; a minimal stand-in keeps the test pure.
  return {
    auth: { getSession: async () => ({ data: { session: token ? { access_token: token } : null }, error: null }) },
  } as unknown as TracklintClient;
}

describe('app API errors', () => {
  it("reads the JSON body's error field", () => {
    expect(apiErrorMessage({ error: 'Organization slug already exists' })).toBe('Organization slug already exists');
    expect(apiErrorMessage({ error: { message: 'nested' } })).toBe('nested');
    expect(apiErrorMessage({ error: '' })).toBeNull();
    expect(apiErrorMessage('text')).toBeNull();
  });
});

describe('app API requests', () => {
  it('sends the bearer token and JSON, and returns the body', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ organization: { id: 'o1' } }), { status: 200 });
    }) as unknown as typeof fetch;
    const body = await appApiRequest<{ organization: { id: string } }>(
      clientWithToken('tok'),
      'http://server/',
      { method: 'PATCH', path: '/api/organizations/o1', body: { name: 'Zeta' } },
      'Failed to update organization',
      fetchImpl,
    );
    expect(body.organization.id).toBe('o1');
    expect(calls[0]!.url).toBe('http://server/api/organizations/o1');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(calls[0]!.init.body).toBe('{"name":"Zeta"}');
  });

  it("throws the server's error, or the fallback when the body has none", async () => {
    const answer = (status: number, text: string) => (async () => new Response(text, { status })) as unknown as typeof fetch;
    const request = { method: 'DELETE' as const, path: '/api/organizations/o1/members/u1' };
    await expect(
      appApiRequest(clientWithToken('t'), 'http://s', request, 'Failed to remove user', answer(409, '{"error":"An organization must keep at least one owner"}')),
    ).rejects.toThrow('An organization must keep at least one owner');
    await expect(appApiRequest(clientWithToken('t'), 'http://s', request, 'Failed to remove user', answer(500, 'oops'))).rejects.toThrow(
      'Failed to remove user',
    );
  });

  it('refuses to call without a session', async () => {
    const err = await appApiRequest(clientWithToken(null), 'http://s', { method: 'DELETE', path: '/x' }, 'f').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppApiError);
    expect((err as AppApiError).message).toBe('Not authenticated');
  });
});
