import type { SqlClient } from '../../db/database';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { bucketFloor, targetsCte } from '../targets';

const SQL = `with ${targetsCte('no_hits')}
  select t.*, x.recent, x.before from targets t
  cross join lateral (
    select coalesce(sum(c.count) filter (where c.bucket >= s.silence_start), 0)::bigint as recent,
           coalesce(sum(c.count) filter (where c.bucket < s.silence_start), 0)::bigint as before
    from (select ${bucketFloor(`$1::timestamptz - make_interval(mins => coalesce((t.params ->> 'minutes')::int, 60))`)} as silence_start) s
    join public.website_hit_counters c on c.website_id = t.website_id and c.outcome = 'stored'
      and c.bucket >= s.silence_start - interval '24 hours' and c.bucket <= $1::timestamptz
  ) x`;

/** "Tracking is down": no stored hits for N minutes although the website received some in the 24 hours before. */
export async function observeNoHits(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { recent: string; before: string }>(SQL, [at]);
  return rows.map((r) => {
    const minutes = num(r.params, 'minutes', 60);
    const recent = Number(r.recent);
    const before = Number(r.before);
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'no_hits',
      firing: recent === 0 && before > 0,
      severity: r.severity,
      title: `${r.website_name}: no hits for ${minutes} minutes`,
      summary:
        recent === 0
          ? `No hits were stored in the last ${minutes} minutes, after ${before} in the 24 hours before: tracking may be down.`
          : `${recent} hits were stored in the last ${minutes} minutes.`,
      details: { recent, before_24h: before, minutes },
      link: requestsLink(r.website_id, {}, 24 * 60),
    };
  });
}
