import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import { asPrincipal, iso } from './caller';
import { ApiV1Error } from './errors';
import type { getFindingsSummary } from './findings.routes';
import type { ApiV1Env } from './principal';

const HOUR_MS = 3_600_000;
const MAX_RANGE_MS = 93 * 24 * HOUR_MS;
/** Rollup dimension behind each grouping (website: requests per website). */
const DIMENSION = { rule: 'rule', event: 'event_name', website: 'requests' } as const;

export function findingHandlers(deps: AppDeps) {
  const summary: RouteHandler<typeof getFindingsSummary, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const to = q.to ? new Date(q.to) : new Date();
    const from = q.from ? new Date(q.from) : new Date(to.getTime() - HOUR_MS);
    if (from >= to || to.getTime() - from.getTime() > MAX_RANGE_MS) {
      throw new ApiV1Error(400, 'invalid_request', 'from must be before to, at most 93 days apart.', { parameters: ['from', 'to'] });
    }
    // Rollups are per UTC hour: a range covers every hour it touches.
    const args = [from.toISOString(), to.toISOString(), q.website_id ?? null];
    const where = `hour >= date_trunc('hour', $1::timestamptz) and hour < $2::timestamptz and ($3::uuid is null or website_id = $3)`;
    const result = await asPrincipal(deps, c, async (client) => {
      const totals = await client.query<{ dimension: string; value: string; count: string }>(
        `select dimension, value, sum(count)::text as count from public.website_hourly_rollups
         where ${where} and dimension in ('requests', 'status', 'severity', 'plan_violation') group by 1, 2`,
        args,
      );
      const series = await client.query<{ period: string; key: string; count: string }>(
        `select ${iso(`date_trunc('${q.interval}', hour, 'UTC')`)} as period,
                ${q.group_by === 'website' ? 'website_id::text' : 'value'} as key, sum(count)::text as count
         from public.website_hourly_rollups where ${where} and dimension = $4
         group by 1, 2 order by 1 desc, 3 desc, 2 limit 5000`,
        [...args, DIMENSION[q.group_by]],
      );
      return { totals: totals.rows, series: series.rows };
    });
    const total = (dimension: string, value: string) =>
      Number(result.totals.find((r) => r.dimension === dimension && r.value === value)?.count ?? 0);
    return c.json(
      {
        from: from.toISOString(),
        to: to.toISOString(),
        interval: q.interval,
        group_by: q.group_by,
        totals: {
          requests: total('requests', 'all'),
          pass: total('status', 'pass'),
          warning: total('status', 'warning'),
          fail: total('status', 'fail'),
          error_findings: total('severity', 'error'),
          warning_findings: total('severity', 'warning'),
          info_findings: total('severity', 'info'),
          // Plan findings above info, whatever their kind (the rollups' plan_violation dimension).
          plan_violations: result.totals.reduce((n, r) => n + (r.dimension === 'plan_violation' ? Number(r.count) : 0), 0),
        },
        series: result.series.map((r) => ({ period: r.period, key: r.key, count: Number(r.count) })),
      },
      200,
    );
  };
  return { summary };
}
