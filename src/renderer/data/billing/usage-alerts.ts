import { type UsageAlert, type UsageMetric } from '../../../shared/plans';

/** Words for each metric in a sentence ("your monthly requests"). */
export const USAGE_METRIC_LABELS: Record<UsageMetric, string> = {
  monthly_requests: 'monthly requests',
  websites: 'websites',
  team_members: 'team members',
  custom_rules: 'custom rules',
};

export type UsageAlertColor = 'blue' | 'yellow' | 'red';

/** Severity → color: info blue, warning yellow, critical red. */
export function usageAlertColor(severity: UsageAlert['severity']): UsageAlertColor {
  if (severity === 'critical') return 'red';
  if (severity === 'warning') return 'yellow';
  return 'blue';
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

// One definition of a limit's words, shared with the prerendered pricing page.
export { formatLimit } from '../../../shared/format';

type AlertFacts = Pick<UsageAlert, 'type' | 'metric' | 'current_value' | 'limit_value' | 'severity'>;

/**
 * Whether the limit has started refusing something. Requests past the limit are refused hits.
 * Websites, members and custom rules only stop the next one being added, so exactly at the limit
 * nothing has gone wrong (a new free organization is at 1 of 1): that is information, not an incident.
 */
export function limitRefusesSomething(alert: Pick<UsageAlert, 'metric' | 'current_value' | 'limit_value'>): boolean {
  return alert.metric === 'monthly_requests' ? alert.current_value >= alert.limit_value : alert.current_value > alert.limit_value;
}

/** The severity a user sees: the data's, except that being exactly at a non-request limit is info. */
export function displayedSeverity(alert: AlertFacts): UsageAlert['severity'] {
  if (alert.type === 'limit_exceeded' && !limitRefusesSomething(alert)) return 'info';
  return alert.severity;
}

export function usageAlertTitle(alert: Pick<UsageAlert, 'type' | 'metric' | 'current_value' | 'limit_value'>): string {
  if (alert.type !== 'limit_exceeded') return 'Approaching your plan limit';
  return limitRefusesSomething(alert) ? 'Plan limit reached' : 'At your plan limit';
}

/** "You have used 85% of your monthly requests (8,500 of 10,000)." (+ what to do once the limit is reached). */
export function usageAlertText(alert: Pick<UsageAlert, 'type' | 'metric' | 'current_value' | 'limit_value' | 'percentage_used'>): string {
  const label = USAGE_METRIC_LABELS[alert.metric];
  const sentence = `You have used ${percent.format(alert.percentage_used)}% of your ${label} (${integer.format(alert.current_value)} of ${integer.format(alert.limit_value)}).`;
  return alert.type === 'limit_exceeded' ? `${sentence} Upgrade your plan to raise the limit.` : sentence;
}

/** Identifies an alert for dismissal: a dismissed alert comes back when it gets worse (new type or severity). */
export function usageAlertKey(organizationId: string, alert: Pick<UsageAlert, 'metric' | 'type' | 'severity'>): string {
  return `${organizationId}:${alert.metric}:${alert.type}:${alert.severity}`;
}

/**
 * Whether an alert belongs in the banner on every page. Requests grow on their own and, past the
 * limit, hits are refused: those always do. Websites, members and custom rules only grow when
 * someone adds one, and the database stops them at the limit, so "1 of 1" is shown where they are
 * managed (websites, team, rules pages) rather than greeting every new free account in red;
 * only an organization over such a limit (e.g. after a downgrade) gets the banner.
 */
export function belongsInShellBanner(alert: Pick<UsageAlert, 'metric' | 'current_value' | 'limit_value'>): boolean {
  return alert.metric === 'monthly_requests' || alert.current_value > alert.limit_value;
}

const SEVERITY_RANK: Record<UsageAlert['severity'], number> = { critical: 0, warning: 1, info: 2 };

/** The alerts to show, most severe first: not dismissed, and only the given metrics when a page asks for some. */
export function visibleUsageAlerts<T extends UsageAlert>(
  alerts: readonly T[],
  organizationId: string,
  dismissed: ReadonlySet<string>,
  metrics?: readonly UsageMetric[],
): T[] {
  return alerts
    .filter((alert) => !dismissed.has(usageAlertKey(organizationId, alert)))
    .filter((alert) => !metrics || metrics.includes(alert.metric))
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
}

/**
 * A usage bar's colour: red only once the limit refuses something, yellow while approaching a
 * request quota, and a neutral blue at a website, member or custom-rule limit (1 of 1 websites on
 * Free is normal use, not an alarm).
 */
export function usageBarColor(metric: UsageMetric, used: number, limit: number): 'red' | 'yellow' | 'blue' | 'teal' {
  if (limit < 0) return 'teal';
  if (limitRefusesSomething({ metric, current_value: used, limit_value: limit })) return 'red';
  if (metric === 'monthly_requests' && used >= limit * 0.8) return 'yellow';
  return used >= limit ? 'blue' : 'teal';
}
