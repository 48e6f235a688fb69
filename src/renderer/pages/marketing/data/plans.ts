import { formatUsd } from './currency';

import {
  FEATURE_REQUIRED_PLAN,
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

export function isPlanFeature(feature: string): feature is PlanFeature {
  return Object.prototype.hasOwnProperty.call(FEATURE_MINIMUM_PLAN, feature);
}

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
  /** Monthly price in USD; null when the price is agreed per customer. */
  monthlyPriceUsd: number | null;
  summary: string;
  /** Extra promises that are not app features (enterprise terms). */
  extras: readonly string[];
  ctaLabel: string;
  highlighted: boolean;
}

export const PLANS: readonly MarketingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    summary: 'Check that one site sends well-formed GA4 hits.',
    extras: [],
    ctaLabel: 'Start free',
    highlighted: false,
  },
  {
    id: 'starter',
    name: 'Starter',
    monthlyPriceUsd: 29,
    summary: 'Business rules for consent, e-commerce, sessions and data quality, for a small team.',
    extras: [],
    ctaLabel: 'Start with Starter',
    highlighted: true,
  },
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceUsd: 99,
    summary: 'Your own rules, API access and no limits on websites or team members.',
    extras: [],
    ctaLabel: 'Start with Pro',
    highlighted: false,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPriceUsd: null,
    summary: 'Everything in Pro, with terms that fit your organization.',
    extras: ['Plan limits and volume agreed with you', 'Onboarding for your team'],
    ctaLabel: 'Contact sales',
    highlighted: false,
  },
];

export function findPlan(id: string): MarketingPlan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/** The price as shown on the pricing page: USD for priced plans, 'Contact us' otherwise. */
export function planPriceLabel(plan: MarketingPlan): string {
  return plan.monthlyPriceUsd === null ? 'Contact us' : formatUsd(plan.monthlyPriceUsd);
}

/** Every feature a plan includes, in the map's order. */
export function featuresIncludedIn(plan: PlanId): PlanFeature[] {
  return (Object.keys(FEATURE_MINIMUM_PLAN) as PlanFeature[]).filter((feature) => planIncludes(plan, feature));
}

/** Features that first appear on this plan (the pricing card lists "everything in X, plus" these). */
export function featuresIntroducedBy(plan: PlanId): PlanFeature[] {
  return (Object.keys(FEATURE_MINIMUM_PLAN) as PlanFeature[]).filter(
    (feature) => FEATURE_MINIMUM_PLAN[feature] === plan,
  );
}

/** The plan just below, used for the "Everything in ..., plus" line. */
export function previousPlan(plan: PlanId): PlanId | undefined {
  return PLAN_IDS[planRank(plan) - 1];
}

export function signupHref(plan: PlanId): string {
  return `/signup?${new URLSearchParams({ plan }).toString()}`;
}
