import { describe, expect, it } from 'vitest';
import { MAX_AUTH_VALUE_LENGTH } from '../../../src/main/auth/auth-storage-input';
import { chunkAccount, createTokenStore, KEYCHAIN_SERVICE, splitUtf8 } from '../../../src/main/auth/token-store';
import { FakeKeychain } from './fakes';

const KEY = 'sb-localhost-auth-token';
const session = (size: number) => JSON.stringify({ access_token: 'a'.repeat(size), refresh_token: 'r-1' });

describe('createTokenStore', () => {
  it('round-trips a session under the Tracklint service, with the storage key as account', async () => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain);
    const value = session(100);

    await store.set(KEY, value);

    expect(await store.get(KEY)).toBe(value);
    expect(keychain.accounts(KEYCHAIN_SERVICE)).toEqual([KEY]);
    expect(KEYCHAIN_SERVICE).toBe('Tracklint');
  });

  it('returns null for a key never stored', async () => {
    expect(await createTokenStore(new FakeKeychain()).get(KEY)).toBeNull();
  });

  it('removes a stored session', async () => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain);
    await store.set(KEY, session(10));

    await store.remove(KEY);

    expect(await store.get(KEY)).toBeNull();
    expect(keychain.entries.size).toBe(0);
  });

  it('keeps the PKCE verifier and the user apart from the session', async () => {
    const store = createTokenStore(new FakeKeychain());
    await store.set(KEY, 'session');
    await store.set(`${KEY}-code-verifier`, 'verifier');
    await store.set(`${KEY}-user`, 'user');

    await store.remove(`${KEY}-code-verifier`);

    expect(await store.get(KEY)).toBe('session');
    expect(await store.get(`${KEY}-code-verifier`)).toBeNull();
    expect(await store.get(`${KEY}-user`)).toBe('user');
  });

  it('splits values over the chunk size into several entries and joins them back', async () => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain, { maxChunkBytes: 64 });
    const value = `${session(150)}ünïcødé✓😀`.repeat(2);

    await store.set(KEY, value);

    expect(await store.get(KEY)).toBe(value);
    const chunkEntries = keychain.accounts(KEYCHAIN_SERVICE).filter((account) => account !== KEY);
    expect(chunkEntries.length).toBeGreaterThan(4);
    for (const account of chunkEntries) {
      expect(Buffer.byteLength(keychain.entries.get(`${KEYCHAIN_SERVICE}\u0000${account}`) ?? '', 'utf8')).toBeLessThanOrEqual(64);
    }
  });

  it('deletes the chunks of a longer previous value when a shorter one replaces it', async () => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain, { maxChunkBytes: 64 });
    await store.set(KEY, session(400));

    await store.set(KEY, 'short');

    expect(await store.get(KEY)).toBe('short');
    expect(keychain.accounts(KEYCHAIN_SERVICE)).toEqual([KEY]);
  });

  it('removes every chunk of a chunked value', async () => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain, { maxChunkBytes: 64 });
    await store.set(KEY, session(400));

    await store.remove(KEY);

    expect(keychain.entries.size).toBe(0);
  });

  it('treats a chunked value with a missing chunk as no session', async () => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain, { maxChunkBytes: 64 });
    await store.set(KEY, session(400));
    await keychain.deletePassword(KEYCHAIN_SERVICE, chunkAccount(KEY, 2));

    expect(await store.get(KEY)).toBeNull();
  });

  it('stores a value that looks like its own chunk marker without misreading it', async () => {
    const store = createTokenStore(new FakeKeychain());
    const value = 'tracklint-chunked:v1:3';

    await store.set(KEY, value);

    expect(await store.get(KEY)).toBe(value);
  });

  it.each([
    ['a non-Supabase key', 'api-key'],
    ['an empty key', ''],
    ['a key with a path separator', 'sb-x/../y-auth-token'],
    ['a non-string key', 42],
  ])('rejects %s and leaves the keychain untouched', async (_label, key) => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain);

    expect(() => store.set(key as string, 'v')).toThrow(/Auth storage key/);
    expect(() => store.get(key as string)).toThrow(/Auth storage key/);
    expect(() => store.remove(key as string)).toThrow(/Auth storage key/);
    expect(keychain.calls).toEqual([]);
  });

  it.each([
    ['an empty value', ''],
    ['a value over the size bound', 'x'.repeat(MAX_AUTH_VALUE_LENGTH + 1)],
    ['a non-string value', { token: 'x' }],
  ])('rejects %s and leaves the keychain untouched', async (_label, value) => {
    const keychain = new FakeKeychain();
    const store = createTokenStore(keychain);

    expect(() => store.set(KEY, value as string)).toThrow(/Auth storage value/);
    expect(keychain.calls).toEqual([]);
  });

  it('accepts a value exactly at the size bound', async () => {
    const store = createTokenStore(new FakeKeychain());
    const value = 'x'.repeat(MAX_AUTH_VALUE_LENGTH);
    await store.set(KEY, value);
    expect(await store.get(KEY)).toBe(value);
  });

  it('runs overlapping operations one after another', async () => {
    const store = createTokenStore(new FakeKeychain(), { maxChunkBytes: 64 });
    const first = session(300);
    const second = session(200);

    const [, , read] = await Promise.all([store.set(KEY, first), store.set(KEY, second), store.get(KEY)]);

    expect(read).toBe(second);
  });
});

describe('splitUtf8', () => {
  it('never splits a multi-byte character and keeps every chunk within the byte bound', () => {
    const value = '€😀a'.repeat(50);
    const chunks = splitUtf8(value, 7);
    expect(chunks.join('')).toBe(value);
    for (const chunk of chunks) expect(Buffer.byteLength(chunk, 'utf8')).toBeLessThanOrEqual(7);
  });
});
