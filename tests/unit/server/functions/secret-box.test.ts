import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../../src/server/functions/super-admin/secret-box';

const SERVER_SECRET = 'a-server-jwt-secret-that-is-long-enough-1234';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const USER = '2baf1253-eb80-4ad8-8101-f07f842e43ef';

describe('secret box (HKDF + AES-256-GCM)', () => {
  const box = createSecretBox(SERVER_SECRET);

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal(SECRET, USER);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.open(sealed, USER)).toBe(SECRET);
  });

  it('uses a fresh IV each time', () => {
    expect(box.seal(SECRET, USER)).not.toBe(box.seal(SECRET, USER));
  });

  it('cannot be opened with another server secret', () => {
    const other = createSecretBox('another-server-jwt-secret-that-is-long-enough');
    expect(other.open(box.seal(SECRET, USER), USER)).toBeNull();
  });

  it('cannot be opened for another row', () => {
    expect(box.open(box.seal(SECRET, USER), '00000000-0000-0000-0000-000000000000')).toBeNull();
  });

  it('detects tampering and malformed values', () => {
    const [version, iv, tag, ciphertext] = box.seal(SECRET, USER).split('.') as [string, string, string, string];
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(box.open([version, iv, tag, flipped.toString('base64url')].join('.'), USER)).toBeNull();
    expect(box.open(['v2', iv, tag, ciphertext].join('.'), USER)).toBeNull();
    expect(box.open([version, iv, ciphertext].join('.'), USER)).toBeNull();
    expect(box.open('', USER)).toBeNull();
  });

  it('refuses a short server secret', () => {
    expect(() => createSecretBox('short')).toThrow(/at least 32/);
  });
});
