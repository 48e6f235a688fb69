import { Hono, type Context } from 'hono';
import type { AppDeps } from '../deps';
import { AuthApiError, authErrors } from './errors';
import { checkBearer } from './authenticate';
import { ISSUER_PATH } from './jwt';
import { isSessionActive } from './sessions';
import { signUp } from './signup';
import { passwordGrant, pkceGrant, refreshTokenGrant } from './grants';
import { verifyLink, verifyOtp } from './verify';
import { getUser, parseSignOutScope, signOut, updateCurrentUser } from './account';
import { requestPasswordRecovery, resendEmailLink, sendMagicLink } from './email-links';
import { normalizeEmail, parseJsonObject } from './validation';
import { createAuthRateLimiter, DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimiter } from './rate-limits';
import { logFor } from '../http/request-log';

/**
 * Limits on requests that email an address: per IP, then per address whether or not it has an
 * account (so a 429 reveals nothing), one per interval per kind and a few per hour in all.
 * Returns the refusal of a request too soon after the last one of its kind, else null.
 */
async function emailLimits(limiter: AuthRateLimiter, c: Context, kind: string, email: unknown) {
  await limiter.consume('email_ip', limiter.ipOf(c));
  const address = normalizeEmail(email);
  if (!address) return null;
  await limiter.consume('email_address', address);
  return limiter.attempt('email_interval', `${kind}:${address}`);
}

async function requireEmailSlot(limiter: AuthRateLimiter, c: Context, kind: string, email: unknown) {
  const refusal = await emailLimits(limiter, c, kind, email);
  if (refusal) throw refusal;
}

const body = async (c: Context) => parseJsonObject(await c.req.text());
const redirectParam = (c: Context) => c.req.query('redirect_to') || undefined;

/** The caller's session claims from the bearer token, or the auth error that refuses it. */
async function sessionOf(deps: AppDeps, c: Context) {
  const result = await checkBearer(deps, c.req.header('authorization'));
  if (!result.ok) throw result.error;
  return result.claims;
}

const SETTINGS = {
  external: { email: true, phone: false, anonymous_users: false, apple: false, github: false, google: false },
  disable_signup: false,
  mailer_autoconfirm: false,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
};

/** POST /token: the password, refresh-token and PKCE grants, with the per-IP and failed-sign-in limits. */
function tokenGrant(deps: AppDeps, limiter: AuthRateLimiter) {
  return async (c: Context) => {
    const grantType = c.req.query('grant_type');
    await limiter.consume('token_ip', limiter.ipOf(c));
    const input = await body(c);
    if (grantType === 'password') {
      // Failed attempts are counted per address: past the limit even the right password is refused.
      // The point is taken before the password is checked and given back unless it was wrong, so
      // guesses sent in parallel (or to several processes) cannot all pass a check made beforehand.
      const email = normalizeEmail(input.email);
      if (email) await limiter.consume('signin_email', email);
      let wrongPassword = false;
      try {
        return c.json(await passwordGrant(deps, input));
      } catch (err) {
        wrongPassword = err instanceof AuthApiError && err.errorCode === 'invalid_credentials';
        throw err;
      } finally {
        if (email && !wrongPassword) await limiter.refund('signin_email', email);
      }
    }
    if (grantType === 'refresh_token') return c.json(await refreshTokenGrant(deps, input));
    if (grantType === 'pkce') return c.json(await pkceGrant(deps, input));
    throw new AuthApiError(400, 'validation_failed', `unsupported_grant_type: ${grantType ?? '(none)'}`);
  };
}

/** Errors as GoTrue answers them; anything else is logged and answered as a bare 500. */
function answerAuthErrors(app: Hono, deps: AppDeps): void {
  app.onError((err, c) => {
    if (err instanceof AuthApiError) return c.json(err.toBody(), err.status);
    logFor(c, deps.log).error({ path: c.req.path, error: err instanceof Error ? err.stack : String(err) }, 'auth request failed');
    return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Internal server error' }, 500);
  });
  // Supabase clients always send the project's API key. A wrong one is refused; email links carry none.
  app.use('*', async (c, next) => {
    const apiKey = c.req.header('apikey');
    if (apiKey && !(await deps.jwt.verify(apiKey))) throw authErrors.invalidApiKey();
    await next();
  });
}

/** GoTrue-compatible auth API mounted at /auth/v1. Handlers only translate HTTP; the flows live in their own modules. */
export function createAuthRoutes(deps: AppDeps, limiter: AuthRateLimiter = createAuthRateLimiter(deps, deps.config.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS)): Hono {
  const app = new Hono();
  deps.jwt.bindAuthService({
    issuer: () => `${deps.publicUrl}${ISSUER_PATH}`,
    isSessionLive: (claims) => isSessionActive(deps.db.pool, claims.session_id ?? '', claims.sub),
  });
  answerAuthErrors(app, deps);

  app.get('/health', (c) => c.json({ version: 'tracklint', name: 'GoTrue', description: 'Tracklint auth service (GoTrue-compatible)' }));
  app.get('/settings', (c) => c.json(SETTINGS));

  app.post('/signup', async (c) => {
    const input = await body(c);
    await requireEmailSlot(limiter, c, 'signup', input.email);
    return c.json(await signUp(deps, input, redirectParam(c)));
  });

  app.post('/token', tokenGrant(deps, limiter));

  app.get('/verify', async (c) => {
    await limiter.consume('verify_ip', limiter.ipOf(c));
    const location = await verifyLink(deps, { token: c.req.query('token'), type: c.req.query('type'), redirectTo: redirectParam(c) });
    return c.redirect(location, 303);
  });
  app.post('/verify', async (c) => {
    await limiter.consume('verify_ip', limiter.ipOf(c));
    return c.json(await verifyOtp(deps, await body(c)));
  });

  app.get('/user', async (c) => c.json(await getUser(deps, (await sessionOf(deps, c)).sub)));
  app.put('/user', async (c) => {
    const claims = await sessionOf(deps, c);
    const input = await body(c);
    if (input.email !== undefined) await requireEmailSlot(limiter, c, 'email_change', input.email);
    return c.json(await updateCurrentUser(deps, claims, input, redirectParam(c)));
  });

  app.post('/logout', async (c) => {
    const scope = parseSignOutScope(c.req.query('scope'));
    const claims = await sessionOf(deps, c);
    await signOut(deps, claims.sub, claims.session_id, scope);
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const input = await body(c);
    // Too soon after the last reset mail: nothing is sent, and the answer is the same as ever.
    if (await emailLimits(limiter, c, 'recovery', input.email)) return c.json({});
    await requestPasswordRecovery(deps, input, redirectParam(c));
    return c.json({});
  });

  app.post('/otp', async (c) => {
    const input = await body(c);
    await requireEmailSlot(limiter, c, 'magiclink', input.email);
    await sendMagicLink(deps, input, redirectParam(c));
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const input = await body(c);
    await requireEmailSlot(limiter, c, input.type === 'email_change' ? 'email_change' : 'signup', input.email);
    await resendEmailLink(deps, input, redirectParam(c));
    return c.json({});
  });

  return app;
}
