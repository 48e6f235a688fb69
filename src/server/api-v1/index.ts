import { HTTPException } from 'hono/http-exception';
import type { AppDeps } from '../deps';
import { authenticateV1 } from './authenticate';
import { ApiV1Error, errorBody } from './errors';
import { configureOpenAPI, createRouter } from './openapi';
import { rateLimitV1 } from './rate-limit';
import { capResponseSize } from './response-cap';
import * as websites from './websites.routes';
import { websiteHandlers } from './websites.handlers';
import * as requests from './requests.routes';
import { requestHandlers } from './requests.handlers';
import * as findings from './findings.routes';
import { findingHandlers } from './findings.handlers';
import * as usage from './usage.routes';
import { usageHandlers } from './usage.handlers';
import * as alerts from './alerts.routes';
import { alertHandlers } from './alerts.handlers';
import * as rules from './rules.routes';
import { ruleHandlers } from './rules.handlers';
import * as customRules from './custom-rules.routes';
import { customRuleHandlers } from './custom-rules.handlers';
import * as trackingPlans from './tracking-plans.routes';
import { trackingPlanHandlers } from './tracking-plans.handlers';
import * as alertRules from './alert-rules.routes';
import { alertRuleHandlers } from './alert-rules.handlers';
import * as auditLog from './audit-log.routes';
import { auditLogHandlers } from './audit-log.handlers';
import { renderReferencePage, type OpenApiDocument } from './reference-page';
import { logFor } from '../http/request-log';

const isDocument = (path: string) => path.endsWith('/openapi.json');

/** The public API at /api/v1: OpenAPI-described routes, authenticated by API keys or session tokens. */
export function createApiV1Routes(deps: AppDeps) {
  const app = createRouter();
  app.onError((err, c) => {
    if (err instanceof ApiV1Error) return c.json(errorBody(err.code, err.message, err.details), err.status);
    // Hono's validators throw HTTPException for bodies that are not JSON at all.
    if (err instanceof HTTPException && err.status < 500) return c.json(errorBody('invalid_request', err.message || 'Malformed request'), err.status);
    logFor(c, deps.log).error({ path: c.req.path, error: err instanceof Error ? err.stack : String(err) }, 'unhandled error');
    return c.json(errorBody('internal', 'Internal server error'), 500);
  });
  configureOpenAPI(app);
  // Everything but the document needs credentials and counts against the caller's rate limit.
  const authenticate = authenticateV1(deps);
  const rateLimit = rateLimitV1(deps);
  app.use('*', async (c, next) => (isDocument(c.req.path) ? next() : authenticate(c, next)));
  app.use('*', async (c, next) => (isDocument(c.req.path) ? next() : rateLimit(c, next)));
  app.use('*', capResponseSize());

  const w = websiteHandlers(deps);
  app.openapi(websites.listWebsites, w.list);
  app.openapi(websites.getWebsite, w.get);
  app.openapi(websites.createWebsite, w.create);
  app.openapi(websites.updateWebsite, w.update);
  app.openapi(websites.deactivateWebsite, w.deactivate);
  const r = requestHandlers(deps);
  app.openapi(requests.listRequests, r.list);
  app.openapi(requests.getRequest, r.get);
  app.openapi(findings.getFindingsSummary, findingHandlers(deps).summary);
  app.openapi(usage.getUsage, usageHandlers(deps).get);
  const a = alertHandlers(deps);
  app.openapi(alerts.listAlerts, a.list);
  app.openapi(alerts.acknowledgeAlert, a.acknowledge);
  app.openapi(alerts.resolveAlert, a.resolve);
  const ru = ruleHandlers(deps);
  app.openapi(rules.listRules, ru.list);
  app.openapi(rules.listRuleSettings, ru.settings);
  app.openapi(rules.putRuleSetting, ru.put);
  const cr = customRuleHandlers(deps);
  app.openapi(customRules.listCustomRules, cr.list);
  app.openapi(customRules.createCustomRule, cr.create);
  app.openapi(customRules.updateCustomRule, cr.update);
  app.openapi(customRules.deleteCustomRule, cr.remove);
  const tp = trackingPlanHandlers(deps);
  app.openapi(trackingPlans.getTrackingPlan, tp.get);
  app.openapi(trackingPlans.exportTrackingPlan, tp.exportFile);
  app.openapi(trackingPlans.importTrackingPlan, tp.importFile);
  app.openapi(trackingPlans.publishTrackingPlan, tp.publish);
  app.openapi(trackingPlans.getInventory, tp.inventory);
  const ar = alertRuleHandlers(deps);
  app.openapi(alertRules.listAlertRules, ar.list);
  app.openapi(alertRules.createAlertRule, ar.create);
  app.openapi(alertRules.updateAlertRule, ar.update);
  app.openapi(alertRules.deleteAlertRule, ar.remove);
  app.openapi(auditLog.listAuditLog, auditLogHandlers(deps).list);

  app.all('*', (c) => c.json(errorBody('not_found', `No route for ${c.req.method} ${c.req.path}`), 404));
  return app;
}

/** GET /docs/api: the reference page, rendered once from the v1 app's own document. */
export function createApiReferenceHandler(deps: AppDeps) {
  let page: Promise<string> | undefined;
  return async () => {
    page ??= Promise.resolve(createApiV1Routes(deps).request('/openapi.json')).then(async (res) =>
      renderReferencePage((await res.json()) as OpenApiDocument),
    );
    return new Response(await page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
}
