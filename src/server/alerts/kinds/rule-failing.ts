import type { SqlClient } from '../../db/database';
import { ruleById } from '../../../shared/ga4';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { targetsCte } from '../targets';

// Per rule id: findings in the window (the current hour and window_hours complete hours before
// it: rollups are hourly, so a finding at 12:59 still counts at 13:00) and in the 24 hours before.
const SQL = `with ${targetsCte('rule_failing')}
  select t.*, x.by_rule from targets t
  cross join lateral (
    select coalesce(jsonb_object_agg(y.value, jsonb_build_array(y.recent, y.previous)), '{}') as by_rule from (
      select r.value, coalesce(sum(r.count) filter (where r.hour >= s.start), 0)::bigint as recent,
             coalesce(sum(r.count) filter (where r.hour < s.start), 0)::bigint as previous
      from (select date_trunc('hour', $1::timestamptz) - make_interval(hours => coalesce((t.params ->> 'window_hours')::int, 1)) as start) s
      join public.website_hourly_rollups r on r.website_id = t.website_id and r.dimension = 'rule'
        and r.hour >= s.start - interval '24 hours' and r.hour <= $1::timestamptz
        and (t.params ->> 'rule_id' is null or r.value = t.params ->> 'rule_id')
      group by r.value
    ) y
  ) x`;

const titleOf = (ruleId: string) => ruleById(ruleId)?.title ?? ruleId;

/**
 * A chosen rule fires at all (at least min_count findings in the window), or, without a chosen
 * rule, any rule starts failing: min_count findings in the window after none in the 24 hours before.
 */
export async function observeRuleFailing(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { by_rule: Record<string, [string | number, string | number]> }>(SQL, [at]);
  return rows.map((r) => {
    const minCount = num(r.params, 'min_count', 1);
    const windowHours = num(r.params, 'window_hours', 1);
    const chosen = typeof r.params.rule_id === 'string' && r.params.rule_id ? r.params.rule_id : null;
    const counts = Object.entries(r.by_rule).map(([id, [recent, previous]]) => ({ id, recent: Number(recent), previous: Number(previous) }));
    const firingRules = counts.filter((c) => c.recent >= minCount && (chosen !== null || c.previous === 0)).sort((a, b) => b.recent - a.recent);
    const top = firingRules[0];
    const windowText = windowHours === 1 ? 'this hour and the last' : `this hour and the ${windowHours} before`;
    const title = chosen
      ? `${r.website_name}: ${titleOf(chosen)} fails`
      : top
        ? `${r.website_name}: ${titleOf(top.id)} started failing${firingRules.length > 1 ? ` (+${firingRules.length - 1} more rules)` : ''}`
        : `${r.website_name}: no rule started failing`;
    const summary = firingRules.length
      ? `${firingRules.map((c) => `${c.id}: ${c.recent} findings`).join(', ')} in ${windowText}${chosen ? '' : ', none in the 24 hours before'}.`
      : `No rule ${chosen ? `(${chosen}) ` : ''}reached ${minCount} findings in ${windowText}.`;
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'rule_failing',
      firing: firingRules.length > 0,
      severity: r.severity,
      title,
      summary,
      details: { rules: firingRules, chosen_rule: chosen, min_count: minCount, window_hours: windowHours },
      link: requestsLink(r.website_id, { rule: chosen ?? top?.id }, windowHours * 60 + 60),
    };
  });
}
