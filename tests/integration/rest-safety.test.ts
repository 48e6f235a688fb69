import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { serviceClient, sql } from '../support/clients';
import { signUpConfirmed, type Persona } from '../support/personas';

// The data API must never widen a write: a filter it cannot read is an error, not "no filter".
// Tables here are real (websites, with row-level security); every check compares the whole
// table before and after through the superuser connection.

const url = (p: string) => `${inject('serverUrl')}/rest/v1/${p}`;

let owner: Persona;
let orgId: string;
let siteIds: string[];

const OPERATORS = /^(not\.)?(eq|neq|gt|gte|lt|lte|like|ilike|match|imatch|cs|cd|ov|sl|sr|nxr|nxl|adj|isdistinct|fts|plfts|phfts|wfts|is|in)[.(]/;

const allWebsites = () => sql('select id, name, domain, is_active from public.websites order by id');

async function call(method: string, query: string, init: { body?: unknown; token?: string; prefer?: string } = {}) {
  const token = init.token ?? owner.accessToken;
  const headers: Record<string, string> = { apikey: inject('anonKey'), authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  if (init.prefer) headers.prefer = init.prefer;
  const res = await fetch(url(query), { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as { code?: string; message?: string } | unknown[] | null };
}

beforeAll(async () => {
  owner = await signUpConfirmed('rest-safety');
  const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Rest Safety', org_slug: `rest-safety-${Date.now().toString(36)}`, org_plan: 'pro' });
  if (error) throw error;
  orgId = (data as { organization_id: string }).organization_id;
  const created = await owner.client
    .from('websites')
    .insert(['one', 'two', 'three'].map((n) => ({ organization_id: orgId, name: n === 'one' ? 'One' : `Site ${n}`, domain: `${n}.rest-safety.example.com` })))
    .select('id');
  if (created.error) throw created.error;
  siteIds = (created.data as Array<{ id: string }>).map((r) => r.id);
});

describe('malformed and unknown filters are refused and change nothing (property-based)', () => {
  it('DELETE, PATCH and GET on websites answer 4xx and the table is unchanged', async () => {
    const columns = (await sql<{ name: string }>("select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'websites'")).map((r) => r.name);
    const column = fc.constantFrom(...columns);
    const noOperator = fc.string({ maxLength: 20 }).filter((v) => !OPERATORS.test(v));
    const reservedKeys = ['select', 'order', 'limit', 'offset', 'and', 'or', 'columns', 'on_conflict'];
    const unknownColumn = fc.stringMatching(/^[a-z][a-z_]{0,15}$/).filter((c) => !columns.includes(c) && !reservedKeys.includes(c));
    const badOperator = fc.stringMatching(/^[a-z]{1,6}$/).filter((op) => !OPERATORS.test(`${op}.`));
    const badFilter = fc.oneof(
      fc.tuple(column, noOperator).map(([c, v]) => `${c}=${encodeURIComponent(v)}`),
      fc.tuple(unknownColumn, fc.constantFrom('eq.1', 'is.null', 'neq.x', 'in.(a,b)')).map(([c, v]) => `${c}=${v}`),
      fc.tuple(column, badOperator, fc.stringMatching(/^[a-z0-9]{0,6}$/)).map(([c, op, v]) => `${c}=${op}.${v}`),
    );
    // Sometimes next to a good filter that names one row: the bad one must not be dropped either.
    const query = fc.tuple(badFilter, fc.boolean()).map(([bad, withGood]) => (withGood ? `${bad}&id=eq.${siteIds[0]}` : bad));
    const before = await allWebsites();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('DELETE', 'PATCH', 'GET'), query, async (method, q) => {
        const res = await call(method, `websites?${q}`, method === 'PATCH' ? { body: { name: 'Hijacked' } } : {});
        expect(res.status, `${method} websites?${q}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} websites?${q}`).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
    expect(await allWebsites()).toEqual(before);
  });
});

describe('the misuse cases seen in the wild', () => {
  const cases: Array<[string, string]> = [
    ['an unknown operator', 'id=zz.1'],
    ['no operator', 'name=One'],
    ['a forgotten eq.', 'id=__ID__'],
    ['an empty value', 'id='],
  ];

  it.each(cases)('DELETE with %s is PGRST100 and deletes nothing', async (_what, filter) => {
    const before = await allWebsites();
    const res = await call('DELETE', `websites?${filter.replace('__ID__', siteIds[0]!)}`);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100', message: expect.stringMatching(/^"failed to parse filter \(/) });
    expect(await allWebsites()).toEqual(before);
  });

  it.each(cases)('PATCH with %s is PGRST100 and updates nothing', async (_what, filter) => {
    const before = await allWebsites();
    const res = await call('PATCH', `websites?${filter.replace('__ID__', siteIds[0]!)}`, { body: { name: 'Renamed' } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100' });
    expect(await allWebsites()).toEqual(before);
  });

  it('supabase-js .filter() with an unknown operator and .delete() / .update() without a filter are refused', async () => {
    const before = await allWebsites();
    const badOp = await owner.client.from('websites').delete().filter('name', 'eqq', 'One');
    expect(badOp.error?.code).toBe('PGRST100');
    const noFilterDelete = await owner.client.from('websites').delete();
    expect(noFilterDelete.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const noFilterUpdate = await owner.client.from('websites').update({ name: 'All the same' });
    expect(noFilterUpdate.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    // A filter only on an embedded resource does not name the table's rows either.
    const embedOnly = await call('DELETE', 'websites?organizations.name=eq.x');
    expect(embedOnly.json).toMatchObject({ code: '21000' });
    expect(await allWebsites()).toEqual(before);
  });

  it('the service role gets the same refusals: no whole-table delete or update', async () => {
    const before = await allWebsites();
    const service = serviceClient();
    expect((await service.from('websites').delete()).error).toMatchObject({ code: '21000' });
    expect((await service.from('websites').update({ is_active: false })).error).toMatchObject({ code: '21000' });
    expect((await service.from('websites').delete().filter('id', 'eqq', siteIds[0]!)).error?.code).toBe('PGRST100');
    const forgotEq = await call('DELETE', `websites?id=${siteIds[0]}`, { token: inject('serviceRoleKey') });
    expect(forgotEq.json).toMatchObject({ code: 'PGRST100' });
    expect(await allWebsites()).toEqual(before);
  });

  it('a good filter still works: it deletes exactly the row it names', async () => {
    const extra = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Doomed', domain: 'doomed.rest-safety.example.com' }).select('id').single();
    const before = await allWebsites();
    const res = await owner.client.from('websites').delete().eq('id', extra.data!.id);
    expect(res.error).toBeNull();
    expect(await allWebsites()).toEqual(before.filter((r) => (r as { id: string }).id !== extra.data!.id));
  });

  it('GET with a malformed filter is an error, not every row', async () => {
    const res = await call('GET', 'websites?name=One');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100' });
  });
});

describe('unknown columns and ignored bounds are named, and nothing changes', () => {
  it('an unknown column in a DELETE/PATCH filter is 42703; in a PATCH body PGRST204', async () => {
    const before = await allWebsites();
    const del = await call('DELETE', `websites?nmae=eq.One&id=eq.${siteIds[0]}`);
    expect(del.status).toBe(400);
    expect(del.json).toMatchObject({ code: '42703', message: 'column websites.nmae does not exist' });
    const patchFilter = await call('PATCH', 'websites?nmae=eq.One', { body: { name: 'Renamed' } });
    expect(patchFilter.json).toMatchObject({ code: '42703' });
    const patchBody = await call('PATCH', `websites?id=eq.${siteIds[0]}`, { body: { nmae: 'Renamed' } });
    expect(patchBody.status).toBe(400);
    expect(patchBody.json).toMatchObject({ code: 'PGRST204', message: expect.stringContaining("'nmae'") });
    expect(await allWebsites()).toEqual(before);
  });

  it('a Prefer value or Range header that would be ignored on PATCH/DELETE/RPC is refused by name', async () => {
    const before = await allWebsites();
    const org = `organization_id=eq.${orgId}`;
    for (const [method, prefer, named] of [
      ['DELETE', 'max-affected=1', 'max-affected=1'],
      ['PATCH', 'max-affected=1', 'max-affected=1'],
      ['DELETE', 'handling=strict, max-affected=one', 'max-affected=one'],
      ['PATCH', 'return=minimal, maxaffected=1', 'maxaffected=1'],
    ] as const) {
      const res = await call(method, `websites?${org}`, { prefer, ...(method === 'PATCH' ? { body: { name: 'Renamed' } } : {}) });
      expect(res.status, `${method} ${prefer}`).toBe(400);
      expect(res.json, `${method} ${prefer}`).toMatchObject({ code: 'PGRST122', details: expect.stringContaining(named) });
    }
    const rpc = await call('POST', 'rpc/test_rename_websites', { body: { org: orgId }, prefer: 'max-affected=1' });
    expect(rpc.json).toMatchObject({ code: 'PGRST122', details: expect.stringContaining('max-affected=1') });
    for (const method of ['DELETE', 'PATCH']) {
      const res = await fetch(url(`websites?${org}`), {
        method,
        headers: { apikey: inject('anonKey'), authorization: `Bearer ${owner.accessToken}`, 'content-type': 'application/json', range: '0-0' },
        body: method === 'PATCH' ? JSON.stringify({ name: 'Renamed' }) : undefined,
      });
      expect(res.status, method).toBe(400);
      expect(await res.json(), method).toMatchObject({ details: expect.stringContaining('Range header') });
    }
    // The same bound, spelled as PostgREST applies it, works and is enforced.
    const strict = await call('PATCH', `websites?${org}`, { prefer: 'handling=strict, max-affected=1', body: { name: 'Renamed' } });
    expect(strict.json).toMatchObject({ code: 'PGRST124' });
    expect(await allWebsites()).toEqual(before);
  });
});

describe('Prefer: handling=strict, max-affected=N bounds what a function changes', () => {
  beforeAll(async () => {
    await sql(`create or replace function public.test_rename_websites(org uuid) returns int language sql as
      $$ with changed as (update public.websites set name = name || '!' where organization_id = org returning 1) select count(*)::int from changed $$`);
    await sql('grant execute on function public.test_rename_websites(uuid) to authenticated');
  });

  it('a call that changes more rows than allowed is rolled back with PGRST124', async () => {
    const before = await allWebsites();
    let res = await call('POST', 'rpc/test_rename_websites', { body: { org: orgId }, prefer: 'handling=strict, max-affected=1' });
    for (let i = 0; i < 20 && res.status === 404; i++) {
      await new Promise((r) => setTimeout(r, 250)); // the schema cache may not know the new function yet
      res = await call('POST', 'rpc/test_rename_websites', { body: { org: orgId }, prefer: 'handling=strict, max-affected=1' });
    }
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST124' });
    expect(await allWebsites()).toEqual(before);
    // Within the bound, the same call goes through.
    const ok = await call('POST', 'rpc/test_rename_websites', { body: { org: orgId }, prefer: 'handling=strict, max-affected=10' });
    expect(ok.status).toBe(200);
    expect(ok.json).toBe(siteIds.length);
    await sql("update public.websites set name = rtrim(name, '!') where organization_id = $1", [orgId]);
  });
});

describe('embeds never shadow each other', () => {
  it('two embeds under one key are an error that says how to fix it', async () => {
    const res = await call('GET', 'websites?select=id,organizations(id),organizations(name)');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('duplicate key "organizations"') });
    const aliased = await call('GET', 'websites?select=id,organizations(id),org_name:organizations(name)');
    expect(aliased.status).toBe(200);
  });

  it('an embed named like a column is an error too', async () => {
    const res = await call('GET', 'websites?select=name,name:organizations(name)');
    expect(res.status).toBe(400);
  });
});
