import { Hono } from 'hono';
import type { AppDeps } from './deps';
import { createOrganizationRoutes } from './organizations/routes';
import { createWebsiteRoutes } from './websites/routes';
import { createAlertRoutes } from './alerts/routes';
import { createBillingRoutes } from './billing/routes';
import { createApiV1Routes } from './api-v1';
import { createTrackingPlanRoutes } from './tracking-plans/routes';

/** The app API at /api: what the data API cannot do alone (emails, multi-step changes). */
export function createApiRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.route('/organizations', createOrganizationRoutes(deps));
  app.route('/websites', createWebsiteRoutes(deps));
  app.route('/alerts', createAlertRoutes(deps));
  app.route('/billing', createBillingRoutes(deps));
  app.route('/tracking-plans', createTrackingPlanRoutes(deps));
  app.route('/v1', createApiV1Routes(deps));
  return app;
}
