import type { SeverityLevel } from '../../shared/severity';

export const ALERT_KINDS = ['failure_rate', 'rule_failing', 'volume_drop', 'no_hits', 'event_missing', 'refused_hits', 'usage', 'tracking_drift'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** Alerts use the one severity vocabulary (src/shared/severity.ts). */
export type AlertSeverity = SeverityLevel;

/**
 * What one evaluation saw for one thing a rule watches (a rule on one website, or an
 * organization-wide subject such as a usage metric): whether the condition holds, and the
 * numbers behind it. The evaluator turns these into opened, kept and resolved alerts.
 */
export interface Observation {
  ruleId: string;
  organizationId: string;
  websiteId: string | null;
  subject: string;
  kind: AlertKind;
  firing: boolean;
  severity: AlertSeverity;
  title: string;
  summary: string;
  details: Record<string, unknown>;
  /** The requests log filtered to what caused it (path under the app), or null. */
  link: string | null;
}

/** A rule applied to one website, as read by targetsSql. */
export interface TargetRow {
  rule_id: string;
  organization_id: string;
  rule_name: string;
  severity: AlertSeverity;
  params: Record<string, unknown>;
  website_id: string;
  website_name: string;
}

/** A numeric parameter, or its default when missing or not a number. */
export function num(params: Record<string, unknown>, key: string, fallback: number): number {
  const v = params[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** The requests log link: website, optional filters, and the narrowest time range covering the window. */
export function requestsLink(websiteId: string, filters: { status?: string; rule?: string; event?: string }, windowMinutes: number): string {
  const p = new URLSearchParams({ website: websiteId });
  if (filters.status) p.set('status', filters.status);
  if (filters.event) p.set('event', filters.event);
  if (filters.rule) p.set('rule', filters.rule);
  const range = windowMinutes <= 60 ? '1h' : windowMinutes <= 1440 ? '24h' : '7d';
  if (range !== '24h') p.set('range', range);
  return `/app/requests?${p.toString()}`;
}
