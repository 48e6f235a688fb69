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
// Letters are base64url characters (GCD_LETTERS below says which ones are states).
const GCD_RE = /^1(\d[a-zA-Z_-]){4}\d([a-zA-Z0-9_-]{2})?$/;
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

export interface GcdLetter {
  letter: string;
  default: ConsentValue;
  update: ConsentValue;
  /** Where the letter is documented or seen. */
  source: string;
}

/** Date the gcd alphabet was last compared with Google's documentation and current gtag.js traffic. */
export const GCD_LETTERS_CHECKED = '2026-11-27';

/**
 * The accepted gcd alphabet, case-sensitive (issue 22). gtag.js writes each consent signal as
 * one base64url character (`0-9a-zA-Z-_`) of a 6-bit value: bit 4 always set, the default state
 * in bits 2-3 and the update in bits 0-1 (1 = not set, 2 = denied, 3 = granted). That gives the
 * nine documented lower-case letters. Current tags also set bit 5, which moves the same nine
 * states to `R S T V W X Z - _` (e.g. `13l3l3R3l5l1` on Google tag pings, 2025-2026); Google does
 * not document the flag, so it is read for its states and otherwise ignored. Any other character
 * (bit 4 clear, or a state bit pair of 0) cannot be produced by gtag.js and is malformed.
 */
export const GCD_LETTERS: readonly GcdLetter[] = (() => {
  const rows: GcdLetter[] = [];
  for (let idx = 0; idx < 64; idx++) {
    if ((idx & 16) === 0) continue;
    const def = stateOf((idx >> 2) & 3);
    const upd = stateOf(idx & 3);
    if (!def || !upd) continue;
    rows.push({
      letter: BASE64URL.charAt(idx),
      default: def,
      update: upd,
      source:
        idx < 32
          ? 'Google consent mode gcd letters (Tag Assistant consent tab; REFERENCE.md §1.4, GCD-DV decoder)'
          : 'current gtag.js traffic: the same state with bit 5 set (seen as R in 13l3l3R3l5l1, 2025-2026)',
    });
  }
  return Object.freeze(rows.map((r) => Object.freeze(r)));
})();

const LETTER_STATES: ReadonlyMap<string, GcdLetter> = new Map(GCD_LETTERS.map((l) => [l.letter, l]));

/** Decodes one gcd letter (GCD_LETTERS); undefined for a character gtag.js does not produce. */
export function decodeGcdLetter(letter: string): ConsentSignalState | undefined {
  const row = LETTER_STATES.get(letter);
  if (!row) return undefined;
  return { letter, default: row.default, update: row.update, effective: row.update !== 'not_set' ? row.update : row.default };
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
    if (state) signals[name] = state;
    else {
      valid = false;
      signals[name] = { letter, default: 'not_set', update: 'not_set', effective: 'not_set' };
    }
  }
  return { valid, signals };
}

/** MP `consent` values are `GRANTED` / `DENIED`; they act as an update with no default. */
export function mpConsentState(value: unknown): ConsentSignalState {
  const v = value === 'GRANTED' ? 'granted' : value === 'DENIED' ? 'denied' : 'not_set';
  return { letter: 'MP', default: 'not_set', update: v, effective: v };
}
