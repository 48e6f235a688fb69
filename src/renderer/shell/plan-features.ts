import type { Plan } from '../data/organizations/types';

/** Feature → the cheapest plan that includes it (spec section 5). */
export const FEATURE_MIN_PLAN: Readonly<Record<string, Plan>> = {
  basic_rules: 'free',
  basic_monitoring: 'free',
  basic_alerts: 'free',
  basic_reporting: 'free',
  advanced_rules: 'starter',
  team_collaboration: 'starter',
  multiple_websites: 'starter',
  custom_alerts: 'starter',
  custom_rules: 'pro',
  api_access: 'pro',
  white_label: 'pro',
  priority_support: 'pro',
  sso_integration: 'pro',
  advanced_analytics: 'pro',
  unlimited_websites: 'pro',
  unlimited_team_members: 'pro',
};

/** Unknown features default to starter. */
export function requiredPlanForFeature(feature: string): Plan {
  return FEATURE_MIN_PLAN[feature] ?? 'starter';
}

const PLAN_RANK: Readonly<Record<string, number>> = { free: 0, starter: 1, pro: 2, professional: 2, agency: 3, enterprise: 3 };

/** Whether a plan includes a feature, by plan rank; a missing plan counts as free. */
export function planIncludesFeature(plan: string | null | undefined, feature: string): boolean {
  const rank = PLAN_RANK[(plan ?? 'free').toLowerCase()] ?? 0;
  return rank >= (PLAN_RANK[requiredPlanForFeature(feature)] ?? 1);
}

/** Link to the billing page that asks to upgrade for a feature (the gated sidebar items use it). */
export function upgradeLink(feature: string, currentPlan: string | null | undefined, source: string): string {
  const params = new URLSearchParams({
    upgrade: requiredPlanForFeature(feature),
    feature,
    source,
    current: currentPlan ?? 'free',
  });
  return `/app/billing?${params.toString()}`;
}
