/**
 * Tracking plan files at /api/tracking-plans (issue 25): export a version as a JSON Schema bundle,
 * a CSV spreadsheet or a Tracklint plan document; import one into the draft; import and export
 * the GA4 property's custom definition list. Every import is checked whole before anything is written,
 * and written in one transaction under the caller's role (RLS: owners and admins), so bad input
 * is a 4xx that names the problem and changes nothing.
 */
import { Hono, type Context } from 'hono';
import { customDefinitionLimits, parseGa4CustomDefinitions, planCounts } from '../../shared/ga4';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { callerQuery, requireUser, type ApiEnv } from '../api-auth/authenticate';
import { PLAN_FILE_FORMATS as FORMATS, draftOf, loadPlanDocument, parsePlanFile, renderGa4CustomDefinitionsFile, renderPlanFile, replaceCustomDefinitions, replaceDraft, requireEditor, type PlanFileFormat } from '../db/tracking-plan-store';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function planIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!uuidPattern.test(id)) throw new HttpError(400, 'Plan id must be a UUID');
  return id;
}

/** Only the query parameters a route knows; any other is a 400 that names it. */
function query(c: Context, allowed: readonly string[]): Record<string, string> {
  const q = c.req.query();
  const unknown = Object.keys(q).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) throw new HttpError(400, `Unknown query parameter${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  return q;
}

function formatParam(value: string | undefined): PlanFileFormat {
  const f = value ?? 'json-schema';
  if (!(FORMATS as readonly string[]).includes(f)) throw new HttpError(400, `format must be one of ${FORMATS.join(', ')}`);
  return f as PlanFileFormat;
}

export function createTrackingPlanRoutes(deps: AppDeps): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>();
  app.use('*', requireUser(deps));

  const asCaller = callerQuery(deps);

  // GET /api/tracking-plans/:id/export?format=json-schema|csv|plan&version=N (default: the draft)
  app.get('/:id/export', async (c) => {
    const planId = planIdParam(c);
    const q = query(c, ['format', 'version']);
    const format = formatParam(q.format);
    const version = q.version === undefined ? null : Number(q.version);
    if (version !== null && !(Number.isInteger(version) && version > 0)) throw new HttpError(400, 'version must be a published version number');
    const { plan, name } = await asCaller(c, (client) => loadPlanDocument(client, planId, version));
    const file = renderPlanFile(plan, name, format, version);
    return c.body(file.body, 200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"` });
  });

  // POST /api/tracking-plans/:id/import?format=json-schema|csv|plan — the file is the body; it replaces the draft.
  app.post('/:id/import', async (c) => {
    const planId = planIdParam(c);
    const format = formatParam(query(c, ['format']).format);
    const text = await c.req.text();
    if (text.trim() === '') throw new HttpError(400, 'Send the plan file as the request body');
    const parsed = parsePlanFile(format, text);
    if (!parsed.ok) return c.json({ error: `The plan file was not imported: ${parsed.errors[0]}`, errors: parsed.errors }, 400);
    const result = await asCaller(c, async (client) => {
      await requireEditor(client, planId);
      const { draftId } = await draftOf(client, planId);
      await replaceDraft(client, draftId, parsed.plan);
      return { draftId };
    });
    const counts = planCounts(parsed.plan);
    return c.json({ draft_id: result.draftId, events: counts.events, parameters: counts.parameters });
  });

  // GET /api/tracking-plans/:id/custom-definitions — the registered list, in the shape the POST reads.
  app.get('/:id/custom-definitions', async (c) => {
    const planId = planIdParam(c);
    query(c, []);
    const file = await asCaller(c, (client) => renderGa4CustomDefinitionsFile(client, planId));
    return c.body(file.body, 200, { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.filename}"` });
  });

  // POST /api/tracking-plans/:id/custom-definitions — GA4's custom dimension and metric list; replaces the registered set.
  app.post('/:id/custom-definitions', async (c) => {
    const planId = planIdParam(c);
    query(c, []);
    const parsed = parseGa4CustomDefinitions(await c.req.text());
    if (!parsed.ok) return c.json({ error: `The custom definitions were not imported: ${parsed.errors[0]}`, errors: parsed.errors }, 400);
    const defs = parsed.definitions;
    await asCaller(c, async (client) => {
      await requireEditor(client, planId);
      await replaceCustomDefinitions(client, planId, defs);
    });
    return c.json({ registered: defs.length, limits: customDefinitionLimits(defs) });
  });

  return app;
}
