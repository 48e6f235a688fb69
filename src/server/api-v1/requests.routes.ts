import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { PageQuery, pageSchema } from './pagination';
import { IdParam, isoTime, ok } from './schemas';

const RequestSummary = z
  .object({
    id: z.string().uuid(),
    received_at: z.string(),
    organization_id: z.string().uuid(),
    website_id: z.string().uuid(),
    format: z.enum(['gtag', 'mp']),
    source: z.string(),
    measurement_id: z.string().nullable(),
    client_id: z.string().nullable(),
    user_id: z.string().nullable(),
    event_count: z.number().int(),
    event_names: z.array(z.string()),
    status: z.enum(['pass', 'warning', 'fail']),
    error_count: z.number().int(),
    warning_count: z.number().int(),
    info_count: z.number().int(),
    rule_ids: z.array(z.string()),
  })
  .openapi('RequestSummary');

const Finding = z
  .object({
    ruleId: z.string(),
    severity: z.enum(['error', 'warning', 'info']),
    message: z.string(),
    family: z.string().optional(),
    path: z.string().optional(),
    eventIndex: z.number().int().optional(),
    eventName: z.string().optional(),
  })
  .passthrough()
  .openapi('Finding');

const DecodedEvent = z
  .object({ name: z.string(), params: z.record(z.string(), z.unknown()) })
  .passthrough()
  .openapi('DecodedEvent');

const RequestDetail = RequestSummary.extend({
  endpoint: z.string(),
  method: z.string(),
  origin_host: z.string().nullable(),
  url: z.string(),
  body: z.string().nullable(),
  user_agent: z.string().nullable(),
  events: z.array(DecodedEvent),
  findings: z.array(Finding),
}).openapi('RequestDetail');

export const listRequests = createRoute({
  method: 'get',
  path: '/requests',
  tags: ['Requests'],
  summary: 'List logged requests',
  description: 'The requests log, newest first. Without from, the last 24 hours. q matches a request id, or a client id or user id exactly.',
  request: {
    query: z.strictObject({
      ...PageQuery,
      from: isoTime.optional(),
      to: isoTime.optional(),
      website_id: z.string().uuid().optional(),
      status: z.enum(['pass', 'warning', 'fail']).optional(),
      event_name: z.string().min(1).max(100).optional(),
      rule_id: z.string().min(1).max(100).optional(),
      q: z.string().trim().min(1).max(200).optional(),
    }),
  },
  responses: { 200: ok(pageSchema(RequestSummary, 'RequestPage'), 'Requests, newest first.'), ...errorResponses(413) },
});

export const getRequest = createRoute({
  method: 'get',
  path: '/requests/{id}',
  tags: ['Requests'],
  summary: 'Read one request with its decoded events and findings',
  request: { params: IdParam },
  responses: { 200: ok(RequestDetail, 'The request as the log drawer shows it.'), ...errorResponses(404, 413) },
});
