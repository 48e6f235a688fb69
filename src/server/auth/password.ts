import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt and a per-user salt. The stored string names the algorithm and
 * its cost, so the parameters can be raised later without invalidating existing hashes:
 *   $scrypt$ln=15,r=8,p=1$<salt base64>$<hash base64>
 */

const DEFAULT_LOG_N = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  const N = 2 ** logN;
  // Node refuses scrypt above 32 MiB of memory unless told otherwise; 128*N*r is what it needs.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string, logN = DEFAULT_LOG_N): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, logN, BLOCK_SIZE, PARALLELISM, KEY_LENGTH);
  return `$scrypt$ln=${logN},r=${BLOCK_SIZE},p=${PARALLELISM}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  logN: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

const hashPattern = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/;

function parseHash(stored: string): ParsedHash | null {
  const m = hashPattern.exec(stored);
  if (!m) return null;
  const [logN, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Bounds keep a tampered row from making one sign-in burn gigabytes of memory.
  if (logN < 1 || logN > 20 || r < 1 || r > 16 || p < 1 || p > 4) return null;
  const salt = Buffer.from(m[4]!, 'base64');
  const key = Buffer.from(m[5]!, 'base64');
  if (salt.length === 0 || key.length === 0) return null;
  return { logN, r, p, salt, key };
}

/** True when password matches the stored hash; false for a mismatch or an unusable hash (e.g. none set). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  // An account without a password (magic-link only, or one whose unconfirmed password was dropped)
  // must not answer faster than a wrong password: that would tell which accounts have none.
  if (!parsed) return verifyAgainstDummy(password);
  const candidate = await derive(password, parsed.salt, parsed.logN, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(candidate, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so a sign-in for an unknown email is not measurably
 * faster than one with a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('tracklint-dummy-password');
  await verifyPassword(password, await dummyHash);
  return false;
}

export function isPasswordHash(stored: string): boolean {
  return parseHash(stored) !== null;
}
