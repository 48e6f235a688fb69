import { Hono, type Context } from 'hono';
import { HttpError } from '../../http/errors';
import { bearerToken } from '../../auth/authenticate';
import type { RequestOrigin } from './store';
import type { Outcome, SuperAdminService } from './service';
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

/** super-admin-auth/{login, verify-mfa, session, logout, setup-mfa}, as the renderer's client calls them. */
export function createSuperAdminAuthRoutes(service: SuperAdminService, addressOf: (c: Context) => string): Hono {
  const routes = new Hono();
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
    return send(c, await service.login(input, origin(c, input.reportedIp, input.userAgent)));
  });

  routes.post('/verify-mfa', async (c) => {
    const input = readVerifyMfa(parseBody(await c.req.text()));
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
