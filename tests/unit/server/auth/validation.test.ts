import { describe, expect, it } from 'vitest';
import { mergeMetadata } from '../../../../src/server/auth/account';
import { AuthApiError } from '../../../../src/server/auth/errors';
import { normalizeEmail, parseJsonObject, requireAcceptablePassword, requireEmail } from '../../../../src/server/auth/validation';

function errorOf(fn: () => unknown): AuthApiError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AuthApiError) return err;
    throw err;
  }
  throw new Error('expected an AuthApiError');
}

describe('auth input validation', () => {
  it('normalizes emails and refuses malformed ones', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of ['', 'ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com', 'ada@@example.com', 42, null]) {
      expect(normalizeEmail(bad)).toBeNull();
    }
  });

  it('tells a missing email apart from a malformed one', () => {
    expect(errorOf(() => requireEmail(undefined, 'Signup requires a valid email')).toBody()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Signup requires a valid email',
    });
    expect(errorOf(() => requireEmail('nope', 'x')).message).toBe('Unable to validate email address: invalid format');
  });

  it.each(['12345678', 'password', '        ', 'qwertyuiop', 'password1'])('refuses the common password %j with weak_password (pwned)', (password) => {
    const err = errorOf(() => requireAcceptablePassword(password, 'x'));
    expect(err.toBody()).toMatchObject({ code: 422, error_code: 'weak_password', weak_password: { reasons: ['pwned'] } });
  });

  it('answers a short password with weak_password and its reason, as supabase-js expects', () => {
    const err = errorOf(() => requireAcceptablePassword('1234567', 'Signup requires a valid password'));
    expect(err.status).toBe(422);
    expect(err.toBody()).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 8 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(requireAcceptablePassword('correct-horse-42', 'x')).toBe('correct-horse-42');
    expect(errorOf(() => requireAcceptablePassword(undefined, 'Signup requires a valid password')).message).toBe(
      'Signup requires a valid password',
    );
  });

  it('parses JSON objects and refuses anything else with bad_json', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('')).toEqual({});
    expect(errorOf(() => parseJsonObject('{"a":')).errorCode).toBe('bad_json');
    expect(errorOf(() => parseJsonObject('[1,2]')).errorCode).toBe('bad_json');
    expect(errorOf(() => parseJsonObject('"text"')).errorCode).toBe('bad_json');
  });
});

describe('user metadata updates', () => {
  it('merges one level deep and removes keys set to null', () => {
    expect(mergeMetadata({ a: 1, b: { x: 1 }, c: 3 }, { b: { y: 2 }, c: null, d: 'new' })).toEqual({ a: 1, b: { y: 2 }, d: 'new' });
  });
});
