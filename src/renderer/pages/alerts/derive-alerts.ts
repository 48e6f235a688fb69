import { problemTitle, ruleById } from '../../../shared/ga4';
import { levelOfFinding, severityRank, type SeverityLevel } from '../../../shared/severity';
import type { UsageAlert } from '../../../shared/plans';
import { requestsLink } from '../../data/requests/request-filters';
import { countSince } from '../../data/rollups/aggregate';
import { HOUR_MS, floorHour } from '../../data/rollups/periods';
import type { RollupRow, UsageEvent } from '../../data/rollups/types';
import { displayedSeverity, usageAlertText, usageAlertTitle } from '../../data/billing/usage-alerts';

export type AlertSeverity = SeverityLevel;

/** An alert derived from data Tracklint already has (nothing is configured or sent yet). */
export interface DerivedAlert {
  id: string;
  kind: 'usage_limit_reached' | 'usage' | 'rule_failures';
  severity: AlertSeverity;
  title: string;
  description: string;
  /** When it happened or was last seen (ISO). */
  at: string;
  link: { to: string; label: string };
}

/** Requests refused at the monthly limit, one alert per month with refusals. */
export function usageEventAlerts(events: readonly UsageEvent[]): DerivedAlert[] {
  return events
    .filter((e) => e.kind === 'monthly_requests_limit_reached' && e.refused_requests > 0)
    .map((e) => ({
      id: `usage-event-${e.id}`,
      kind: 'usage_limit_reached' as const,
      severity: 'critical' as const,
      title: 'Monthly request limit reached',
      description: `${e.refused_requests.toLocaleString('en-US')} request${e.refused_requests === 1 ? ' was' : 's were'} refused in ${e.month.slice(0, 7)}${
        e.limit_value !== null && e.limit_value >= 0 ? ` (limit ${e.limit_value.toLocaleString('en-US')})` : ''
      }: they were not validated or logged.`,
      at: e.last_occurred_at,
      link: { to: '/app/billing', label: 'View plans' },
    }));
}

/** The usage alerts of rpc get_organization_usage_status (near or over a plan limit). */
export function usageStatusAlerts(alerts: readonly UsageAlert[], nowIso: string): DerivedAlert[] {
  return alerts.map((a) => ({
    id: `usage-${a.metric}-${a.type}`,
    kind: 'usage' as const,
    severity: displayedSeverity(a),
    title: usageAlertTitle(a),
    description: usageAlertText(a),
    at: nowIso,
    link: a.metric === 'monthly_requests' ? { to: '/app/requests', label: 'See requests' } : { to: '/app/billing', label: 'View plans' },
  }));
}

/** Severity of a rule's failures: catalogue default (custom rules count as warnings); info rules raise no alert. */
function ruleAlertSeverity(ruleId: string): AlertSeverity | null {
  const level = levelOfFinding(ruleById(ruleId)?.defaultSeverity ?? 'warning');
  return level === 'info' ? null : level;
}

/**
 * What ruleFailureAlerts reads: the 24 hours before the previous hour, the previous hour and the
 * current hour, as three buckets (rollup_series_by_website sums the hours into them in Postgres;
 * hourly rows give the same alerts).
 */
export function ruleFailureWindow(nowMs: number): { bucketStartsMs: [baseline: number, previous: number, current: number]; untilMs: number } {
  const current = floorHour(nowMs);
  return { bucketStartsMs: [current - 25 * HOUR_MS, current - HOUR_MS, current], untilMs: current + HOUR_MS };
}

/**
 * Rules with findings in the current or previous hour (rollups are hourly), per website. A spike is
 * when that is at least twice the hourly average of the 24 hours before; a rule that had none
 * before is new. Warning-level rules only alert when new or spiking; error-level ones always.
 */
export function ruleFailureAlerts(rows: readonly RollupRow[], nowMs: number, websiteNames: ReadonlyMap<string, string> = new Map()): DerivedAlert[] {
  const [baselineStart, recentStart] = ruleFailureWindow(nowMs).bucketStartsMs;
  // The recent window is the previous and the current hour.
  const keys = new Set(rows.filter((r) => r.dimension === 'rule' && Date.parse(r.hour) >= recentStart).map((r) => `${r.website_id}|${r.value}`));
  const alerts: DerivedAlert[] = [];
  for (const key of keys) {
    const [websiteId, ruleId] = key.split('|') as [string, string];
    const severity = ruleAlertSeverity(ruleId);
    if (!severity) continue;
    const siteRows = rows.filter((r) => r.website_id === websiteId);
    const recent = countSince(siteRows, 'rule', ruleId, recentStart);
    const baseline = countSince(siteRows, 'rule', ruleId, baselineStart, recentStart) / 24;
    const isNew = baseline === 0;
    const spike = !isNew && recent >= 2 * baseline;
    if (severity === 'warning' && !isNew && !spike) continue;
    const title = problemTitle(ruleId);
    const site = websiteNames.get(websiteId);
    const trend = isNew ? 'new: none in the 24 hours before' : spike ? `${Math.round(recent / baseline)}× the usual rate` : 'ongoing';
    alerts.push({
      id: `rule-${websiteId}-${ruleId}`,
      kind: 'rule_failures',
      severity,
      title: `${title}: ${recent} finding${recent === 1 ? '' : 's'} in the last hour`,
      description: `${site ? `${site} · ` : ''}${ruleId} (${trend}).`,
      at: new Date(Math.max(...siteRows.filter((r) => r.dimension === 'rule' && r.value === ruleId).map((r) => Date.parse(r.hour)))).toISOString(),
      link: { to: requestsLink({ ruleId, websiteId, range: '24h' }), label: 'See the requests' },
    });
  }
  return alerts;
}

/** Most severe first, then newest. */
export function sortAlerts(alerts: readonly DerivedAlert[]): DerivedAlert[] {
  return [...alerts].sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || Date.parse(b.at) - Date.parse(a.at));
}
