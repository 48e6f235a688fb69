import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../../src/server/http/errors';
import { parseBody, readLogin, readSetupMfa, readVerifyMfa } from '../../../../src/server/functions/super-admin/requests';

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('super-admin-auth request bodies', () => {
  it('refuses malformed JSON and non-object bodies with 400', () => {
    expect(refusal(() => parseBody('{"email":'))).toEqual({ status: 400, message: 'Request body is not valid JSON' });
    expect(refusal(() => parseBody('[1]'))).toEqual({ status: 400, message: 'Request body must be a JSON object' });
    expect(parseBody('')).toEqual({});
  });

  it('login needs email and password; email is normalised, optional fields are read', () => {
    expect(refusal(() => readLogin({ email: 'a@b.co' }))).toEqual({ status: 400, message: 'Email and password are required' });
    expect(refusal(() => readLogin({ email: ' ', password: 'x' })).status).toBe(400);
    expect(refusal(() => readLogin({ email: 'a@b.co', password: 'x', userAgent: 5 }))).toEqual({ status: 400, message: 'userAgent must be a string' });
    expect(readLogin({ email: ' Admin@Example.COM ', password: 'pw', mfaCode: ' 123456 ', ipAddress: null, userAgent: 'ua' })).toEqual({
      email: 'admin@example.com',
      password: 'pw',
      mfaCode: '123456',
      reportedIp: null,
      userAgent: 'ua',
    });
    expect(readLogin({ email: 'a@b.co', password: 'pw', userAgent: 'x'.repeat(5000) }).userAgent).toHaveLength(512);
  });

  it('verify-mfa needs userId and code; a userId that is not a UUID has no pending verification', () => {
    expect(refusal(() => readVerifyMfa({ userId: '2baf1253-eb80-4ad8-8101-f07f842e43ef' }))).toEqual({ status: 400, message: 'userId and code are required' });
    expect(refusal(() => readVerifyMfa({ userId: 'nope', code: '123456' }))).toEqual({ status: 400, message: 'No pending MFA verification' });
    expect(readVerifyMfa({ userId: '2BAF1253-EB80-4AD8-8101-F07F842E43EF', code: '123456' })).toEqual({ userId: '2baf1253-eb80-4ad8-8101-f07f842e43ef', code: '123456' });
  });

  it('setup-mfa needs userId, secret and token', () => {
    expect(refusal(() => readSetupMfa({ userId: 'u', secret: 'S' }))).toEqual({ status: 400, message: 'userId, secret and token are required' });
    expect(refusal(() => readSetupMfa({ userId: 'u', secret: 'A'.repeat(300), token: '123456' })).status).toBe(400);
  });
});
