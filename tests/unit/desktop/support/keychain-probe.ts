/**
 * Runs inside `dbus-run-session` with a freshly unlocked gnome-keyring (see keychain.real.test.ts):
 * drives the real keytar-backed token store and prints what it observed as one JSON line.
 * The token values come from the test through the environment, so nothing here is pre-baked.
 */
import keytar from 'keytar';
import { createTokenStore, KEYCHAIN_SERVICE } from '../../../../src/main/auth/token-store';

const key = process.env.PROBE_KEY ?? '';
const shortToken = process.env.PROBE_SHORT_TOKEN ?? '';
const longToken = process.env.PROBE_LONG_TOKEN ?? '';

const store = createTokenStore(keytar);
const accounts = async () => (await keytar.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account).sort();

await store.set(key, shortToken);
const shortRead = await store.get(key);
const accountsWithShort = await accounts();

await store.set(key, longToken);
const longRead = await store.get(key);
const accountsWithLong = await accounts();

await store.remove(key);
const afterRemove = await store.get(key);
const accountsAfterRemove = await accounts();

// A fresh store (as after an app restart) reads what an earlier one wrote.
await store.set(key, shortToken);
const rereadByNewStore = await createTokenStore(keytar).get(key);
await store.remove(key);

console.log(
  JSON.stringify({ shortRead, accountsWithShort, longRead, accountsWithLong, afterRemove, accountsAfterRemove, rereadByNewStore }),
);
