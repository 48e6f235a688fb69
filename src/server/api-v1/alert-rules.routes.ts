import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { PageQuery, pageSchema } from './pagination';
import { IdParam, json, ok } from './schemas';

const KINDS = ['failure_rate', 'rule_failing', 'volume_drop', 'no_hits', 'event_missing', 'refused_hits', 'usage', 'tracking_drift'] as const;
const severity = z.enum(['critical', 'warning', 'info']);

export const AlertRule = z
  .object({
    id: z.string().uuid(),
    organization_id: z.string().uuid(),
    website_id: z.string().uuid().nullable(),
    name: z.string(),
    kind: z.enum(KINDS),
    params: z.record(z.string(), z.unknown()),
    severity,
    channel_ids: z.array(z.string().uuid()),
    enabled: z.boolean(),
    is_default: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('AlertRule');

const params = z
  .record(z.string(), z.unknown())
  .openapi({ description: "The kind's thresholds and windows; checked by the database's alert_rule_params_problem, as in the app (e.g. failure_rate: threshold_pct 1-100, window_minutes 5-1440)." });
const fields = {
  name: z.string().trim().min(1).max(120),
  params,
  severity: severity.optional(),
  channel_ids: z.array(z.string().uuid()).max(10).optional(),
  enabled: z.boolean().optional(),
};

export const listAlertRules = createRoute({
  method: 'get',
  path: '/alert-rules',
  tags: ['Alerts'],
  summary: 'List alert rules',
  request: { query: z.strictObject({ ...PageQuery, website_id: z.string().uuid().optional() }) },
  responses: { 200: ok(pageSchema(AlertRule, 'AlertRulePage'), 'Alert rules, newest first.'), ...errorResponses() },
});

export const createAlertRule = createRoute({
  method: 'post',
  path: '/alert-rules',
  tags: ['Alerts'],
  summary: 'Create an alert rule',
  description: 'Plans with custom_alerts (Starter); owners and admins, or a key with the write scope.',
  request: {
    body: json(z.strictObject({ ...fields, params: params.optional(), kind: z.enum(KINDS), website_id: z.string().uuid().nullable().optional(), organization_id: z.string().uuid().optional() })),
  },
  responses: { 201: ok(AlertRule, 'The created rule.'), ...errorResponses(409) },
});

export const updateAlertRule = createRoute({
  method: 'patch',
  path: '/alert-rules/{id}',
  tags: ['Alerts'],
  summary: 'Update an alert rule',
  request: {
    params: IdParam,
    body: json(z.strictObject({ name: fields.name.optional(), params: params.optional(), severity: fields.severity, channel_ids: fields.channel_ids, enabled: fields.enabled })),
  },
  responses: { 200: ok(AlertRule, 'The updated rule.'), ...errorResponses(404, 409) },
});

export const deleteAlertRule = createRoute({
  method: 'delete',
  path: '/alert-rules/{id}',
  tags: ['Alerts'],
  summary: 'Delete an alert rule',
  request: { params: IdParam },
  responses: { 200: ok(z.object({ id: z.string().uuid(), deleted: z.literal(true) }), 'Deleted.'), ...errorResponses(404) },
});
