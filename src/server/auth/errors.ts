import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * An auth failure in GoTrue's error shape. supabase-js reads `msg` for the message and
 * `error_code` for AuthApiError.code, so both must always be present.
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: string,
    message: string,
    /** Extra top-level fields GoTrue sends for some errors, e.g. weak_password.reasons. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { code: this.status, error_code: this.errorCode, msg: this.message, ...this.extra };
  }
}

/** The errors more than one flow raises, with GoTrue's codes and wording. */
export const authErrors = {
  badJson: (detail: string) => new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: (message: string) => new AuthApiError(400, 'validation_failed', message),
  invalidEmail: () => new AuthApiError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  invalidCredentials: () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthApiError(400, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthApiError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered'),
  otpExpired: () => new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid'),
  noAuthorization: () => new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) => new AuthApiError(401, 'bad_jwt', `invalid JWT: ${reason}`),
  sessionNotFound: () => new AuthApiError(401, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthApiError(404, 'user_not_found', 'User from sub claim in JWT does not exist'),
  refreshTokenNotFound: () =>
    new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new AuthApiError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  emailRateLimited: (seconds: number) =>
    new AuthApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  invalidApiKey: () => new AuthApiError(401, 'invalid_api_key', 'Invalid API key'),
};
