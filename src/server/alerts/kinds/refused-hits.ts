import type { SqlClient } from '../../db/database';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { bucketFloor, targetsCte } from '../targets';

const SQL = `with ${targetsCte('refused_hits')}
  select t.*, x.refused, x.by_reason from targets t
  cross join lateral (
    select coalesce(sum(y.n), 0)::bigint as refused, coalesce(jsonb_object_agg(y.reason, y.n) filter (where y.reason is not null), '{}') as by_reason
    from (
      select c.reason, sum(c.count)::bigint as n from public.website_hit_counters c
      where c.website_id = t.website_id and c.outcome = 'refused'
        and c.bucket >= ${bucketFloor(`$1::timestamptz - make_interval(mins => coalesce((t.params ->> 'window_minutes')::int, 60))`)}
        and c.bucket <= $1::timestamptz
        and (coalesce(jsonb_array_length(t.params -> 'reasons'), 0) = 0 or c.reason in (select jsonb_array_elements_text(t.params -> 'reasons')))
      group by c.reason
    ) y
  ) x`;

/** Hits the collector refused for a website (for the chosen reasons, or any) over the window. */
export async function observeRefusedHits(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { refused: string; by_reason: Record<string, string | number> }>(SQL, [at]);
  return rows.map((r) => {
    const threshold = num(r.params, 'threshold', 10);
    const windowMinutes = num(r.params, 'window_minutes', 60);
    const refused = Number(r.refused);
    const byReason = Object.fromEntries(Object.entries(r.by_reason).map(([k, v]) => [k, Number(v)]));
    const reasons = Object.entries(byReason).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`);
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'refused_hits',
      firing: refused >= threshold,
      severity: r.severity,
      title: `${r.website_name}: ${refused} hits refused by the collector`,
      summary: `${refused} hits were refused in the last ${windowMinutes} minutes (alert from ${threshold})${reasons.length ? `: ${reasons.join(', ')}` : ''}. Refused hits are not validated or logged.`,
      details: { refused, by_reason: byReason, threshold, window_minutes: windowMinutes },
      link: requestsLink(r.website_id, {}, windowMinutes),
    };
  });
}
