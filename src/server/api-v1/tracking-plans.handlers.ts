import type { RouteHandler } from '@hono/zod-openapi';
import { parseGa4CustomDefinitions, planCounts } from '../../shared/ga4';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import {
  draftOf,
  loadPlanDocument,
  parsePlanFile,
  renderGa4CustomDefinitionsFile,
  renderPlanFile,
  replaceCustomDefinitions,
  replaceDraft,
  requireEditor,
} from '../db/tracking-plan-store';
import { asPrincipal, iso, recordWrite } from './caller';
import { ApiV1Error } from './errors';
import type { ApiV1Env, Principal } from './principal';
import type { exportTrackingPlan, getInventory, getTrackingPlan, importTrackingPlan, publishTrackingPlan } from './tracking-plans.routes';

const FEATURE_PLAN = { tracking_plans: 'Pro', event_inventory: 'Starter' } as const;

/**
 * The website as the caller sees it (RLS: a key limited to other websites gets 404), with the
 * feature gate the app applies: tracking_plans (Pro) or event_inventory (Starter).
 */
async function gatedWebsite(client: SqlClient, websiteId: string, feature: keyof typeof FEATURE_PLAN) {
  const { rows } = await client.query<{ organization_id: string; has_feature: boolean; plan_id: string | null }>(
    `select w.organization_id, public.organization_has_feature(w.organization_id, $2) as has_feature, tp.plan_id
     from public.websites w left join public.tracking_plan_websites tp on tp.website_id = w.id where w.id = $1`,
    [websiteId, feature],
  );
  const row = rows[0];
  if (!row) throw new ApiV1Error(404, 'not_found', 'Website not found.');
  if (!row.has_feature) {
    throw new ApiV1Error(403, 'plan_required', `The ${feature === 'tracking_plans' ? 'tracking plan' : 'event inventory'} needs the ${FEATURE_PLAN[feature]} plan.`, { feature });
  }
  return row;
}

async function planOf(client: SqlClient, websiteId: string): Promise<{ planId: string; organizationId: string }> {
  const row = await gatedWebsite(client, websiteId, 'tracking_plans');
  if (!row.plan_id) throw new ApiV1Error(404, 'not_found', 'No tracking plan guards this website; assign one in the app.');
  return { planId: row.plan_id, organizationId: row.organization_id };
}

/**
 * A plan may guard several websites (agencies run one plan on many shops). A key limited to some
 * websites changes a plan only when every website it guards is one of them: otherwise an import or
 * a publish through website A would change what website B is checked against.
 */
async function requireWholePlanInReach(client: SqlClient, p: Principal, planId: string): Promise<void> {
  if (p.kind !== 'key' || !p.websiteIds) return;
  const { rows } = await client.query<{ outside: number }>(
    'select count(*)::int as outside from public.tracking_plan_websites where plan_id = $1 and not (website_id = any($2::uuid[]))',
    [planId, p.websiteIds],
  );
  if (rows[0]!.outside > 0) {
    throw new ApiV1Error(403, 'forbidden', 'This plan also guards websites this API key is not limited to; change it with a key for all of them.', { websites_outside: rows[0]!.outside });
  }
}

