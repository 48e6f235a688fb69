/**
 * One severity vocabulary for everything a person reads (issue 22): the request drawer, the
 * dashboard, the alerts page, and the email, Slack and webhook texts. The engine rates findings
 * `error | warning | info` (stored with every hit, so those values stay); alerts are
 * `critical | warning | info` (stored in alert rules and alerts). Both are shown with the same
 * three words, and an engine `error` is a Critical finding, ranked first everywhere.
 */
import type { Severity } from './ga4/types';

export type SeverityLevel = 'critical' | 'warning' | 'info';

export const SEVERITY_LEVEL_LABELS: Record<SeverityLevel, string> = { critical: 'Critical', warning: 'Warning', info: 'Info' };

/** Plural headings ("3 Critical", "2 Warnings"). */
export const SEVERITY_LEVEL_PLURALS: Record<SeverityLevel, string> = { critical: 'Critical', warning: 'Warnings', info: 'Info' };

export const SEVERITY_LEVEL_COLORS: Record<SeverityLevel, string> = { critical: 'red', warning: 'yellow', info: 'blue' };

const RANK: Record<SeverityLevel, number> = { critical: 0, warning: 1, info: 2 };

/** The level of an engine finding: `error` is Critical. */
export function levelOfFinding(severity: Severity): SeverityLevel {
  return severity === 'error' ? 'critical' : severity;
}

/** The word a finding's severity is shown with. */
export function findingSeverityLabel(severity: Severity): string {
  return SEVERITY_LEVEL_LABELS[levelOfFinding(severity)];
}

/** 0 for critical, 1 for warning, 2 for info (anything unknown last). */
export function severityRank(level: string): number {
  return RANK[level as SeverityLevel] ?? 3;
}
