import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import { AuthApiError, authErrors } from './errors';
import { checkBearer } from './authenticate';
import { signUp } from './signup';
import { passwordGrant, pkceGrant, refreshTokenGrant } from './grants';
import { verifyLink, verifyOtp } from './verify';
import { getUser, parseSignOutScope, signOut, updateCurrentUser } from './account';
import { requestPasswordRecovery, resendEmailLink, sendMagicLink } from './email-links';
import { parseJsonObject } from './validation';

/** GoTrue-compatible auth API mounted at /auth/v1. Handlers only translate HTTP; the flows live in their own modules. */
export function createAuthRoutes(deps: AppDeps): Hono {
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof AuthApiError) return c.json(err.toBody(), err.status);
    deps.log.error('auth request failed', { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
    return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Internal server error' }, 500);
  });

  // Supabase clients always send the project's API key. A wrong one is refused; email links carry none.
  app.use('*', async (c, next) => {
    const apiKey = c.req.header('apikey');
    if (apiKey && !(await deps.jwt.verify(apiKey))) throw authErrors.invalidApiKey();
    await next();
  });

  const body = async (c: Context) => parseJsonObject(await c.req.text());
  const redirectParam = (c: Context) => c.req.query('redirect_to') || undefined;
  const session = async (c: Context) => {
    const result = await checkBearer(deps, c.req.header('authorization'));
    if (!result.ok) throw result.error;
    return result.claims;
  };

  app.get('/health', (c) => c.json({ version: 'tracklint', name: 'GoTrue', description: 'Tracklint auth service (GoTrue-compatible)' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false, apple: false, github: false, google: false },
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => c.json(await signUp(deps, await body(c), redirectParam(c))));

  app.post('/token', async (c) => {
    const grantType = c.req.query('grant_type');
    const input = await body(c);
    if (grantType === 'password') return c.json(await passwordGrant(deps, input));
    if (grantType === 'refresh_token') return c.json(await refreshTokenGrant(deps, input));
    if (grantType === 'pkce') return c.json(await pkceGrant(deps, input));
    throw new AuthApiError(400, 'validation_failed', `unsupported_grant_type: ${grantType ?? '(none)'}`);
  });

  app.get('/verify', async (c) => {
    const location = await verifyLink(deps, { token: c.req.query('token'), type: c.req.query('type'), redirectTo: redirectParam(c) });
    return c.redirect(location, 303);
  });
  app.post('/verify', async (c) => c.json(await verifyOtp(deps, await body(c))));

  app.get('/user', async (c) => c.json(await getUser(deps, (await session(c)).sub)));
  app.put('/user', async (c) => {
    const claims = await session(c);
    return c.json(await updateCurrentUser(deps, claims.sub, await body(c), redirectParam(c)));
  });

  app.post('/logout', async (c) => {
    const scope = parseSignOutScope(c.req.query('scope'));
    const claims = await session(c);
    await signOut(deps, claims.sub, claims.session_id, scope);
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    await requestPasswordRecovery(deps, await body(c), redirectParam(c));
    return c.json({});
  });

  app.post('/otp', async (c) => {
    await sendMagicLink(deps, await body(c), redirectParam(c));
    return c.json({});
  });

  app.post('/resend', async (c) => {
    await resendEmailLink(deps, await body(c), redirectParam(c));
    return c.json({});
  });

  return app;
}
