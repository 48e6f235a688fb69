import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createTenant, type Tenant } from '../support/personas';

// Issue 26, "safety, round two": each describe block is one class of attack that got through,
// replayed over HTTP against the real server and Postgres.

const base = () => inject('serverUrl');

async function rest(method: string, query: string, token: string, body?: unknown) {
  const headers: Record<string, string> = { apikey: inject('anonKey'), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const res = await fetch(`${base()}/rest/v1/${query}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> | unknown[] | null };
}

let tenant: Tenant;

beforeAll(async () => {
  tenant = await createTenant('round-two', 'pro');
  const { error } = await tenant.owner.client.from('websites').insert([
    { organization_id: tenant.orgId, name: 'R2 one', domain: 'one.round-two.example.com' },
    { organization_id: tenant.orgId, name: 'R2 two', domain: 'two.round-two.example.com' },
  ]);
  if (error) throw error;
});

describe('item 11: an empty or= / and= on a read is refused like PostgREST', () => {
  it.each(['or=', 'and=', 'not.or=', 'websites.and='])('GET websites?%s is PGRST100, not every row', async (filter) => {
    const res = await rest('GET', `organizations?select=id,websites(id)&${filter}`, tenant.owner.accessToken);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('failed to parse logic tree') });
  });

  it('a non-empty or= still reads', async () => {
    const res = await rest('GET', 'websites?select=name&or=(name.eq.R2%20one,name.eq.R2%20two)&order=name', tenant.owner.accessToken);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ name: 'R2 one' }, { name: 'R2 two' }]);
  });
});
