const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps expect for TOTP secrets. */
export function base32Encode(bytes: Uint8Array): string {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) output += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return output;
}

/** 160 random bits, the size RFC 4226 recommends for HOTP/TOTP keys. */
export const TOTP_SECRET_BYTES = 20;

export function generateTotpSecret(
  fillRandom: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes),
): string {
  return base32Encode(fillRandom(new Uint8Array(TOTP_SECRET_BYTES)));
}

/** The otpauth:// link an authenticator app imports (Key URI format). */
export function otpauthUri(account: string, secret: string, issuer = 'Tracklint'): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}

/** A TOTP code as typed: exactly six digits. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}
