import type { SqlClient } from '../../db/database';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { targetsCte } from '../targets';

// The last complete hour against the same hour a week earlier: traffic has daily and weekly
// seasons, so the same hour last week is the baseline that a quiet night does not trip.
const SQL = `with ${targetsCte('volume_drop')}
  select t.*, h.hour, coalesce(cur.count, 0)::bigint as current, coalesce(base.count, 0)::bigint as baseline
  from targets t
  cross join (select date_trunc('hour', $1::timestamptz) - interval '1 hour' as hour) h
  left join public.website_hourly_rollups cur on cur.website_id = t.website_id and cur.hour = h.hour and cur.dimension = 'requests' and cur.value = 'all'
  left join public.website_hourly_rollups base on base.website_id = t.website_id and base.hour = h.hour - interval '7 days' and base.dimension = 'requests' and base.value = 'all'`;

/** Hits of the last complete hour below a share of the same hour last week. */
export async function observeVolumeDrop(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { hour: Date; current: string; baseline: string }>(SQL, [at]);
  return rows.map((r) => {
    const share = num(r.params, 'min_share_pct', 50);
    const minBaseline = num(r.params, 'min_baseline', 20);
    const current = Number(r.current);
    const baseline = Number(r.baseline);
    const pct = baseline === 0 ? 100 : Math.round((current * 100) / baseline);
    const hour = r.hour.toISOString().slice(11, 16);
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'volume_drop',
      firing: baseline >= minBaseline && current * 100 < baseline * share,
      severity: r.severity,
      title: `${r.website_name}: hits down to ${pct}% of last week`,
      summary: `${current} hits in the hour from ${hour} UTC against ${baseline} in the same hour last week (alert below ${share}%).`,
      details: { current, baseline, share_pct: pct, min_share_pct: share, min_baseline: minBaseline, hour: r.hour.toISOString() },
      link: requestsLink(r.website_id, {}, 24 * 60),
    };
  });
}
