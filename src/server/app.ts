import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { AppDeps } from './deps';
import { HttpError } from './http/errors';
import { BODY_LIMITS, limitBody, rejectMalformedInput } from './http/input-limits';
import { securityHeaders } from './http/security-headers';
import { compressJson } from './http/compress-json';
import { mountWebApp } from './http/web-app';
import { createAuthRoutes } from './auth/routes';
import { createRestRoutes } from './rest/routes';
import { createDevMailboxRoutes } from './mail/dev-mailbox-routes';
import { createApiRoutes } from './api-routes';
import type { Collector } from './collector/collector';
import { createCollectorRoutes } from './collector/routes';
import { createFunctionRoutes } from './functions/routes';
import { createApiReferenceHandler } from './api-v1';
import { logFor, requestLog } from './http/request-log';

const PROCESS_STARTED_AT = new Date();
/** The release this server runs: npm sets it for `npm start`; a bundled server gets it at build time. */
const SERVER_VERSION = process.env.npm_package_version ?? 'development';

/** Builds the whole HTTP surface; tests call createApp(deps).request() or serve it on a port. */
export function createApp(deps: AppDeps, collector?: Collector): Hono {
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    logFor(c, deps.log).error({ path: c.req.path, error: err instanceof Error ? err.stack : String(err) }, 'unhandled error');
    return c.json({ error: 'Internal server error' }, 500);
  });

  const supabaseCors = cors({
    origin: (origin) => origin ?? '*',
    allowHeaders: ['authorization', 'apikey', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile', 'x-client-info', 'x-supabase-api-version', 'x-super-admin-session'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'],
    exposeHeaders: ['content-range', 'x-supabase-api-version'],
    credentials: false,
    maxAge: 600,
  });
  // First, so every line a request logs (and its error, if any) carries its id.
  app.use('*', ...requestLog(deps.log));
  app.use('*', securityHeaders({ trustProxy: deps.config.trustProxy, connectOrigins: () => [deps.publicUrl] }));
  app.use('/auth/v1/*', supabaseCors);
  app.use('/rest/v1/*', supabaseCors);
  app.use('/functions/v1/*', supabaseCors);
  app.use('/api/*', supabaseCors);
  // Large JSON (request logs, rule catalogues, dashboards) goes compressed; the collector does not.
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/api/*', '/functions/v1/*']) app.use(prefix, compressJson());
  // After CORS, so preflights are answered; before every handler, so nothing reads an oversized body.
  const surfaces: Array<[string, number]> = [
    ['/auth/v1/*', BODY_LIMITS.auth],
    ['/rest/v1/*', BODY_LIMITS.rest],
    ['/api/*', BODY_LIMITS.api],
    ['/functions/v1/*', BODY_LIMITS.functions],
    ['/dev/*', BODY_LIMITS.dev],
  ];
  for (const [prefix, maxBytes] of surfaces) {
    app.use(prefix, limitBody(maxBytes));
    app.use(prefix, rejectMalformedInput());
  }

  app.get('/health', (c) => c.json({ status: 'ok' }));
  // Operators only: the worst event-loop stall since the last read (each read starts a new window).
  app.get('/health/event-loop', async (c) => {
    if (!(await isServiceRole(deps, c.req.header('authorization'), c.req.header('apikey')))) return c.json({ error: 'Service role key required' }, 401);
    if (!deps.eventLoop) return c.json({ error: 'Event-loop monitoring is off in this process' }, 404);
    return c.json(deps.eventLoop.readAndReset(), 200, { 'cache-control': 'no-store' });
  });
  // The desktop renderer (app://tracklint) and other origins read the public config cross-origin.
  app.use('/config.json', cors({ origin: '*', allowMethods: ['GET'] }));
  app.get('/config.json', (c) =>
    c.json({ supabaseUrl: deps.publicUrl, supabaseAnonKey: deps.jwt.anonKey, billingEnabled: deps.config.billingEnabled }, 200, { 'cache-control': 'no-store' }),
  );

  app.route('/auth/v1', createAuthRoutes(deps));
  app.route('/rest/v1', createRestRoutes(deps));
  app.route('/api', createApiRoutes(deps));
  app.route(
    '/functions/v1',
    createFunctionRoutes(deps, {
      collectorMetrics: collector ? () => collector.metrics() : undefined,
      startedAt: PROCESS_STARTED_AT,
      version: SERVER_VERSION,
      billingEnabled: deps.config.billingEnabled,
      mailMode: deps.mailer.mailbox ? 'development mailbox' : 'smtp',
    }),
  );
  if (deps.mailer.mailbox) app.route('/dev', createDevMailboxRoutes(deps.mailer.mailbox));
  if (collector) app.route('/', createCollectorRoutes(collector, { publicUrl: () => deps.publicUrl, trustProxy: deps.config.trustProxy, isOperator: (c) => isServiceRole(deps, c.req.header('authorization'), c.req.header('apikey')) }));

  for (const prefix of ['/api/*', '/auth/v1/*', '/rest/v1/*', '/functions/v1/*']) {
    app.all(prefix, (c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));
  }

  app.get('/docs/api', createApiReferenceHandler(deps));
  mountWebApp(app, deps.config.webDistDir);
  return app;
}

/** True when the request carries the service role key (as bearer token or apikey). */
async function isServiceRole(deps: AppDeps, authorization: string | undefined, apikey: string | undefined): Promise<boolean> {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? apikey;
  return token ? (await deps.jwt.verify(token))?.role === 'service_role' : false;
}

