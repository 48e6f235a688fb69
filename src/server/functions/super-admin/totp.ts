import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HOTP (RFC 4226) and TOTP (RFC 6238) on node:crypto. Tracklint's authenticator codes use the
 * defaults every app supports: HMAC-SHA-1, 6 digits, 30-second steps.
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  algorithm?: TotpAlgorithm;
  digits?: number;
  periodSeconds?: number;
}

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now still accepted, for clocks that drift and codes typed late. */
export const TOTP_ALLOWED_DRIFT_STEPS = 1;

export function hotp(key: Uint8Array, counter: bigint, digits = TOTP_DIGITS, algorithm: TotpAlgorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(message).digest();
  // Dynamic truncation (RFC 4226 section 5.3).
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(unixSeconds: number, periodSeconds = TOTP_PERIOD_SECONDS): bigint {
  return BigInt(Math.floor(unixSeconds / periodSeconds));
}

export function totp(key: Uint8Array, unixSeconds: number, options: TotpOptions = {}): string {
  return hotp(key, totpStep(unixSeconds, options.periodSeconds), options.digits ?? TOTP_DIGITS, options.algorithm ?? 'sha1');
}

/** A code as typed: exactly six ASCII digits. */
export function isTotpCodeFormat(code: unknown): code is string {
  return typeof code === 'string' && /^[0-9]{6}$/.test(code);
}

/**
 * The step the code matches within ±TOTP_ALLOWED_DRIFT_STEPS of now, or null. Steps at or before
 * notAfterStep are skipped so a code that was already accepted cannot be used again.
 */
export function matchTotpStep(key: Uint8Array, code: string, unixSeconds: number, notAfterStep: bigint | null = null): bigint | null {
  if (!isTotpCodeFormat(code)) return null;
  const now = totpStep(unixSeconds);
  const expected = Buffer.from(code);
  let matched: bigint | null = null;
  // Every candidate is computed and compared, so timing does not tell which step matched.
  for (let delta = -TOTP_ALLOWED_DRIFT_STEPS; delta <= TOTP_ALLOWED_DRIFT_STEPS; delta++) {
    const step = now + BigInt(delta);
    if (step < 0n) continue;
    const equal = timingSafeEqual(Buffer.from(hotp(key, step)), expected);
    if (equal && matched === null && (notAfterStep === null || step > notAfterStep)) matched = step;
  }
  return matched;
}
