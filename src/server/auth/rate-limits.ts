import type { Context } from 'hono';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppDeps } from '../deps';
import { clientAddress } from '../http/client-address';
import { AuthApiError } from './errors';

/**
 * Auth rate limits, counted in Postgres (auth.rate_limits) so that two server processes share
 * them. Defaults are at least as strict as GoTrue's (token 150 / 5 min per IP, verify 30 / 5 min
 * per IP, 30 emails an hour per IP), plus per-address limits GoTrue does not have.
 */
export interface AuthRateLimitSettings {
  /** /token (all grants, refresh included) per IP per 5 minutes. */
  tokenPerIp: number;
  /** Failed password sign-ins per email per 15 minutes; further attempts are refused, right password or not. */
  signInFailuresPerEmail: number;
  /** /verify per IP per 5 minutes. */
  verifyPerIp: number;
  /** signup, recover, otp, resend per IP per hour. */
  emailPerIp: number;
  /** Emails of one kind to one address: one per this many seconds. */
  emailIntervalSeconds: number;
  /** Emails of any kind to one address per hour. */
  emailPerAddressPerHour: number;
  /** Super-admin login and MFA verification per IP per 5 minutes. */
  superAdminPerIp: number;
  /**
   * Super-admin login attempts per email (and MFA verifications per account) per 15 minutes,
   * from all addresses together: the failure limit per email and address alone lets a guesser
   * with many addresses go on.
   */
  superAdminPerEmail?: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimitSettings = {
  tokenPerIp: 150,
  signInFailuresPerEmail: 10,
  verifyPerIp: 30,
  emailPerIp: 30,
  emailIntervalSeconds: 60,
  emailPerAddressPerHour: 5,
  superAdminPerIp: 30,
  superAdminPerEmail: 20,
};

type LimitName = 'token_ip' | 'signin_email' | 'verify_ip' | 'email_ip' | 'email_interval' | 'email_address' | 'super_admin_ip' | 'super_admin_email';

export interface AuthRateLimiter {
  /** Counts a request; throws 429 once the key is over its limit. */
  consume(name: LimitName, key: string): Promise<void>;
  /** Like consume, but returns the 429 instead of throwing it (for answers that must look alike). */
  attempt(name: LimitName, key: string): Promise<AuthApiError | null>;
  /** Gives back a point consumed for a request that turned out not to count (e.g. a successful sign-in). */
  refund(name: LimitName, key: string): Promise<void>;
  /** The client's address as the limits see it. */
  ipOf(c: Context): string;
}

const EMAIL_LIMITS = new Set<LimitName>(['email_ip', 'email_interval', 'email_address']);

function tooMany(name: LimitName, msBeforeNext: number): AuthApiError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  if (EMAIL_LIMITS.has(name)) {
    return new AuthApiError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`);
  }
  return new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached', { retry_after: seconds });
}

export function createAuthRateLimiter(deps: Pick<AppDeps, 'db' | 'config'>, settings: AuthRateLimitSettings): AuthRateLimiter {
  const make = (name: LimitName, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: deps.db.pool,
      schemaName: 'auth',
      tableName: 'rate_limits',
      // The migration creates the table; letting every process create it would race.
      tableCreated: true,
      // Every client address and email leaves a row; one limiter per set deletes rows that expired
      // over an hour ago (the whole table, every 5 minutes) so the table does not grow forever.
      clearExpiredByTimeout: name === 'token_ip',
      keyPrefix: name,
      points,
      duration,
    });
  const limiters: Record<LimitName, RateLimiterPostgres> = {
    token_ip: make('token_ip', settings.tokenPerIp, 300),
    signin_email: make('signin_email', settings.signInFailuresPerEmail, 900),
    verify_ip: make('verify_ip', settings.verifyPerIp, 300),
    email_ip: make('email_ip', settings.emailPerIp, 3600),
    email_interval: make('email_interval', 1, settings.emailIntervalSeconds),
    email_address: make('email_address', settings.emailPerAddressPerHour, 3600),
    super_admin_ip: make('super_admin_ip', settings.superAdminPerIp, 300),
    super_admin_email: make('super_admin_email', settings.superAdminPerEmail ?? DEFAULT_AUTH_RATE_LIMITS.superAdminPerEmail!, 900),
  };

  async function consumeOrRefusal(name: LimitName, key: string): Promise<AuthApiError | null> {
    try {
      await limiters[name].consume(key);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return tooMany(name, err.msBeforeNext);
      throw err;
    }
  }

  return {
    async consume(name, key) {
      const refusal = await consumeOrRefusal(name, key);
      if (refusal) throw refusal;
    },
    attempt: consumeOrRefusal,
    async refund(name, key) {
      await limiters[name].reward(key, 1);
    },
    ipOf(c) {
      return clientAddress(c, deps.config.trustProxy) ?? 'unknown';
    },
  };
}
