import { describe, expect, it } from 'vitest';
import { RestError, statusForSqlState, toRestError } from '../../../../src/server/rest/errors';
import { readRangeStatus } from '../../../../src/server/rest/execute';
import { contentRange, intersectRanges, parsePreferences, parseRangeHeader, preferenceAppliedHeader } from '../../../../src/server/rest/preferences';
import { describeInvalidToken, negotiateMedia } from '../../../../src/server/rest/request';
import type { SchemaCache } from '../../../../src/server/rest/schema-cache';
import { SchemaCacheStore } from '../../../../src/server/rest/schema-loader';

describe('Prefer header', () => {
  it('reads comma-separated preferences, first of each kind wins', () => {
    const prefs = parsePreferences('return=representation, count=exact,resolution=merge-duplicates,return=minimal,missing=default,tx=rollback,bogus');
    expect(prefs).toMatchObject({ return: 'representation', count: 'exact', resolution: 'merge-duplicates', missing: 'default', tx: 'rollback', invalid: ['bogus'] });
  });

  it('refuses unknown preferences only with handling=strict', () => {
    expect(() => parsePreferences('handling=strict, foo')).toThrow(RestError);
    expect(parsePreferences('handling=lenient, foo').invalid).toEqual(['foo']);
  });

  it('echoes applied preferences in PostgREST order, only those that apply', () => {
    const prefs = parsePreferences('count=exact,return=representation,resolution=ignore-duplicates,missing=default');
    expect(preferenceAppliedHeader(prefs, { resolution: true, missing: true, return: true, count: true })).toBe(
      'resolution=ignore-duplicates, missing=default, return=representation, count=exact',
    );
    expect(preferenceAppliedHeader(prefs, { count: true })).toBe('count=exact');
    expect(preferenceAppliedHeader(parsePreferences(''), { count: true })).toBeUndefined();
  });
});

describe('ranges', () => {
  it('parses Range headers and rejects inverted ones', () => {
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRangeHeader('5-')).toEqual({ offset: 5 });
    expect(parseRangeHeader(undefined)).toBeUndefined();
    expect(() => parseRangeHeader('9-0')).toThrow(RestError);
  });

  it('intersects the Range header with limit/offset', () => {
    expect(intersectRanges({ offset: 0, limit: 10 }, { offset: 5, limit: 20 })).toEqual({ offset: 5, limit: 5 });
    expect(intersectRanges(undefined, { offset: 2 })).toEqual({ offset: 2 });
  });

  it('writes Content-Range and picks 200/206/416 as PostgREST does', () => {
    expect(contentRange(0, 9, 123)).toBe('0-9/123');
    expect(contentRange(0, -1, 0)).toBe('*/0');
    expect(contentRange(0, 4, undefined)).toBe('0-4/*');
    expect(contentRange(1, 0, undefined)).toBe('*/*');
    expect(readRangeStatus(0, 10, 123).status).toBe(206);
    expect(readRangeStatus(0, 10, 10).status).toBe(200);
    expect(readRangeStatus(0, 10, undefined).status).toBe(200);
    expect(readRangeStatus(20, 0, 10).status).toBe(416);
  });
});

describe('errors', () => {
  it('maps SQLSTATEs to PostgREST statuses', () => {
    expect(statusForSqlState('42501', 'permission denied', false)).toBe(401);
    expect(statusForSqlState('42501', 'permission denied', true)).toBe(403);
    expect(statusForSqlState('23505', '', true)).toBe(409);
    expect(statusForSqlState('23503', '', true)).toBe(409);
    for (const code of ['23502', '23514', '22P02', '22023', '22001', 'P0001', '42703']) expect(statusForSqlState(code, '', true)).toBe(400);
    expect(statusForSqlState('PT402', '', true)).toBe(402);
    expect(statusForSqlState('25006', '', true)).toBe(405);
    expect(statusForSqlState('XX000', '', true)).toBe(500);
  });

  it('turns a Postgres error into PostgREST shape and leaves other errors alone', () => {
    const err = toRestError({ code: '23505', message: 'duplicate key', detail: 'Key (id)=(1) already exists.' }, true)!;
    expect(err.status).toBe(409);
    expect(err.toBody()).toEqual({ code: '23505', message: 'duplicate key', details: 'Key (id)=(1) already exists.', hint: null });
    expect(toRestError(new Error('boom'), true)).toBeNull();
  });

  it('explains refused tokens in PostgREST words', () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect(describeInvalidToken(`${b64({ alg: 'HS256' })}.${b64({ exp: 100 })}.sig`, 200)).toBe('JWT expired');
    expect(describeInvalidToken(`${b64({ alg: 'HS256' })}.${b64({ exp: 300 })}.sig`, 200)).toBe('JWSError JWSInvalidSignature');
    expect(describeInvalidToken('garbage')).toBe('JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)');
  });
});

describe('media types', () => {
  it('negotiates arrays, single objects and stripped nulls, and refuses the rest', () => {
    expect(negotiateMedia(undefined).shape).toBe('array');
    expect(negotiateMedia('application/vnd.pgrst.object+json')).toMatchObject({ shape: 'object', stripNulls: false });
    expect(negotiateMedia('application/vnd.pgrst.array+json;nulls=stripped')).toMatchObject({ shape: 'array', stripNulls: true });
    expect(negotiateMedia('text/html, */*').shape).toBe('array');
    expect(() => negotiateMedia('text/html')).toThrow(RestError);
  });
});

describe('schema cache store', () => {
  const empty = (): SchemaCache => ({ tables: new Map(), foreignKeys: [], functions: new Map() });

  it('loads once, then reloads only for requests that began after the last load', async () => {
    let clock = 0;
    let loads = 0;
    const store = new SchemaCacheStore(async () => (loads++, empty()), 0, () => clock);
    const first = await store.get();
    expect(await store.get()).toBe(first);
    expect(loads).toBe(1);
    expect(await store.refreshedSince(0)).toBe(first);
    clock = 5;
    const second = await store.refreshedSince(5);
    expect(second).not.toBe(first);
    expect(loads).toBe(2);
  });

  it('shares one reload between concurrent requests', async () => {
    let clock = 0;
    let loads = 0;
    const store = new SchemaCacheStore(async () => (loads++, empty()), 0, () => clock);
    await store.get();
    clock = 10;
    const [a, b] = await Promise.all([store.refreshedSince(10), store.refreshedSince(10)]);
    expect(a).toBe(b);
    expect(loads).toBe(2);
  });
});
