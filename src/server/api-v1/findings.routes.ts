import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from './errors';
import { isoTime, ok } from './schemas';

export const FindingsSummary = z
  .object({
    from: z.string(),
    to: z.string(),
    interval: z.enum(['hour', 'day']),
    group_by: z.enum(['rule', 'event', 'website']),
    totals: z.object({
      requests: z.number().int(),
      pass: z.number().int(),
      warning: z.number().int(),
      fail: z.number().int(),
      error_findings: z.number().int(),
      warning_findings: z.number().int(),
      info_findings: z.number().int(),
      plan_violations: z.number().int().openapi({ description: 'Findings of the tracking plan check at warning or error severity (info-level plan findings are not violations), as tracklint validate counts them.' }),
    }),
    series: z.array(z.object({ period: z.string(), key: z.string(), count: z.number().int() })),
  })
  .openapi('FindingsSummary');

export const getFindingsSummary = createRoute({
  method: 'get',
  path: '/findings/summary',
  tags: ['Findings'],
  summary: 'Findings summary from the hourly rollups',
  description:
    'Totals (requests by status, findings by severity) and a series per hour or day grouped by rule (findings), event (hits) or website (requests). Without from, the last hour; at most 93 days.',
  request: {
    query: z.strictObject({
      from: isoTime.optional(),
      to: isoTime.optional(),
      website_id: z.string().uuid().optional(),
      interval: z.enum(['hour', 'day']).default('hour'),
      group_by: z.enum(['rule', 'event', 'website']).default('rule'),
    }),
  },
  responses: { 200: ok(FindingsSummary, 'The summary.'), ...errorResponses(413) },
});
