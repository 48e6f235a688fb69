import { createRoute, z } from '@hono/zod-openapi';
import { PLAN_LIMITS } from '../../shared/ga4';
import { PLAN_FILE_FORMATS } from '../db/tracking-plan-store';
import { errorResponses } from './errors';
import { IdParam, json, ok } from './schemas';

/**
 * The tracking plan of a website (issue 25) and the inventory seen in its traffic. Addressed
 * through the website, so a key limited to some websites reaches only their plans (RLS on
 * websites decides which it sees). Formats: the exchange files of the app's import and export.
 */
export const PLAN_API_FORMATS = [...PLAN_FILE_FORMATS, 'ga4-custom-definitions'] as const;
const format = z.enum(PLAN_API_FORMATS).openapi({
  description: 'json-schema: a JSON Schema bundle (draft 2020-12, one schema per event); csv: the plan spreadsheet; plan: the Tracklint plan document (tracklint-plan/1); ga4-custom-definitions: the GA4 Admin API list of custom dimensions and metrics.',
});

export const TrackingPlan = z
  .object({
    id: z.string().uuid(),
    organization_id: z.string().uuid(),
    name: z.string(),
    description: z.string().nullable(),
    draft_version_id: z.string().uuid(),
    versions: z.array(z.object({ number: z.number().int(), version_id: z.string().uuid(), published_at: z.string() })).openapi({ description: 'Published versions, newest first.' }),
    updated_at: z.string(),
  })
  .openapi('TrackingPlan');

export const PlanFile = z
  .object({
    plan_id: z.string().uuid(),
    format,
    version: z.number().int().nullable().openapi({ description: 'The published version exported, or null for the draft.' }),
    filename: z.string(),
    content_type: z.string(),
    content: z.string().openapi({ description: 'The file itself, as the app\'s export downloads it.' }),
  })
  .openapi('PlanFile');

export const PlanImport = z
  .object({
    plan_id: z.string().uuid(),
    format,
    draft_version_id: z.string().uuid(),
    events: z.number().int().optional(),
    parameters: z.number().int().optional(),
    custom_definitions: z.number().int().optional(),
  })
  .openapi('PlanImport');

export const PlanVersion = z
  .object({ plan_id: z.string().uuid(), version: z.number().int(), version_id: z.string().uuid(), published_at: z.string() })
  .openapi('PlanVersion');

export const InventoryItem = z
  .object({
    event_name: z.string(),
    scope: z.enum(['event', 'param', 'item', 'user']),
    name: z.string(),
    hits: z.number().int(),
    event_hits: z.number().int().nullable(),
    share: z.number().nullable(),
    types: z.array(z.string()),
    examples: z.array(z.string()),
    first_seen: z.string(),
    last_seen: z.string(),
  })
  .openapi('InventoryItem');

const plans = 'Tracking plans';
const planErrors = () => errorResponses(404);

export const getTrackingPlan = createRoute({
  method: 'get',
  path: '/websites/{id}/tracking-plan',
  tags: [plans],
  summary: "Read the website's tracking plan and its versions",
  description: 'Plans with tracking_plans (Pro). 404 when no plan guards the website.',
  request: { params: IdParam },
  responses: { 200: ok(TrackingPlan, 'The plan, its draft and its published versions.'), ...planErrors() },
});

export const exportTrackingPlan = createRoute({
  method: 'get',
  path: '/websites/{id}/tracking-plan/export',
  tags: [plans],
  summary: 'Export the tracking plan as a file',
  description: 'The draft, or a published version with version=N, in one of the exchange formats.',
  request: {
    params: IdParam,
    query: z.strictObject({
      format: format.default('json-schema'),
      version: z.coerce.number().int().min(1).max(1_000_000).optional().openapi({ description: 'A published version number; without it, the draft.' }),
    }),
  },
  responses: { 200: ok(PlanFile, 'The file.'), ...planErrors() },
});

export const importTrackingPlan = createRoute({
  method: 'post',
  path: '/websites/{id}/tracking-plan/import',
  tags: [plans],
  summary: "Import a file into the tracking plan's draft",
  description:
    'A plan file (json-schema, csv or plan) replaces the draft\'s events, parameters and user properties; a ga4-custom-definitions list replaces the registered custom dimensions and metrics. ' +
    'The file is checked whole first: a bad file is a 400 naming its problems and changes nothing. Owners and admins, or a key with the write scope.',
  request: {
    params: IdParam,
    body: json(z.strictObject({ format, content: z.string().min(1).max(PLAN_LIMITS.fileBytes).openapi({ description: `The file's text (at most ${PLAN_LIMITS.fileBytes} characters).` }) })),
  },
  responses: { 200: ok(PlanImport, 'What the draft now holds.'), ...planErrors() },
});

export const publishTrackingPlan = createRoute({
  method: 'post',
  path: '/websites/{id}/tracking-plan/publish',
  tags: [plans],
  summary: "Publish the tracking plan's draft as its next version",
  description: 'Published versions are never edited; a new draft opens as a copy. The plan needs at least one event.',
  request: { params: IdParam },
  responses: { 200: ok(PlanVersion, 'The version just published.'), ...planErrors() },
});

export const getInventory = createRoute({
  method: 'get',
  path: '/websites/{id}/inventory',
  tags: [plans],
  summary: 'The events and parameters seen in the website\'s traffic',
  description: 'Plans with event_inventory (Starter). Per event and parameter over the last days: hits, the share of the event\'s hits that carry it, types and masked examples.',
  request: { params: IdParam, query: z.strictObject({ days: z.coerce.number().int().min(1).max(92).default(7) }) },
  responses: { 200: ok(z.object({ website_id: z.string().uuid(), days: z.number().int(), data: z.array(InventoryItem) }).openapi('Inventory'), 'The inventory, by event then scope then name.'), ...planErrors() },
});
