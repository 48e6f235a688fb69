/**
 * Tracking plan files at /api/tracking-plans (issue 25): export a version as a JSON Schema bundle,
 * a CSV spreadsheet or a Tracklint plan document; import one into the draft; import the GA4
 * property's custom definition list. Every import is checked whole before anything is written,
 * and written in one transaction under the caller's role (RLS: owners and admins), so bad input
 * is a 4xx that names the problem and changes nothing.
 */
import { Hono, type Context } from 'hono';
import {
  csvToPlan,
  customDefinitionLimits,
  parseGa4CustomDefinitions,
  parsePlanDocument,
  parsePlanJson,
  planToCsv,
  planToSchemaBundle,
  type PlanParameter,
  type PlanParseResult,
  type TrackingPlanDocument,
} from '../../shared/ga4';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { HttpError } from '../http/errors';
import { callerQuery, requireUser, type ApiEnv } from '../api-auth/authenticate';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FORMATS = ['json-schema', 'csv', 'plan'] as const;
type PlanFileFormat = (typeof FORMATS)[number];

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

/** The plan's draft version id, or 404 when the caller cannot see the plan. */
async function draftOf(client: SqlClient, planId: string): Promise<{ draftId: string; name: string }> {
  const { rows } = await client.query<{ id: string; name: string }>(
    `select v.id, p.name from public.tracking_plans p join public.tracking_plan_versions v on v.plan_id = p.id and v.status = 'draft' where p.id = $1`,
    [planId],
  );
  if (!rows[0]) throw new HttpError(404, 'Tracking plan not found');
  return { draftId: rows[0].id, name: rows[0].name };
}

async function requireEditor(client: SqlClient, planId: string): Promise<void> {
  const { rows } = await client.query<{ ok: boolean }>('select public.has_org_role(p.organization_id, $2) as ok from public.tracking_plans p where p.id = $1', [planId, 'admin']);
  if (!rows[0]) throw new HttpError(404, 'Tracking plan not found');
  if (!rows[0].ok) throw new HttpError(403, 'Only owners and admins can edit a tracking plan');
}

