import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import { ApiV1Error } from './errors';
import type { ApiV1Env } from './principal';

/**
 * Per-key (or per-member) requests per minute, counted in Postgres (public.api_take_request: one
 * atomic upsert per request) so two or more server processes share one budget. Fixed one-minute
 * windows; the RateLimit-* headers follow the IETF draft's field names.
 */
export function rateLimitV1(deps: AppDeps): MiddlewareHandler<ApiV1Env> {
  const limit = deps.config.apiV1RateLimitPerMinute ?? 600;
  let calls = 0;
  return async (c, next) => {
    const p = c.get('principal');
    const subject = p.kind === 'key' ? `key:${p.keyId}` : `user:${p.userId}`;
    const now = Date.now();
    const windowStart = Math.floor(now / 60_000) * 60_000;
    const { rows } = await deps.db.pool.query<{ count: number }>('select public.api_take_request($1, $2) as count', [subject, new Date(windowStart)]);
    const count = rows[0]!.count;
    const reset = Math.max(1, Math.ceil((windowStart + 60_000 - now) / 1000));
    c.header('RateLimit-Limit', String(limit));
    c.header('RateLimit-Remaining', String(Math.max(0, limit - count)));
    c.header('RateLimit-Reset', String(reset));
    if (++calls % 1000 === 0) void deps.db.pool.query('select public.api_prune_rate_windows()').catch(() => {});
    if (count > limit) {
      c.header('Retry-After', String(reset));
      throw new ApiV1Error(429, 'rate_limited', `Rate limit of ${limit} requests per minute reached. Retry in ${reset} s.`, { limit, retry_after: reset });
    }
    await next();
  };
}
