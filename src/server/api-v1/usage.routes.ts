import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { ok } from './schemas';

const Metrics = z.object({ monthly_requests: z.number(), websites: z.number(), team_members: z.number(), custom_rules: z.number() });

export const Usage = z
  .object({
    organization_id: z.string().uuid(),
    plan: z.string(),
    period_start: z.string(),
    usage: Metrics,
    limits: Metrics.describe('-1 means unlimited'),
    alerts: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi('Usage');

export const getUsage = createRoute({
  method: 'get',
  path: '/usage',
  tags: ['Usage'],
  summary: "Usage against the plan's limits",
  description: "A key reads its own organization's; a member names organization_id.",
  request: { query: z.strictObject({ organization_id: z.string().uuid().optional() }) },
  responses: { 200: ok(Usage, 'Usage, limits and usage alerts this month.'), ...errorResponses() },
});