/** Writes a plan's events, parameters and user properties into the draft, replacing what it held. */
async function replaceDraft(client: SqlClient, draftId: string, plan: TrackingPlanDocument): Promise<void> {
  await client.query('delete from public.tracking_plan_parameters where version_id = $1', [draftId]);
  await client.query('delete from public.tracking_plan_events where version_id = $1', [draftId]);
  if (plan.events.length > 0) {
    await client.query(
      `insert into public.tracking_plan_events (version_id, name, status, description, owner, triggers)
       select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
      [draftId, plan.events.map((e) => e.name), plan.events.map((e) => e.status), plan.events.map((e) => e.description ?? null), plan.events.map((e) => e.owner ?? null), plan.events.map((e) => e.triggers ?? null)],
    );
  }
  const rows: Array<{ event: string | null; scope: string; p: PlanParameter }> = [];
  for (const e of plan.events) {
    for (const p of e.parameters ?? []) rows.push({ event: e.name, scope: 'event', p });
    for (const p of e.itemParameters ?? []) rows.push({ event: e.name, scope: 'item', p });
  }
  for (const p of plan.userProperties ?? []) rows.push({ event: null, scope: 'user', p });
  if (rows.length === 0) return;
  await client.query(
    `insert into public.tracking_plan_parameters (version_id, event_id, scope, name, type, required, allowed_values, pattern, minimum, maximum, max_length, description)
     select $1, e.id, t.scope, t.name, t.type, t.required, case when t.allowed is null then null else array(select jsonb_array_elements_text(t.allowed)) end,
            t.pattern, t.minimum, t.maximum, t.max_length, t.description
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::jsonb[], $8::text[], $9::numeric[], $10::numeric[], $11::int[], $12::text[])
       as t(event, scope, name, type, required, allowed, pattern, minimum, maximum, max_length, description)
     left join public.tracking_plan_events e on e.version_id = $1 and e.name = t.event`,
    [
      draftId,
      rows.map((r) => r.event),
      rows.map((r) => r.scope),
      rows.map((r) => r.p.name),
      rows.map((r) => r.p.type),
      rows.map((r) => r.p.required === true),
      rows.map((r) => (r.p.allowedValues ? JSON.stringify(r.p.allowedValues) : null)),
      rows.map((r) => r.p.pattern ?? null),
      rows.map((r) => r.p.minimum ?? null),
      rows.map((r) => r.p.maximum ?? null),
      rows.map((r) => r.p.maxLength ?? null),
      rows.map((r) => r.p.description ?? null),
    ],
  );
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
    const { doc, name } = await asCaller(c, async (client) => {
      const { draftId, name } = await draftOf(client, planId);
      const { rows } = version === null
        ? await client.query<{ doc: unknown }>('select public.tracking_plan_document($1) as doc', [draftId])
        : await client.query<{ doc: unknown }>(`select document as doc from public.tracking_plan_versions where plan_id = $1 and number = $2 and status = 'published'`, [planId, version]);
      if (!rows[0]) throw new HttpError(404, `Version ${version} of this plan was not published`);
      const defs = await client.query<{ kind: string; scope: string; parameterName: string }>(
        `select kind, scope, parameter_name as "parameterName" from public.tracking_plan_custom_definitions where plan_id = $1 order by kind, scope, parameter_name`,
        [planId],
      );
      return { doc: { ...(rows[0].doc as object), ...(defs.rows.length > 0 ? { customDefinitions: defs.rows } : {}) }, name };
    });
    const parsed = parsePlanDocument(doc);
    if (!parsed.ok) throw new Error(`stored plan ${planId} is not readable: ${parsed.errors.join('; ')}`);
    const base = `${name.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'plan'}-${version === null ? 'draft' : `v${version}`}`;
    if (format === 'csv') {
      return c.body(planToCsv(parsed.plan), 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${base}.csv"` });
    }
    const body = format === 'plan' ? parsed.plan : planToSchemaBundle(parsed.plan, name);
    return c.body(`${JSON.stringify(body, null, 2)}\n`, 200, { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${base}.${format === 'plan' ? 'plan' : 'schema'}.json"` });
  });

  // POST /api/tracking-plans/:id/import?format=json-schema|csv|plan — the file is the body; it replaces the draft.
  app.post('/:id/import', async (c) => {
    const planId = planIdParam(c);
    const format = formatParam(query(c, ['format']).format);
    const text = await c.req.text();
    if (text.trim() === '') throw new HttpError(400, 'Send the plan file as the request body');
    // JSON files say what they are (a plan document has "format"; a bundle has "events" of schemas).
    const parsed: PlanParseResult = format === 'csv' ? csvToPlan(text) : parsePlanJson(text);
    if (!parsed.ok) return c.json({ error: `The plan file was not imported: ${parsed.errors[0]}`, errors: parsed.errors }, 400);
    const result = await asCaller(c, async (client) => {
      await requireEditor(client, planId);
      const { draftId } = await draftOf(client, planId);
      await replaceDraft(client, draftId, parsed.plan);
      return { draftId };
    });
    const params = parsed.plan.events.reduce((n, e) => n + (e.parameters?.length ?? 0) + (e.itemParameters?.length ?? 0), 0) + (parsed.plan.userProperties?.length ?? 0);
    return c.json({ draft_id: result.draftId, events: parsed.plan.events.length, parameters: params });
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
      await client.query('delete from public.tracking_plan_custom_definitions where plan_id = $1', [planId]);
      if (defs.length > 0)
        await client.query(
          `insert into public.tracking_plan_custom_definitions (plan_id, kind, scope, parameter_name, display_name)
           select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[])`,
          [planId, defs.map((d) => d.kind), defs.map((d) => d.scope), defs.map((d) => d.parameterName), defs.map((d) => d.displayName ?? null)],
        );
    });
    return c.json({ registered: defs.length, limits: customDefinitionLimits(defs) });
  });

  return app;
}
