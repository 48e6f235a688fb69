import { assertAuthStorageKey, assertAuthStorageValue } from './auth-storage-input';

/** The part of keytar the store needs; keytar itself satisfies it, tests pass an in-memory fake. */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Where supabase-js's session lives on the desktop: one keychain entry per storage key. */
export interface TokenStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export const KEYCHAIN_SERVICE = 'Tracklint';

/**
 * Windows Credential Manager refuses secrets over 2,560 bytes (CRED_MAX_CREDENTIAL_BLOB_SIZE) and
 * a Supabase session (two JWTs plus the user object) often exceeds that, so longer values are
 * split into UTF-8 chunks no larger than this, on every OS alike so behaviour is the same everywhere.
 */
export const DEFAULT_MAX_CHUNK_BYTES = 2048;

/** The head entry of a chunked value reads `<marker><count>`; plain values never start with it. */
const CHUNKED_MARKER = 'tracklint-chunked:v1:';
const MAX_CHUNKS = 256;

export interface TokenStoreOptions {
  service?: string;
  maxChunkBytes?: number;
}

export function chunkAccount(key: string, index: number): string {
  return `${key}#chunk-${index}`;
}

/** Splits on code-point boundaries so no chunk holds half a multi-byte character. */
export function splitUtf8(value: string, maxBytes: number): string[] {
  const chunks: string[] = [];
  let current = '';
  let currentBytes = 0;
  for (const codePoint of value) {
    const bytes = Buffer.byteLength(codePoint, 'utf8');
    if (currentBytes + bytes > maxBytes && current !== '') {
      chunks.push(current);
      current = '';
      currentBytes = 0;
    }
    current += codePoint;
    currentBytes += bytes;
  }
  if (current !== '') chunks.push(current);
  return chunks;
}

function chunkCountOf(head: string | null): number {
  if (head === null || !head.startsWith(CHUNKED_MARKER)) return 0;
  const count = Number(head.slice(CHUNKED_MARKER.length));
  return Number.isInteger(count) && count > 0 && count <= MAX_CHUNKS ? count : 0;
}

/**
 * Keychain-backed storage for supabase-js. Keys and values are validated here too (not only at
 * the IPC edge) so no caller can write arbitrary keychain entries. Operations run one at a time:
 * a chunked write is several keychain calls and must not interleave with a read or a remove.
 */
export function createTokenStore(keychain: Keychain, options: TokenStoreOptions = {}): TokenStore {
  const service = options.service ?? KEYCHAIN_SERVICE;
  const maxChunkBytes = options.maxChunkBytes ?? DEFAULT_MAX_CHUNK_BYTES;
  let queue: Promise<unknown> = Promise.resolve();

  function serialized<T>(operation: () => Promise<T>): Promise<T> {
    const result = queue.then(operation, operation);
    queue = result.catch(() => undefined);
    return result;
  }

  async function deleteChunks(key: string, from: number, to: number): Promise<void> {
    for (let index = from; index < to; index += 1) await keychain.deletePassword(service, chunkAccount(key, index));
  }

  async function read(key: string): Promise<string | null> {
    const head = await keychain.getPassword(service, key);
    if (head === null) return null;
    if (!head.startsWith(CHUNKED_MARKER)) return head;
    const count = chunkCountOf(head);
    if (count === 0) return null;
    const parts: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const part = await keychain.getPassword(service, chunkAccount(key, index));
      // A missing chunk means an interrupted write: a torn session is no session.
      if (part === null) return null;
      parts.push(part);
    }
    return parts.join('');
  }

  async function write(key: string, value: string): Promise<void> {
    const previousChunks = chunkCountOf(await keychain.getPassword(service, key));
    const chunks = splitUtf8(value, maxChunkBytes);
    const needsChunking = chunks.length > 1 || value.startsWith(CHUNKED_MARKER);
    if (!needsChunking) {
      await keychain.setPassword(service, key, value);
      await deleteChunks(key, 0, previousChunks);
      return;
    }
    if (chunks.length > MAX_CHUNKS) throw new Error('Auth storage value is too large for the keychain.');
    for (const [index, chunk] of chunks.entries()) await keychain.setPassword(service, chunkAccount(key, index), chunk);
    await keychain.setPassword(service, key, `${CHUNKED_MARKER}${chunks.length}`);
    await deleteChunks(key, chunks.length, previousChunks);
  }

  async function remove(key: string): Promise<void> {
    const previousChunks = chunkCountOf(await keychain.getPassword(service, key));
    await keychain.deletePassword(service, key);
    await deleteChunks(key, 0, previousChunks);
  }

  return {
    get(key) {
      assertAuthStorageKey(key);
      return serialized(() => read(key));
    },
    set(key, value) {
      assertAuthStorageKey(key);
      assertAuthStorageValue(value);
      return serialized(() => write(key, value));
    },
    remove(key) {
      assertAuthStorageKey(key);
      return serialized(() => remove(key));
    },
  };
}
