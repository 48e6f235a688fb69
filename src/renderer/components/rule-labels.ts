import { ruleById, ruleCatalogue, type PlanFindingKind, type RuleFamily, type RuleMeta, type Severity } from '../../shared/ga4';
import { findingSeverityLabel, levelOfFinding, SEVERITY_LEVEL_COLORS } from '../../shared/severity';

/** How the product names each rule family. */
export const FAMILY_LABELS: Record<RuleFamily | 'custom' | 'plan', string> = {
  basic: 'Basic',
  gdpr: 'GDPR',
  ecommerce: 'E-commerce',
  session_attribution: 'Session & attribution',
  data_quality: 'Data quality',
  custom: 'Custom',
  plan: 'Tracking plan',
};

/** Titles of the tracking plan's finding kinds (issue 25). */
export const PLAN_FINDING_TITLES: Record<PlanFindingKind, string> = {
  'plan.unplanned_event': 'Event not in the tracking plan',
  'plan.unplanned_parameter': 'Parameter not in the tracking plan',
  'plan.missing_required_parameter': 'Required parameter missing',
  'plan.parameter_type': 'Parameter type differs from the plan',
  'plan.value_not_allowed': 'Value not allowed by the plan',
  'plan.deprecated_event': 'Deprecated event still sent',
  'plan.unregistered_dimension': 'Sent but not registered in GA4',
};

/** The advanced families in the order the product presents them (spec: GDPR 15, e-commerce 20, session and attribution 20, data quality 15). */
export const ADVANCED_FAMILIES = ['gdpr', 'ecommerce', 'session_attribution', 'data_quality'] as const;
export type AdvancedFamily = (typeof ADVANCED_FAMILIES)[number];

export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
/** A finding's severity in the one vocabulary (src/shared/severity.ts): an engine `error` reads Critical. */
export const SEVERITY_LABELS: Record<Severity, string> = { error: findingSeverityLabel('error'), warning: findingSeverityLabel('warning'), info: findingSeverityLabel('info') };
export const SEVERITY_COLORS: Record<Severity, string> = {
  error: SEVERITY_LEVEL_COLORS[levelOfFinding('error')],
  warning: SEVERITY_LEVEL_COLORS[levelOfFinding('warning')],
  info: SEVERITY_LEVEL_COLORS[levelOfFinding('info')],
};

export function basicRules(catalogue: readonly RuleMeta[] = ruleCatalogue()): RuleMeta[] {
  return catalogue.filter((r) => r.tier === 'basic');
}

/** The advanced rules grouped by family, in the product's family order. */
export function advancedRulesByFamily(catalogue: readonly RuleMeta[] = ruleCatalogue()): Array<{ family: AdvancedFamily; label: string; rules: RuleMeta[] }> {
  return ADVANCED_FAMILIES.map((family) => ({
    family,
    label: FAMILY_LABELS[family],
    rules: catalogue.filter((r) => r.tier === 'advanced' && r.family === family),
  }));
}

/** A rule's title for lists and findings: the catalogue title, a custom rule's name, or the id itself. */
export function ruleTitle(ruleId: string, customTitles?: ReadonlyMap<string, string>): string {
  const rule = ruleById(ruleId);
  if (rule) return rule.title;
  if (ruleId in PLAN_FINDING_TITLES) return PLAN_FINDING_TITLES[ruleId as PlanFindingKind];
  return customTitles?.get(ruleId) ?? ruleId;
}

/** Labels for the tenant facts some rules need, to say why a rule may stay silent. */
export const FACT_LABELS: Record<NonNullable<RuleMeta['needsFact']>, string> = {
  measurementIds: 'the website’s measurement IDs',
  allowedHosts: 'the website’s domain',
  euTraffic: 'EU traffic turned on for the website',
  currencies: 'the website’s currencies',
};

/** What a rule needs to be evaluated at all (issue 9: rules say what evidence they rest on). */
export const EVIDENCE_LABELS: Record<NonNullable<RuleMeta['evidence']>, string> = {
  single_hit: 'a single hit',
  history: 'earlier hits',
  tenant_facts: 'website settings',
  capture_time: 'the hit’s capture time',
};
