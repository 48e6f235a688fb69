import { formatUsd } from './currency';

import {
  FEATURE_REQUIRED_PLAN,
  PLAN_CATALOGUE,
  catalogueEntry,
  COMING_FEATURES,
  isComingFeature,
  planLimitLines,
  PLAN_TIERS,
  planHasFeature,
  planRank as sharedPlanRank,
  requiredPlanFor,
  type FeatureName,
  type PlanTier,
} from '../../../../shared/plans';

/** Subscription plans, cheapest first. */
export const PLAN_IDS = PLAN_TIERS;
export type PlanId = PlanTier;

/** The product's feature-to-plan map (src/shared/plans.ts is its one definition). */
export const FEATURE_MINIMUM_PLAN = FEATURE_REQUIRED_PLAN;
export type PlanFeature = FeatureName;

export const minimumPlanFor = requiredPlanFor;
export const planRank = sharedPlanRank;
export const planIncludes = (plan: PlanId, feature: string): boolean => planHasFeature(plan, feature);

/** How each feature is described to visitors. */
export const FEATURE_LABELS: Record<PlanFeature, string> = {
  basic_rules: 'Structural validation of every GA4 hit (basic rules)',
  basic_monitoring: 'GA4 hit monitoring with a searchable request log',
  basic_alerts: 'Alerts when hits fail validation',
  basic_reporting: 'Validation reports and charts',
  advanced_rules:
    '70 advanced business rules: consent/GDPR (15), e-commerce (20), session and attribution (20), data quality (15)',
  team_collaboration: 'Team collaboration with owner, admin, member and viewer roles',
  multiple_websites: 'Multiple websites per organization',
  custom_alerts: 'Custom alerts',
  event_inventory: 'Event inventory: every event, parameter and user property your traffic sends',
  custom_rules: 'Custom validation rules',
  api_access: 'API access with API keys',
  white_label: 'White label',
  priority_support: 'Priority support',
  sso_integration: 'SSO integration',
  advanced_analytics: 'Advanced analytics',
  unlimited_websites: 'Unlimited websites',
  unlimited_team_members: 'Unlimited team members',
  tracking_plans: 'Tracking plans: every hit checked against your plan, drift alerts',
};

export interface MarketingPlan {
  id: PlanId;
  name: string;
  /** Monthly price in USD, from the plan catalogue (the same prices /app/billing shows). */
  monthlyPriceUsd: number;
  summary: string;
  ctaLabel: string;
  highlighted: boolean;
}

/** What the pricing page says about each plan besides the catalogue's name, price and limits. */
const PLAN_COPY: Record<PlanId, Pick<MarketingPlan, 'summary' | 'ctaLabel' | 'highlighted'>> = {
  free: { summary: 'Check that one site sends well-formed GA4 hits.', ctaLabel: 'Start free', highlighted: false },
  starter: {
    summary: 'Business rules for consent, e-commerce, sessions and data quality, for a small team.',
    ctaLabel: 'Start with Starter',
    highlighted: true,
  },
  pro: { summary: 'Your own rules, API access and no limits on websites or team members.', ctaLabel: 'Start with Pro', highlighted: false },
  enterprise: { summary: 'Everything in Pro with no request quota and a year of history.', ctaLabel: 'Contact sales', highlighted: false },
};

/** The plans, cheapest first: names and prices from the shared catalogue (src/shared/plans.ts). */
export const PLANS: readonly MarketingPlan[] = PLAN_CATALOGUE.map((entry) => ({
  id: entry.plan,
  name: entry.display_name,
  monthlyPriceUsd: entry.monthly_price,
  ...PLAN_COPY[entry.plan],
}));

export function findPlan(id: string): MarketingPlan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The price as shown on the pricing page, in USD. */
export function planPriceLabel(plan: MarketingPlan): string {
  return formatUsd(plan.monthlyPriceUsd);
}

/** A plan's limits, worded as on /app/billing. */
export function planLimits(plan: PlanId): string[] {
  return planLimitLines(catalogueEntry(plan));
}

/** Features of the spec's map that do not exist yet: listed as coming, in no plan and at no price. */
export const COMING_FEATURE_LABELS: readonly string[] = COMING_FEATURES.map((feature) => FEATURE_LABELS[feature]);

/** Every feature a plan includes, in the map's order. */
export function featuresIncludedIn(plan: PlanId): PlanFeature[] {
  return (Object.keys(FEATURE_MINIMUM_PLAN) as PlanFeature[]).filter((feature) => planIncludes(plan, feature) && !isComingFeature(feature));
}

/** Features that first appear on this plan (the pricing card lists "everything in X, plus" these). */
export function featuresIntroducedBy(plan: PlanId): PlanFeature[] {
  return (Object.keys(FEATURE_MINIMUM_PLAN) as PlanFeature[]).filter(
    (feature) => FEATURE_MINIMUM_PLAN[feature] === plan && !isComingFeature(feature),
  );
}

/** The plan just below, used for the "Everything in ..., plus" line. */
export function previousPlan(plan: PlanId): PlanId | undefined {
  return PLAN_IDS[planRank(plan) - 1];
}

export function signupHref(plan: PlanId): string {
  return `/signup?${new URLSearchParams({ plan }).toString()}`;
}
