import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { createSecretBox } from './super-admin/secret-box';
import { createSuperAdminService } from './super-admin/service';
import { createSuperAdminAuthRoutes } from './super-admin/routes';
import { sourceAddress } from './super-admin/origin';
import { createAuthRateLimiter, DEFAULT_AUTH_RATE_LIMITS } from '../auth/rate-limits';
import { createConsoleRoutes } from './super-admin/console/routes';
import type { OverviewSources } from './super-admin/console/overview';

/**
 * Tracklint's edge-style functions, mounted at /functions/v1 like Supabase Edge Functions, so the
 * renderer calls them the same way against a hosted project or this server.
 */
export function createFunctionRoutes(deps: AppDeps, consoleSources: Omit<OverviewSources, 'db'>): Hono {
  const functions = new Hono();
  const service = createSuperAdminService({ db: deps.db, secretBox: createSecretBox(deps.config.jwtSecret) });
  functions.route('/super-admin-auth', createSuperAdminAuthRoutes(service, sourceAddress(deps.config.trustProxy), createAuthRateLimiter(deps, deps.config.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS)));
  functions.route('/super-admin-console', createConsoleRoutes(deps, consoleSources));
  return functions;
}
