import type { Keychain, TokenStore } from './token-store';

/**
 * keytar is an optional dependency: it is a native addon that builds against libsecret on Linux,
 * and a machine without it (a web-only install, a CI image) must still install and run. The main
 * process loads it on start instead of importing it, so its absence turns into a message rather
 * than a crash.
 */
export type KeychainLoad = { ok: true; keychain: Keychain } | { ok: false; reason: string };

/** Seam for tests: the real loader is a dynamic import of 'keytar'. */
export type KeytarImporter = () => Promise<unknown>;

const importKeytar: KeytarImporter = () => import('keytar');

function isKeychain(value: unknown): value is Keychain {
  if (!value || typeof value !== 'object') return false;
  const candidate = value as Record<string, unknown>;
  return ['getPassword', 'setPassword', 'deletePassword'].every((name) => typeof candidate[name] === 'function');
}

export async function loadKeychain(load: KeytarImporter = importKeytar): Promise<KeychainLoad> {
  let loaded: unknown;
  try {
    loaded = await load();
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      ok: false,
      reason:
        `the OS keychain module (keytar) could not be loaded: ${detail}. ` +
        'It is optional and is skipped when it cannot be built; on Linux install libsecret-1-dev, then run npm install again.',
    };
  }
  // An ES import of the CommonJS addon puts its exports on `default`.
  const moduleValue = loaded as { default?: unknown } | null;
  const keychain = isKeychain(moduleValue?.default) ? moduleValue.default : isKeychain(loaded) ? loaded : null;
  if (!keychain) return { ok: false, reason: 'the OS keychain module (keytar) has no getPassword/setPassword/deletePassword.' };
  return { ok: true, keychain };
}

/** Thrown to the renderer when it tries to save a session without a keychain; the message says why. */
export class KeychainUnavailableError extends Error {
  override name = 'KeychainUnavailableError';
  constructor(reason: string) {
    super(`Sign-in cannot be saved on this computer: ${reason}`);
  }
}

/**
 * The token store used when keytar is missing: nothing was ever stored, so reads find no session
 * and removing is a no-op (the app starts signed out); saving a session fails with the reason.
 */
export function createUnavailableTokenStore(reason: string): TokenStore {
  return {
    get: async () => null,
    set: async () => {
      throw new KeychainUnavailableError(reason);
    },
    remove: async () => undefined,
  };
}
