import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import { createOrganizationRoutes } from './organizations';
import { createAlertRoutes } from '../alerts/routes';
import { createBillingRoutes } from '../billing/routes';
import { createTrackingPlanRoutes } from '../tracking-plans/routes';

/** The app API at /api: what the data API cannot do alone (emails, multi-step changes). */
export function createApiRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.route('/organizations', createOrganizationRoutes(deps));
  app.route('/alerts', createAlertRoutes(deps));
  app.route('/billing', createBillingRoutes(deps));
  app.route('/tracking-plans', createTrackingPlanRoutes(deps));
  return app;
}
