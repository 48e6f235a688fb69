import { Hono } from 'hono';
import type { AppDeps } from '../../../deps';
import { HttpError } from '../../../http/errors';
import { requireSuperAdmin, type ConsoleEnv } from './guard';
import { jsonBody, uuidParam } from './inputs';
import { changePlan, deleteOrganization, extendTrial, listOrganizations, organizationDetail, setSuspended } from './organizations';
import { auditLog, billingOverview, dashboard, search, systemStatus, type OverviewSources } from './overview';
import { approvePlanRequest, declinePlanRequest, listPlanRequests } from './plan-requests';
import { changeRuleDefault, listRules } from './rules';
import { actOnUser, listUsers, userDetail, type UserAction } from './users';

const USER_ACTIONS = new Set<UserAction>(['resend-confirmation', 'password-reset', 'sign-out', 'ban', 'unban', 'delete']);

/**
 * /functions/v1/super-admin-console/*: the operators' data and actions. Every route needs a live
 * super-admin session; every action is authorized here and audited in its own transaction.
 */
export function createConsoleRoutes(deps: AppDeps, sources: Omit<OverviewSources, 'db'>): Hono<ConsoleEnv> {
  const app = new Hono<ConsoleEnv>();
  const src: OverviewSources = { db: deps.db, ...sources };
  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json({ error: err.message }, err.status);
    throw err;
  });
  app.use('*', requireSuperAdmin(deps.db));

  app.get('/dashboard', async (c) => c.json(await dashboard(src)));
  app.get('/billing', async (c) => c.json(await billingOverview(src)));
  app.get('/system', async (c) => c.json(await systemStatus(src)));
  app.get('/audit', async (c) => c.json(await auditLog(deps.db, c.req.query())));
  app.get('/search', async (c) => {
    const { q, ...rest } = c.req.query();
    const unknown = Object.keys(rest);
    if (unknown.length > 0) throw new HttpError(400, `unknown query parameter "${unknown[0]}"`);
    return c.json(await search(deps.db, q ?? ''));
  });

  app.get('/organizations', async (c) => c.json(await listOrganizations(deps.db, c.req.query())));
  app.get('/organizations/:id', async (c) => c.json(await organizationDetail(deps.db, uuidParam(c.req.param('id'), 'organization'))));
  app.post('/organizations/:id/plan', async (c) => c.json(await changePlan(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'organization'), await jsonBody(await c.req.text()))));
  app.post('/organizations/:id/extend-trial', async (c) =>
    c.json(await extendTrial(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'organization'), await jsonBody(await c.req.text()))),
  );
  app.post('/organizations/:id/suspend', async (c) =>
    c.json(await setSuspended(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'organization'), await jsonBody(await c.req.text()), true)),
  );
  app.post('/organizations/:id/reactivate', async (c) =>
    c.json(await setSuspended(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'organization'), await jsonBody(await c.req.text()), false)),
  );
  app.post('/organizations/:id/delete', async (c) =>
    c.json(await deleteOrganization(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'organization'), await jsonBody(await c.req.text()))),
  );

  app.get('/plan-requests', async (c) => c.json(await listPlanRequests(deps.db, c.req.query())));
  app.post('/plan-requests/:id/approve', async (c) =>
    c.json(await approvePlanRequest(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'plan change request'), await jsonBody(await c.req.text()))),
  );
  app.post('/plan-requests/:id/decline', async (c) =>
    c.json(await declinePlanRequest(deps.db, c.get('admin'), uuidParam(c.req.param('id'), 'plan change request'), await jsonBody(await c.req.text()))),
  );

  app.get('/users', async (c) => c.json(await listUsers(deps.db, c.req.query())));
  app.get('/users/:id', async (c) => c.json(await userDetail(deps.db, uuidParam(c.req.param('id'), 'user'))));
  app.post('/users/:id/:action', async (c) => {
    const action = c.req.param('action') as UserAction;
    if (!USER_ACTIONS.has(action)) throw new HttpError(404, `No user action "${action}"`);
    return c.json(await actOnUser(deps, c.get('admin'), uuidParam(c.req.param('id'), 'user'), action, await jsonBody(await c.req.text())));
  });

  app.get('/rules', async (c) => c.json(await listRules(deps.db)));
  app.post('/rules/:id', async (c) => c.json(await changeRuleDefault(deps.db, c.get('admin'), c.req.param('id'), await jsonBody(await c.req.text()))));

  app.all('*', (c) => c.json({ error: `No route for ${c.req.method} ${c.req.path}` }, 404));
  return app;
}
