import type { SqlClient } from '../../db/database';
import { problemTitle, ruleById, type Severity } from '../../../shared/ga4';
import { levelOfFinding, severityRank, type SeverityLevel } from '../../../shared/severity';
import { num, requestsLink, type Observation, type TargetRow } from '../observation';
import { targetsCte } from '../targets';

// Per rule id: findings in the window (the current hour and window_hours complete hours before
// it: rollups are hourly, so a finding at 12:59 still counts at 13:00) and in the 24 hours before;
// and the website's severity overrides, which decide how severe each rule's findings are.
const SQL = `with ${targetsCte('rule_failing')}
  select t.*, x.by_rule, coalesce(s.overrides, '{}') as overrides from targets t
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
  ) x
  left join lateral (
    select jsonb_object_agg(o.rule_id, o.severity) as overrides from public.website_rule_settings o
    where o.website_id = t.website_id and o.severity is not null
  ) s on true`;

export interface RuleCount {
  id: string;
  recent: number;
  previous: number;
}

export interface FiringRule extends RuleCount {
  /** How severe this rule's findings are on this website (its override, else the catalogue's default). */
  level: SeverityLevel;
}

/**
 * The level of a rule's findings on a website: the website's override, else the catalogue default.
 * Custom rules (not in the catalogue) count as warnings.
 */
export function findingLevel(ruleId: string, overrides: Readonly<Record<string, string>>): SeverityLevel {
  const override = overrides[ruleId];
  const severity = (override === 'error' || override === 'warning' || override === 'info' ? override : ruleById(ruleId)?.defaultSeverity) as Severity | undefined;
  return severity ? levelOfFinding(severity) : 'warning';
}

/**
 * Which rules fire, most severe first (then most findings). With a chosen rule: that rule, whenever
 * it reaches min_count (choosing it is asking for it, whatever its level). Without: critical
 * findings whenever they reach min_count (ongoing PII or undeduplicable purchases must surface,
 * not only new ones), warnings when they start (none in the 24 hours before), and info-level rules
 * only when the alert rule opts in (`include_info`), also when they start.
 */
export function firingRules(counts: readonly RuleCount[], options: { chosen: string | null; minCount: number; includeInfo: boolean; overrides: Readonly<Record<string, string>> }): FiringRule[] {
  const out: FiringRule[] = [];
  for (const c of counts) {
    if (c.recent < options.minCount) continue;
    const level = findingLevel(c.id, options.overrides);
    if (options.chosen === null) {
      if (level === 'info' && !options.includeInfo) continue;
      if (level !== 'critical' && c.previous > 0) continue;
    }
    out.push({ ...c, level });
  }
  return out.sort((a, b) => severityRank(a.level) - severityRank(b.level) || b.recent - a.recent || (a.id < b.id ? -1 : 1));
}

/** "Shop: Email addresses sent to GA4 (personal data) (+2 more problems)": what is wrong, not which rule "started failing". */
export function ruleFailingTitle(websiteName: string, firing: readonly FiringRule[], chosen: string | null): string {
  const top = firing[0];
  if (!top) return `${websiteName}: ${chosen ? `no findings of ${problemTitle(chosen)}` : 'no new problems'}`;
  return `${websiteName}: ${problemTitle(top.id)}${firing.length > 1 ? ` (+${firing.length - 1} more ${firing.length === 2 ? 'problem' : 'problems'})` : ''}`;
}

/**
 * A chosen rule fires at all (at least min_count findings in the window), or, without a chosen
 * rule, rules find problems as firingRules says. The alert's severity is that of the most severe
 * findings behind it, so alerts rank by what they are about, not by how the alert rule was set up.
 */
export async function observeRuleFailing(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<TargetRow & { by_rule: Record<string, [string | number, string | number]>; overrides: Record<string, string> }>(SQL, [at]);
  return rows.map((r) => {
    const minCount = num(r.params, 'min_count', 1);
    const windowHours = num(r.params, 'window_hours', 1);
    const chosen = typeof r.params.rule_id === 'string' && r.params.rule_id ? r.params.rule_id : null;
    const includeInfo = r.params.include_info === true;
    const counts = Object.entries(r.by_rule).map(([id, [recent, previous]]) => ({ id, recent: Number(recent), previous: Number(previous) }));
    const firing = firingRules(counts, { chosen, minCount, includeInfo, overrides: r.overrides });
    const top = firing[0];
    const windowText = windowHours === 1 ? 'this hour and the last' : `this hour and the ${windowHours} before`;
    const summary = firing.length
      ? `${firing.map((c) => `${problemTitle(c.id)} (${c.id}, ${c.level}): ${c.recent} findings`).join('; ')} in ${windowText}.`
      : `No rule ${chosen ? `(${chosen}) ` : ''}reached ${minCount} findings in ${windowText}.`;
    return {
      ruleId: r.rule_id,
      organizationId: r.organization_id,
      websiteId: r.website_id,
      subject: '',
      kind: 'rule_failing',
      firing: firing.length > 0,
      severity: top ? top.level : r.severity,
      title: ruleFailingTitle(r.website_name, firing, chosen),
      summary,
      details: { rules: firing, chosen_rule: chosen, min_count: minCount, window_hours: windowHours, include_info: includeInfo },
      link: requestsLink(r.website_id, { rule: chosen ?? top?.id }, windowHours * 60 + 60),
    };
  });
}
