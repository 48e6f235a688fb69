import { Hono, type Context } from 'hono';
import { HttpError } from '../../http/errors';
import { bearerToken } from '../../auth/authenticate';
import type { AuthRateLimiter } from '../../auth/rate-limits';
import type { RequestOrigin } from './store';
import type { Outcome, SuperAdminService } from './service';
import { MESSAGES } from './policy';
import { parseBody, readLogin, readSetupMfa, readVerifyMfa, userAgentHeader } from './requests';
import { looksLikeSessionToken } from './session-tokens';

export const SESSION_HEADER = 'x-super-admin-session';

/**
 * The session token of a request: the x-super-admin-session header, else an Authorization bearer
 * that is a session token (the renderer also sends the anon key as bearer, which is not one).
 */
export function sessionTokenOf(c: Context): string | null {
  const header = c.req.header(SESSION_HEADER)?.trim();
  if (header) return header;
  const bearer = bearerToken(c.req.header('authorization'));
  return bearer && looksLikeSessionToken(bearer) ? bearer : null;
}

function send(c: Context, outcome: Outcome) {
  return c.json(outcome.body, outcome.status, { 'cache-control': 'no-store', ...outcome.headers });
}

/**
 * super-admin-auth/{login, verify-mfa, session, logout, setup-mfa}, as the renderer's client calls them.
 * With a limiter, login and verify-mfa are also counted per client address, in Postgres so every
 * server process shares the counts; the service's back-off on failures per email and address
 * stays underneath. Nothing counts per email across addresses: that would be an account lock.
 */
export function createSuperAdminAuthRoutes(service: SuperAdminService, addressOf: (c: Context) => string, limiter?: AuthRateLimiter): Hono {
  const routes = new Hono();

  /** A 429 in the super-admin shape (plus GoTrue's error_code), or null when the request may go on. */
  async function overLimit(c: Context): Promise<Outcome | null> {
    if (!limiter) return null;
    // Per client address only: a count per email across addresses would let anyone who knows an
    // administrator's email lock them out (issue 26); failures per email and address back off in
    // the service.
    const refusal = await limiter.attempt('super_admin_ip', limiter.ipOf(c));
    if (!refusal) return null;
    const retryAfter = Number(refusal.extra.retry_after) || 60;
    return {
      status: 429,
      body: { error: MESSAGES.tooManyRequests(Math.ceil(retryAfter / 60)), error_code: refusal.errorCode },
      headers: { 'retry-after': String(retryAfter) },
    };
  }
  routes.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    throw err;
  });

  const origin = (c: Context, reportedIp: string | null = null, userAgent?: string | null): RequestOrigin => ({
    ip: addressOf(c),
    reportedIp,
    userAgent: userAgent ?? userAgentHeader(c.req.header('user-agent')),
  });

  routes.post('/login', async (c) => {
    const input = readLogin(parseBody(await c.req.text()));
    const limited = await overLimit(c);
    if (limited) return send(c, limited);
    return send(c, await service.login(input, origin(c, input.reportedIp, input.userAgent)));
  });

  routes.post('/verify-mfa', async (c) => {
    const input = readVerifyMfa(parseBody(await c.req.text()));
    const limited = await overLimit(c);
    if (limited) return send(c, { ...limited, body: { ...limited.body, valid: false } });
    return send(c, await service.verifyMfa(input, origin(c)));
  });

  routes.get('/session', async (c) => send(c, await service.session(sessionTokenOf(c))));

  routes.post('/logout', async (c) => send(c, await service.logout(sessionTokenOf(c), origin(c))));

  routes.post('/setup-mfa', async (c) => {
    const token = sessionTokenOf(c);
    const input = readSetupMfa(parseBody(await c.req.text()));
    return send(c, await service.setupMfa(token, input, origin(c)));
  });

  return routes;
}
