import { describe, expect, it } from 'vitest';
import {
  base32Encode,
  generateTotpSecret,
  isTotpCode,
  otpauthUri,
} from '../../../../src/renderer/pages/super-admin/session/totp-secret';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('TOTP secret helpers', () => {
  it('encodes base32 like RFC 4648, without padding', () => {
    expect(base32Encode(bytes(''))).toBe('');
    expect(base32Encode(bytes('f'))).toBe('MY');
    expect(base32Encode(bytes('fo'))).toBe('MZXQ');
    expect(base32Encode(bytes('foo'))).toBe('MZXW6');
    expect(base32Encode(bytes('foob'))).toBe('MZXW6YQ');
    expect(base32Encode(bytes('fooba'))).toBe('MZXW6YTB');
    expect(base32Encode(bytes('foobar'))).toBe('MZXW6YTBOI');
  });

  it('generates a 160-bit secret from the random source', () => {
    const secret = generateTotpSecret((target) => target.fill(0xff));
    expect(secret).toBe('7'.repeat(32));
    expect(generateTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('builds an otpauth link an authenticator app can import', () => {
    const url = new URL(otpauthUri('root@tracklint.test', 'MZXW6YTBOI'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Tracklint:root@tracklint.test');
    expect(url.searchParams.get('secret')).toBe('MZXW6YTBOI');
    expect(url.searchParams.get('issuer')).toBe('Tracklint');
  });

  it('accepts exactly six digits as a code', () => {
    expect(isTotpCode('012345')).toBe(true);
    expect(isTotpCode('12345')).toBe(false);
    expect(isTotpCode('12345a')).toBe(false);
  });
});
