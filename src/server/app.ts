import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppDeps } from './deps';
import { HttpError } from './http/errors';
import { createAuthRoutes } from './auth/routes';
import { createRestRoutes } from './rest/routes';
import { createDevMailboxRoutes } from './mail/dev-mailbox-routes';
import { createApiRoutes } from './api/routes';
import type { Collector } from './collector/collector';
import { createCollectorRoutes } from './collector/routes';
import { createFunctionRoutes } from './functions/routes';

/** Builds the whole HTTP surface; tests call createApp(deps).request() or serve it on a port. */
export function createApp(deps: AppDeps, collector?: Collector): Hono {
  const app = new Hono();

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    deps.log.error('unhandled error', { path: c.req.path, error: err instanceof Error ? err.stack : String(err) });
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
  app.use('/auth/v1/*', supabaseCors);
  app.use('/rest/v1/*', supabaseCors);
  app.use('/functions/v1/*', supabaseCors);
  app.use('/api/*', supabaseCors);

  app.get('/health', (c) => c.json({ status: 'ok' }));
  // The desktop renderer (app://tracklint) and other origins read the public config cross-origin.
  app.use('/config.json', cors({ origin: '*', allowMethods: ['GET'] }));
  app.get('/config.json', (c) =>
    c.json({ supabaseUrl: deps.publicUrl, supabaseAnonKey: deps.jwt.anonKey }, 200, { 'cache-control': 'no-store' }),
  );

  app.route('/auth/v1', createAuthRoutes(deps));
  app.route('/rest/v1', createRestRoutes(deps));
  app.route('/api', createApiRoutes(deps));
  app.route('/functions/v1', createFunctionRoutes(deps));
  if (deps.mailer.mailbox) app.route('/dev', createDevMailboxRoutes(deps.mailer.mailbox));
  if (collector) app.route('/', createCollectorRoutes(collector, { publicUrl: () => deps.publicUrl, isOperator: (c) => isServiceRole(deps, c.req.header('authorization'), c.req.header('apikey')) }));

  for (const prefix of ['/api/*', '/auth/v1/*', '/rest/v1/*', '/functions/v1/*']) {
    app.all(prefix, (c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));
  }

  mountWebApp(app, deps.config.webDistDir);
  return app;
}

/** True when the request carries the service role key (as bearer token or apikey). */
async function isServiceRole(deps: AppDeps, authorization: string | undefined, apikey: string | undefined): Promise<boolean> {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? apikey;
  return token ? (await deps.jwt.verify(token))?.role === 'service_role' : false;
}

/** Serves the built single-page app: real files as they are, every other GET gets index.html. */
function mountWebApp(app: Hono, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const root = path.relative(process.cwd(), webDistDir) || '.';
  app.use('/assets/*', serveStatic({ root, onFound: (_p, c) => c.header('cache-control', 'public, max-age=31536000, immutable') }));
  app.use('*', serveStatic({ root }));
  app.get('*', async (c) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built. Run `npm run build:web` (npm start does this for you).', 503);
    }
    return c.html(await readFile(indexFile, 'utf8'));
  });
}
