import type { ConsentSignalName, ConsentSignalState, ConsentValue } from './types';

export const CONSENT_SIGNALS: readonly ConsentSignalName[] = [
  'ad_storage',
  'analytics_storage',
  'ad_user_data',
  'ad_personalization',
];

// Newer tags send '-' for a signal that is not set (G1--).
const GCS_RE = /^G1[01-]{2}$/;
// A leading 1, four <digit><letter> blocks, a trailing digit, then an optional 2-char extra block.
const GCD_RE = /^1(\d[a-zA-Z]){4}\d([a-zA-Z0-9]{2})?$/;
const BASE64URL = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';

export function isValidGcs(gcs: string): boolean {
  return GCS_RE.test(gcs);
}

function stateOf(bits: number): ConsentValue | undefined {
  if (bits === 1) return 'not_set';
  if (bits === 2) return 'denied';
  if (bits === 3) return 'granted';
  return undefined;
}

/**
 * Decodes one gcd letter: its base64url index holds the default in bits 2-3 and the update in
 * bits 0-1 (1 = not set, 2 = denied, 3 = granted). Only `l m n p q r t u v` are valid letters,
 * so the index must also lie in 16..31.
 */
export function decodeGcdLetter(letter: string): ConsentSignalState | undefined {
  const idx = BASE64URL.indexOf(letter);
  if (idx < 16 || idx > 31) return undefined;
  const def = stateOf((idx >> 2) & 3);
  const upd = stateOf(idx & 3);
  if (!def || !upd) return undefined;
  return { letter, default: def, update: upd, effective: upd !== 'not_set' ? upd : def };
}

export interface DecodedGcd {
  valid: boolean;
  signals?: Record<ConsentSignalName, ConsentSignalState>;
}

export function decodeGcd(gcd: string): DecodedGcd {
  if (!GCD_RE.test(gcd)) return { valid: false };
  const signals = {} as Record<ConsentSignalName, ConsentSignalState>;
  let valid = true;
  for (let i = 0; i < 4; i++) {
    const letter = gcd.charAt(2 + i * 2);
    const state = decodeGcdLetter(letter);
    const name = CONSENT_SIGNALS[i] as ConsentSignalName;
    // Upper-case letters appear on real tag-gateway traffic (e.g. 13l3l3R3l5l1, 2026) with an
    // undocumented meaning: read them as "not set" rather than calling the string malformed.
    if (!state && letter >= 'A' && letter <= 'Z') signals[name] = { letter, default: 'not_set', update: 'not_set', effective: 'not_set' };
    else if (!state) {
      valid = false;
      signals[name] = { letter: gcd.charAt(2 + i * 2), default: 'not_set', update: 'not_set', effective: 'not_set' };
    } else signals[name] = state;
  }
  return { valid, signals };
}

/** MP `consent` values are `GRANTED` / `DENIED`; they act as an update with no default. */
export function mpConsentState(value: unknown): ConsentSignalState {
  const v = value === 'GRANTED' ? 'granted' : value === 'DENIED' ? 'denied' : 'not_set';
  return { letter: 'MP', default: 'not_set', update: v, effective: v };
}