export function trackingPlanHandlers(deps: AppDeps) {
  const get: RouteHandler<typeof getTrackingPlan, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const plan = await asPrincipal(deps, c, async (client) => {
      const { planId } = await planOf(client, id);
      const { rows } = await client.query<Record<string, unknown>>(
        `select p.id, p.organization_id, p.name, p.description, d.id as draft_version_id, ${iso('p.updated_at')} as updated_at,
                coalesce((select jsonb_agg(jsonb_build_object('number', v.number, 'version_id', v.id, 'published_at', ${iso('v.published_at')}) order by v.number desc)
                          from public.tracking_plan_versions v where v.plan_id = p.id and v.status = 'published'), '[]'::jsonb) as versions
         from public.tracking_plans p join public.tracking_plan_versions d on d.plan_id = p.id and d.status = 'draft' where p.id = $1`,
        [planId],
      );
      if (!rows[0]) throw new ApiV1Error(404, 'not_found', 'Tracking plan not found.');
      return rows[0];
    });
    return c.json(plan as never, 200);
  };

  const exportFile: RouteHandler<typeof exportTrackingPlan, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const version = q.version ?? null;
    const file = await asPrincipal(deps, c, async (client) => {
      const { planId } = await planOf(client, id);
      if (q.format === 'ga4-custom-definitions') return { planId, ...(await renderGa4CustomDefinitionsFile(client, planId)) };
      const { plan, name } = await loadPlanDocument(client, planId, version);
      return { planId, ...renderPlanFile(plan, name, q.format, version) };
    });
    return c.json({ plan_id: file.planId, format: q.format, version, filename: file.filename, content_type: file.contentType, content: file.body }, 200);
  };

  const importFile: RouteHandler<typeof importTrackingPlan, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const b = c.req.valid('json');
    // The file is parsed whole before anything is read or written, as the app's import does.
    const parsed = b.format === 'ga4-custom-definitions' ? parseGa4CustomDefinitions(b.content) : parsePlanFile(b.format, b.content);
    if (!parsed.ok) {
      throw new ApiV1Error(400, 'invalid_request', `The ${b.format === 'ga4-custom-definitions' ? 'custom definitions were' : 'plan file was'} not imported: ${parsed.errors[0]}`, { field: 'content', errors: parsed.errors });
    }
    const result = await asPrincipal(deps, c, async (client, p) => {
      const { planId, organizationId } = await planOf(client, id);
      await requireEditor(client, planId);
      await requireWholePlanInReach(client, p, planId);
      const { draftId } = await draftOf(client, planId);
      let counts: { events?: number; parameters?: number; custom_definitions?: number };
      if ('definitions' in parsed) {
        await replaceCustomDefinitions(client, planId, parsed.definitions);
        counts = { custom_definitions: parsed.definitions.length };
      } else {
        await replaceDraft(client, draftId, parsed.plan);
        counts = planCounts(parsed.plan);
      }
      await recordWrite(client, organizationId, b.format === 'ga4-custom-definitions' ? 'tracking_plan.import_custom_definitions' : 'tracking_plan.import', planId);
      return { plan_id: planId, format: b.format, draft_version_id: draftId, ...counts };
    });
    return c.json(result, 200);
  };

  const publish: RouteHandler<typeof publishTrackingPlan, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const version = await asPrincipal(deps, c, async (client, p) => {
      const { planId, organizationId } = await planOf(client, id);
      await requireWholePlanInReach(client, p, planId);
      // publish_tracking_plan checks the role and the plan itself (security definer), with the app's messages.
      const published = await client.query<{ id: string }>('select public.publish_tracking_plan($1) as id', [planId]);
      const { rows } = await client.query<{ plan_id: string; version: number; version_id: string; published_at: string }>(
        `select plan_id, number as version, id as version_id, ${iso('published_at')} as published_at from public.tracking_plan_versions where id = $1`,
        [published.rows[0]!.id],
      );
      await recordWrite(client, organizationId, 'tracking_plan.publish', planId);
      return rows[0]!;
    });
    return c.json(version, 200);
  };

  const inventory: RouteHandler<typeof getInventory, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const { days } = c.req.valid('query');
    const data = await asPrincipal(deps, c, async (client) => {
      await gatedWebsite(client, id, 'event_inventory');
      // The app's own function; it runs as the caller, so RLS on the inventory decides again.
      const { rows } = await client.query(
        `select event_name, scope, name, hits::float8 as hits, event_hits::float8 as event_hits, share::float8 as share, types, examples,
                ${iso('first_seen')} as first_seen, ${iso('last_seen')} as last_seen
         from public.tracking_inventory($1, $2) limit 5000`,
        [id, days],
      );
      return rows;
    });
    return c.json({ website_id: id, days, data } as never, 200);
  };

  return { get, exportFile, importFile, publish, inventory };
}
