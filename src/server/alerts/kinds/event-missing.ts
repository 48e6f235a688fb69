import type { SqlClient } from '../../db/database';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { targetsCte } from '../targets';

const SQL = `with ${targetsCte('event_missing')}
  select t.*, x.recent, x.earlier, x.days_seen from targets t
  cross join lateral (
    select coalesce(sum(r.count) filter (where r.hour >= s.quiet_start), 0)::bigint as recent,
           coalesce(sum(r.count) filter (where r.hour < s.quiet_start), 0)::bigint as earlier,
           count(distinct date_trunc('day', r.hour)) filter (where r.hour < s.quiet_start and r.count > 0)::int as days_seen
    from (select date_trunc('hour', $1::timestamptz - make_interval(hours => coalesce((t.params ->> 'hours')::int, 24))) as quiet_start) s
    join public.website_hourly_rollups r on r.website_id = t.website_id and r.dimension = 'event_name' and r.value = t.params ->> 'event_name'
      and r.hour >= s.quiet_start - make_interval(days => coalesce((t.params ->> 'lookback_days')::int, 7)) and r.hour <= $1::timestamptz
  ) x`;

/** An event the website sends (seen in the days before) that has not been seen for N hours. */
export async function observeEventMissing(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { recent: string; earlier: string; days_seen: number }>(SQL, [at]);
  return rows.map((r) => {
    const hours = num(r.params, 'hours', 24);
    const lookbackDays = num(r.params, 'lookback_days', 7);
    const event = String(r.params.event_name ?? '');
    const recent = Number(r.recent);
    const earlier = Number(r.earlier);
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'event_missing',
      firing: recent === 0 && earlier > 0,
      severity: r.severity,
      title: `${r.website_name}: no ${event} event for ${hours} hours`,
      summary: `${event} was not seen in the last ${hours} hours; it was seen ${earlier} times on ${r.days_seen} of the ${lookbackDays} days before.`,
      details: { event_name: event, recent, earlier, days_seen: r.days_seen, hours, lookback_days: lookbackDays },
      link: requestsLink(r.website_id, { event }, 7 * 24 * 60),
    };
  });
}
