/**
 * Plans, features and limits: the spec's rules as pure functions, used by the renderer
 * (gating, badges, alerts) and mirrored in SQL (supabase/migrations/*_plans_billing.sql).
 */
import { formatLimit } from './format';

export const PLAN_TIERS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const DEFAULT_PLAN: PlanTier = 'free';
export const UNLIMITED = -1;

/** "pro" → "Pro": a plan's name in sentences (emails, API errors). */
export function planName(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1).toLowerCase();
}

export type PlanBadge = 'FREE' | 'STARTER' | 'PRO';

/** Any plan name containing 'pro' is PRO, containing 'starter' is STARTER, anything else FREE. */
export function planBadge(plan: string | null | undefined): PlanBadge {
  const name = (plan ?? '').toLowerCase();
  if (name.includes('pro')) return 'PRO';
  if (name.includes('starter')) return 'STARTER';
  return 'FREE';
}

/** The plan tier a plan name stands for; the spec's flags 'professional' and 'agency' rank as pro and enterprise. */
export function normalizePlan(plan: string | null | undefined): PlanTier {
  const name = (plan ?? '').toLowerCase();
  if ((PLAN_TIERS as readonly string[]).includes(name)) return name as PlanTier;
  if (name === 'professional') return 'pro';
  if (name === 'agency') return 'enterprise';
  return DEFAULT_PLAN;
}

/** Paid means not free. */
export function isPaidPlan(plan: string | null | undefined): boolean {
  return normalizePlan(plan) !== 'free';
}

/** The upgrade ladder: free → starter → pro; pro (and above) has no next plan. */
export function nextPlan(plan: string | null | undefined): PlanTier | null {
  const tier = normalizePlan(plan);
  if (tier === 'free') return 'starter';
  if (tier === 'starter') return 'pro';
  return null;
}

export const FEATURE_REQUIRED_PLAN = {
  basic_rules: 'free',
  basic_monitoring: 'free',
  basic_alerts: 'free',
  basic_reporting: 'free',
  advanced_rules: 'starter',
  team_collaboration: 'starter',
  multiple_websites: 'starter',
  custom_alerts: 'starter',
  // Issue 25: the inventory of what traffic sends is useful to every paying team; declaring a
  // plan, checking every hit against it and drift alerts are what analysts buy a QA tool for.
  event_inventory: 'starter',
  custom_rules: 'pro',
  api_access: 'pro',
  white_label: 'pro',
  priority_support: 'pro',
  sso_integration: 'pro',
  advanced_analytics: 'pro',
  unlimited_websites: 'pro',
  unlimited_team_members: 'pro',
  tracking_plans: 'pro',
} as const satisfies Record<string, PlanTier>;
export type FeatureName = keyof typeof FEATURE_REQUIRED_PLAN;

const rank: Record<PlanTier, number> = { free: 0, starter: 1, pro: 2, enterprise: 3 };

/** Orders plans free < starter < pro < enterprise. */
export function planRank(plan: string | null | undefined): number {
  return rank[normalizePlan(plan)];
}

/** Unknown features need starter. */
export function requiredPlanFor(feature: string): PlanTier {
  return (FEATURE_REQUIRED_PLAN as Record<string, PlanTier>)[feature] ?? 'starter';
}

export function planHasFeature(plan: string | null | undefined, feature: string): boolean {
  return rank[normalizePlan(plan)] >= rank[requiredPlanFor(feature)];
}

export type UsageMetric = 'monthly_requests' | 'websites' | 'team_members' | 'custom_rules';
export const USAGE_METRICS: readonly UsageMetric[] = ['monthly_requests', 'websites', 'team_members', 'custom_rules'];
export const USAGE_THRESHOLDS = { approaching: 0.8, warning: 0.9, exceeded: 1 } as const;

export interface UsageAlert {
  type: 'approaching_limit' | 'limit_exceeded';
  metric: UsageMetric;
  current_value: number;
  limit_value: number;
  percentage_used: number;
  severity: 'info' | 'warning' | 'critical';
}

/**
 * The alert for one metric, or null below 80% or when unlimited. At or above 100%: limit_exceeded,
 * critical. Requests: info from 80%, warning from 90%. Other metrics: warning from 80%.
 */
