import type { SqlClient } from '../../db/database';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { bucketFloor, targetsCte } from '../targets';

const SQL = `with ${targetsCte('failure_rate')}
  select t.*, x.stored, x.failed from targets t
  cross join lateral (
    select coalesce(sum(c.count) filter (where c.outcome = 'stored'), 0)::bigint as stored,
           coalesce(sum(c.count) filter (where c.outcome = 'failed'), 0)::bigint as failed
    from public.website_hit_counters c
    where c.website_id = t.website_id and c.outcome in ('stored', 'failed')
      and c.bucket >= ${bucketFloor(`$1::timestamptz - make_interval(mins => coalesce((t.params ->> 'window_minutes')::int, 60))`)}
      and c.bucket <= $1::timestamptz
  ) x`;

/** Share of stored requests that failed validation over the window, from the five-minute counters. */
export async function observeFailureRate(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { stored: string; failed: string }>(SQL, [at]);
  return rows.map((r) => {
    const threshold = num(r.params, 'threshold_pct', 20);
    const windowMinutes = num(r.params, 'window_minutes', 60);
    const minRequests = num(r.params, 'min_requests', 20);
    const stored = Number(r.stored);
    const failed = Number(r.failed);
    const ratePct = stored === 0 ? 0 : Math.round((failed * 1000) / stored) / 10;
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'failure_rate',
      firing: stored >= minRequests && ratePct > threshold,
      severity: r.severity,
      title: `${r.website_name}: ${ratePct}% of requests fail validation`,
      summary: `${failed} of ${stored} requests failed in the last ${windowMinutes} minutes (alert above ${threshold}%).`,
      details: { stored, failed, rate_pct: ratePct, threshold_pct: threshold, window_minutes: windowMinutes, min_requests: minRequests },
      link: requestsLink(r.website_id, { status: 'fail' }, windowMinutes),
    };
  });
}
