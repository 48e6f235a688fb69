/**
 * The tracking plan's storage steps, shared by the app's /api/tracking-plans routes and /api/v1:
 * find a plan's draft, check the caller may edit it, read a version as a plan document, render it
 * in an exchange format, parse an imported file and replace the draft with it. Every function runs
 * on a client already inside the caller's transaction, so RLS decides what it sees and changes.
 */
import {
  csvToPlan,
  parsePlanDocument,
  parsePlanJson,
  planToCsv,
  planToSchemaBundle,
  type PlanCustomDefinition,
  type PlanParameter,
  type PlanParseResult,
  type TrackingPlanDocument,
} from '../../shared/ga4';
import type { SqlClient } from './database';
import { HttpError } from '../http/errors';

export const PLAN_FILE_FORMATS = ['json-schema', 'csv', 'plan'] as const;
export type PlanFileFormat = (typeof PLAN_FILE_FORMATS)[number];

/** The plan's draft version id, or 404 when the caller cannot see the plan. */
export async function draftOf(client: SqlClient, planId: string): Promise<{ draftId: string; name: string }> {
  const { rows } = await client.query<{ id: string; name: string }>(
    `select v.id, p.name from public.tracking_plans p join public.tracking_plan_versions v on v.plan_id = p.id and v.status = 'draft' where p.id = $1`,
    [planId],
  );
  if (!rows[0]) throw new HttpError(404, 'Tracking plan not found');
  return { draftId: rows[0].id, name: rows[0].name };
}

export async function requireEditor(client: SqlClient, planId: string): Promise<void> {
  const { rows } = await client.query<{ ok: boolean }>('select public.has_org_role(p.organization_id, $2) as ok from public.tracking_plans p where p.id = $1', [planId, 'admin']);
  if (!rows[0]) throw new HttpError(404, 'Tracking plan not found');
  if (!rows[0].ok) throw new HttpError(403, 'Only owners and admins can edit a tracking plan');
}

/**
 * A version of the plan (the draft when version is null) as a plan document, with the GA4 custom
 * definitions registered for the plan; 404 when that version was not published.
 */
export async function loadPlanDocument(client: SqlClient, planId: string, version: number | null): Promise<{ plan: TrackingPlanDocument; name: string }> {
  const { draftId, name } = await draftOf(client, planId);
  const { rows } = version === null
    ? await client.query<{ doc: unknown }>('select public.tracking_plan_document($1) as doc', [draftId])
    : await client.query<{ doc: unknown }>(`select document as doc from public.tracking_plan_versions where plan_id = $1 and number = $2 and status = 'published'`, [planId, version]);
  if (!rows[0]) throw new HttpError(404, `Version ${version} of this plan was not published`);
  const defs = await client.query<{ kind: string; scope: string; parameterName: string }>(
    `select kind, scope, parameter_name as "parameterName" from public.tracking_plan_custom_definitions where plan_id = $1 order by kind, scope, parameter_name`,
    [planId],
  );
  const parsed = parsePlanDocument({ ...(rows[0].doc as object), ...(defs.rows.length > 0 ? { customDefinitions: defs.rows } : {}) });
  if (!parsed.ok) throw new Error(`stored plan ${planId} is not readable: ${parsed.errors.join('; ')}`);
  return { plan: parsed.plan, name };
}

/** A plan document as a file in one of the exchange formats (issue 25). */
export function renderPlanFile(plan: TrackingPlanDocument, name: string, format: PlanFileFormat, version: number | null): { body: string; contentType: string; filename: string } {
  const base = `${name.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'plan'}-${version === null ? 'draft' : `v${version}`}`;
  if (format === 'csv') return { body: planToCsv(plan), contentType: 'text/csv; charset=utf-8', filename: `${base}.csv` };
  const doc = format === 'plan' ? plan : planToSchemaBundle(plan, name);
  return { body: `${JSON.stringify(doc, null, 2)}\n`, contentType: 'application/json; charset=utf-8', filename: `${base}.${format === 'plan' ? 'plan' : 'schema'}.json` };
}

/** Parses an imported plan file; JSON files say what they are (a plan document has "format", a bundle "events" of schemas). */
export function parsePlanFile(format: PlanFileFormat, text: string): PlanParseResult {
  return format === 'csv' ? csvToPlan(text) : parsePlanJson(text);
}

/** Writes a plan's events, parameters and user properties into the draft, replacing what it held. */
export async function replaceDraft(client: SqlClient, draftId: string, plan: TrackingPlanDocument): Promise<void> {
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

/** Replaces the plan's registered GA4 custom dimensions and metrics with an imported list. */
export async function replaceCustomDefinitions(client: SqlClient, planId: string, defs: readonly PlanCustomDefinition[]): Promise<void> {
  await client.query('delete from public.tracking_plan_custom_definitions where plan_id = $1', [planId]);
  if (defs.length === 0) return;
  await client.query(
    `insert into public.tracking_plan_custom_definitions (plan_id, kind, scope, parameter_name, display_name)
     select $1, * from unnest($2::text[], $3::text[], $4::text[], $5::text[])`,
    [planId, defs.map((d) => d.kind), defs.map((d) => d.scope), defs.map((d) => d.parameterName), defs.map((d) => d.displayName ?? null)],
  );
}

/**
 * The plan's registered custom definitions in the GA4 Admin API's list shape, the same shape the
 * import reads (parseGa4CustomDefinitions), so an export can be imported again unchanged.
 */
export async function loadGa4CustomDefinitionList(client: SqlClient, planId: string): Promise<{ customDimensions: Ga4Definition[]; customMetrics: Ga4Definition[] }> {
  const { rows } = await client.query<{ kind: string; scope: string; parameter_name: string; display_name: string | null }>(
    `select kind, scope, parameter_name, display_name from public.tracking_plan_custom_definitions where plan_id = $1 order by kind, scope, parameter_name`,
    [planId],
  );
  const toGa4 = (r: (typeof rows)[number]): Ga4Definition => ({ parameterName: r.parameter_name, ...(r.display_name ? { displayName: r.display_name } : {}), scope: r.scope.toUpperCase() });
  return { customDimensions: rows.filter((r) => r.kind === 'dimension').map(toGa4), customMetrics: rows.filter((r) => r.kind === 'metric').map(toGa4) };
}

/** The registered custom definitions as a downloadable file (the GA4 list shape); they belong to the plan, not to a version. */
export async function renderGa4CustomDefinitionsFile(client: SqlClient, planId: string): Promise<{ body: string; contentType: string; filename: string }> {
  const { name } = await draftOf(client, planId);
  const list = await loadGa4CustomDefinitionList(client, planId);
  const filename = `${name.replace(/[^A-Za-z0-9_-]+/g, '-').toLowerCase() || 'plan'}-custom-definitions.json`;
  return { body: `${JSON.stringify(list, null, 2)}\n`, contentType: 'application/json; charset=utf-8', filename };
}

interface Ga4Definition {
  parameterName: string;
  displayName?: string;
  scope: string;
}
