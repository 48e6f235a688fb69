import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { PageQuery, pageSchema } from './pagination';
import { IdParam, ok } from './schemas';

export const Alert = z
  .object({
    id: z.string().uuid(),
    organization_id: z.string().uuid(),
    rule_id: z.string().uuid(),
    website_id: z.string().uuid().nullable(),
    kind: z.string(),
    severity: z.enum(['critical', 'warning', 'info']),
    status: z.enum(['open', 'acknowledged', 'resolved']),
    title: z.string(),
    summary: z.string(),
    opened_at: z.string(),
    acknowledged_at: z.string().nullable(),
    resolved_at: z.string().nullable(),
  })
  .openapi('Alert');

export const listAlerts = createRoute({
  method: 'get',
  path: '/alerts',
  tags: ['Alerts'],
  summary: 'List alerts',
  request: {
    query: z.strictObject({ ...PageQuery, status: z.enum(['open', 'acknowledged', 'resolved']).optional(), website_id: z.string().uuid().optional() }),
  },
  responses: { 200: ok(pageSchema(Alert, 'AlertPage'), 'Alerts, newest first.'), ...errorResponses() },
});

export const acknowledgeAlert = createRoute({
  method: 'post',
  path: '/alerts/{id}/acknowledge',
  tags: ['Alerts'],
  summary: 'Acknowledge an open alert',
  request: { params: IdParam },
  responses: { 200: ok(Alert, 'The acknowledged alert.'), ...errorResponses(404, 409) },
});

export const resolveAlert = createRoute({
  method: 'post',
  path: '/alerts/{id}/resolve',
  tags: ['Alerts'],
  summary: 'Resolve an alert',
  request: { params: IdParam },
  responses: { 200: ok(Alert, 'The resolved alert.'), ...errorResponses(404, 409) },
});
