import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals small secrets (TOTP keys) for storage with AES-256-GCM under a key derived with HKDF-SHA-256
 * from the server's JWT secret. A database dump without the JWT secret reveals nothing, and the
 * row id is bound in as associated data, so a sealed value copied onto another row fails to open.
 *
 * Rotating the JWT secret makes existing sealed values unreadable: those super admins must have
 * MFA reset with the operator CLI (`--reset-mfa`) and set it up again.
 */

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HKDF_SALT = 'tracklint/super-admin';
const HKDF_INFO = 'mfa-secret-encryption/v1';

export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** The plaintext, or null when the value is malformed, tampered with, or sealed under another key. */
  open(sealed: string, boundTo: string): string | null;
}

export function createSecretBox(serverSecret: string): SecretBox {
  if (serverSecret.length < 32) throw new Error('the server secret must be at least 32 characters');
  const key = Buffer.from(hkdfSync('sha256', serverSecret, HKDF_SALT, HKDF_INFO, 32));

  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(boundTo));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed, boundTo) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return null;
      const [iv, tag, ciphertext] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(boundTo));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
