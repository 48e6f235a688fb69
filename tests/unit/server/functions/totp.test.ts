import { describe, expect, it } from 'vitest';
import { hotp, isTotpCodeFormat, matchTotpStep, totp, totpStep, type TotpAlgorithm } from '../../../../src/server/functions/super-admin/totp';

const ascii = (s: string) => Buffer.from(s, 'ascii');

describe('HOTP (RFC 4226 appendix D)', () => {
  const key = ascii('12345678901234567890');
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  it.each(expected.map((code, counter) => [counter, code] as const))('counter %i gives %s', (counter, code) => {
    expect(hotp(key, BigInt(counter))).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const keys: Record<TotpAlgorithm, Buffer> = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const vectors: Array<[number, string, TotpAlgorithm]> = [
    [59, '94287082', 'sha1'],
    [59, '46119246', 'sha256'],
    [59, '90693936', 'sha512'],
    [1111111109, '07081804', 'sha1'],
    [1111111109, '68084774', 'sha256'],
    [1111111109, '25091201', 'sha512'],
    [1111111111, '14050471', 'sha1'],
    [1111111111, '67062674', 'sha256'],
    [1111111111, '99943326', 'sha512'],
    [1234567890, '89005924', 'sha1'],
    [1234567890, '91819424', 'sha256'],
    [1234567890, '93441116', 'sha512'],
    [2000000000, '69279037', 'sha1'],
    [2000000000, '90698825', 'sha256'],
    [2000000000, '38618901', 'sha512'],
    [20000000000, '65353130', 'sha1'],
    [20000000000, '77737706', 'sha256'],
    [20000000000, '47863826', 'sha512'],
  ];
  it.each(vectors)('T=%i gives %s with %s', (time, code, algorithm) => {
    expect(totp(keys[algorithm], time, { algorithm, digits: 8 })).toBe(code);
  });

  it('uses 6 digits, SHA-1 and 30-second steps by default (the last six digits of the vectors)', () => {
    expect(totp(keys.sha1, 59)).toBe('287082');
    expect(totp(keys.sha1, 1111111109)).toBe('081804');
    expect(totpStep(59)).toBe(1n);
    expect(totpStep(1111111109)).toBe(37037036n);
  });
});

describe('matchTotpStep', () => {
  const key = ascii('12345678901234567890');
  const now = 1111111111; // step 37037037
  const step = totpStep(now);
  const codeAt = (s: bigint) => hotp(key, s);

  it('accepts the current step and one step either side, and says which', () => {
    expect(matchTotpStep(key, codeAt(step), now)).toBe(step);
    expect(matchTotpStep(key, codeAt(step - 1n), now)).toBe(step - 1n);
    expect(matchTotpStep(key, codeAt(step + 1n), now)).toBe(step + 1n);
  });

  it('refuses codes two steps away', () => {
    expect(matchTotpStep(key, codeAt(step - 2n), now)).toBeNull();
    expect(matchTotpStep(key, codeAt(step + 2n), now)).toBeNull();
  });

  it('refuses a code whose step was already used (replay), but accepts a later one', () => {
    expect(matchTotpStep(key, codeAt(step), now, step)).toBeNull();
    expect(matchTotpStep(key, codeAt(step - 1n), now, step - 1n)).toBeNull();
    expect(matchTotpStep(key, codeAt(step + 1n), now, step)).toBe(step + 1n);
  });

  it('refuses another key, and anything that is not six digits', () => {
    expect(matchTotpStep(ascii('another-key-entirely'), codeAt(step), now)).toBeNull();
    for (const bad of ['', '12345', '1234567', '12 345', 'abcdef', ` ${codeAt(step)}`]) {
      expect(matchTotpStep(key, bad, now)).toBeNull();
      expect(isTotpCodeFormat(bad)).toBe(false);
    }
    expect(isTotpCodeFormat('012345')).toBe(true);
  });
});