export function usageAlert(metric: UsageMetric, current: number, limit: number): UsageAlert | null {
  if (limit <= 0) return null;
  const ratio = current / limit;
  if (ratio < USAGE_THRESHOLDS.approaching) return null;
  const percentage_used = Math.round((current * 1000) / limit) / 10;
  if (ratio >= USAGE_THRESHOLDS.exceeded) {
    return { type: 'limit_exceeded', metric, current_value: current, limit_value: limit, percentage_used, severity: 'critical' };
  }
  const severity = metric === 'monthly_requests' && ratio < USAGE_THRESHOLDS.warning ? 'info' : 'warning';
  return { type: 'approaching_limit', metric, current_value: current, limit_value: limit, percentage_used, severity };
}

/** Allowed when the limit is -1 or usage is below it; blocked when usage data is missing. */
export function isWithinLimit(current: number | null | undefined, limit: number | null | undefined): boolean {
  if (limit === UNLIMITED) return true;
  if (current == null || limit == null) return false;
  return current < limit;
}

/**
 * The plan catalogue: each plan's price and limits, as seeded into subscription_plan_limits
 * (supabase/migrations/20261122000200_plans_billing.sql). The database is what billing and the
 * limit triggers read; this copy is for pages that have no database (the prerendered /pricing),
 * and tests/unit/shared/plan-catalogue.test.ts fails when the two differ. -1 means unlimited.
 */
export interface PlanCatalogueEntry {
  plan: PlanTier;
  display_name: string;
  /** USD per month. */
  monthly_price: number;
  monthly_requests: number;
  max_websites: number;
  max_team_members: number;
  max_custom_rules: number;
  retention_days: number;
}

export const PLAN_CATALOGUE: readonly PlanCatalogueEntry[] = [
  { plan: 'free', display_name: 'Free', monthly_price: 0, monthly_requests: 10_000, max_websites: 1, max_team_members: 1, max_custom_rules: 0, retention_days: 7 },
  { plan: 'starter', display_name: 'Starter', monthly_price: 29, monthly_requests: 250_000, max_websites: 5, max_team_members: 5, max_custom_rules: 0, retention_days: 30 },
  { plan: 'pro', display_name: 'Pro', monthly_price: 99, monthly_requests: 2_000_000, max_websites: UNLIMITED, max_team_members: UNLIMITED, max_custom_rules: 50, retention_days: 90 },
  { plan: 'enterprise', display_name: 'Enterprise', monthly_price: 499, monthly_requests: UNLIMITED, max_websites: UNLIMITED, max_team_members: UNLIMITED, max_custom_rules: UNLIMITED, retention_days: 365 },
];

export function catalogueEntry(plan: string | null | undefined): PlanCatalogueEntry {
  const tier = normalizePlan(plan);
  return PLAN_CATALOGUE.find((entry) => entry.plan === tier)!;
}

type PlanLimitFields = Pick<PlanCatalogueEntry, 'monthly_requests' | 'max_websites' | 'max_team_members' | 'max_custom_rules' | 'retention_days'>;

/** A plan's limits as the pricing page and the billing page's plan cards both list them. */
export function planLimitLines(plan: PlanLimitFields): string[] {
  return [
    `Monthly requests: ${formatLimit(plan.monthly_requests)}`,
    `Websites: ${formatLimit(plan.max_websites)}`,
    `Team members: ${formatLimit(plan.max_team_members)}`,
    `Custom rules: ${plan.max_custom_rules === 0 ? 'not included' : formatLimit(plan.max_custom_rules)}`,
    `Data retention: ${plan.retention_days} ${plan.retention_days === 1 ? 'day' : 'days'}`,
  ];
}

/**
 * Features of the spec's feature map that Tracklint does not have yet. They are never sold: the
 * pricing page lists them as coming, with no plan or price attached.
 */
export const COMING_FEATURES = ['sso_integration', 'white_label', 'priority_support'] as const satisfies readonly FeatureName[];

export function isComingFeature(feature: string): boolean {
  return (COMING_FEATURES as readonly string[]).includes(feature);
}
