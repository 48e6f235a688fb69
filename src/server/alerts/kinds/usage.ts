import type { SqlClient } from '../../db/database';
import type { AlertSeverity, Observation } from '../observation';

type Metric = 'monthly_requests' | 'websites' | 'team_members' | 'custom_rules';
const THRESHOLDS = [0.8, 0.9, 1] as const;

const LABELS: Record<Metric, string> = { monthly_requests: 'Monthly requests', websites: 'Websites', team_members: 'Team members', custom_rules: 'Custom rules' };

const SQL = `
  select r.id as rule_id, r.organization_id, r.params, m.metric,
         public.current_usage(r.organization_id, m.metric) as current, public.plan_limit(r.organization_id, m.metric) as lim
  from public.alert_rules r
  join public.organizations o on o.id = r.organization_id
  cross join unnest(array['monthly_requests', 'websites', 'team_members', 'custom_rules']) as m(metric)
  where r.enabled and r.kind = 'usage' and o.suspended_at is null
    and (r.is_default or public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('custom_alerts')))
    and (coalesce(jsonb_array_length(r.params -> 'metrics'), 0) = 0 or m.metric in (select jsonb_array_elements_text(r.params -> 'metrics')))
    and $1::timestamptz is not null`;

/**
 * The spec's usage severities: requests are info below 0.9, warning from 0.9, critical at 1 (hits
 * are refused); the rest warn from 0.8. Exactly at a website, member or custom-rule limit only
 * stops adding more, so it is information, as the usage banner shows it; over it is critical.
 */
export function usageSeverity(metric: Metric, threshold: number, ratio = threshold): AlertSeverity {
  if (threshold >= 1) return metric === 'monthly_requests' || ratio > 1 ? 'critical' : 'info';
  if (metric === 'monthly_requests' && threshold < 0.9) return 'info';
  return 'warning';
}

/** Each metric against the plan's limit, one subject per threshold (0.8, 0.9, 1) so each crossing notifies once. */
export async function observeUsage(client: SqlClient, at: Date): Promise<Observation[]> {
  const { rows } = await client.query<{ rule_id: string; organization_id: string; params: Record<string, unknown>; metric: Metric; current: string | null; lim: string | null }>(SQL, [at]);
  const out: Observation[] = [];
  for (const r of rows) {
    const wanted = Array.isArray(r.params.thresholds) ? (r.params.thresholds as unknown[]).map(Number) : [...THRESHOLDS];
    const current = Number(r.current ?? 0);
    const limit = r.lim === null ? null : Number(r.lim);
    const ratio = limit !== null && limit > 0 ? current / limit : 0;
    const pct = Math.round(ratio * 1000) / 10;
    for (const threshold of THRESHOLDS.filter((t) => wanted.includes(t))) {
      out.push({
        ruleId: r.rule_id,
        organizationId: r.organization_id,
        websiteId: null,
        subject: `${r.metric}@${threshold}`,
        kind: 'usage',
        firing: ratio >= threshold,
        severity: usageSeverity(r.metric, threshold, ratio),
        title:
          ratio >= 1 && (r.metric === 'monthly_requests' || ratio > 1)
            ? `${LABELS[r.metric]}: plan limit reached`
            : ratio >= 1
              ? `${LABELS[r.metric]}: at your plan limit`
              : `${LABELS[r.metric]} at ${pct}% of the plan's limit`,
        summary: `${current.toLocaleString('en-US')} of ${limit === null || limit < 0 ? 'unlimited' : limit.toLocaleString('en-US')} (${pct}%; alert at ${threshold * 100}%).`,
        details: { metric: r.metric, current_value: current, limit_value: limit, percentage_used: pct, threshold },
        link: r.metric === 'monthly_requests' ? '/app/requests?range=30d' : '/app/billing',
      });
    }
  }
  return out;
}
