import { normalizePlan, PLAN_TIERS } from '../../../shared/plans';

const tierRank = (plan: string) => PLAN_TIERS.indexOf(normalizePlan(plan));

export type PlanCardKind = 'current' | 'required' | 'upgrade' | 'downgrade';

/**
 * How a plan shows on the billing page: the organization's own plan, the plan an upgrade link
 * asked for (highlighted), or simply a higher or lower plan.
 */
export function planCardKind(plan: string, currentPlan: string | null | undefined, requiredPlan: string | null | undefined): PlanCardKind {
  const tier = normalizePlan(plan);
  if (tier === normalizePlan(currentPlan)) return 'current';
  if (requiredPlan && tier === normalizePlan(requiredPlan.toLowerCase())) return 'required';
  return tierRank(tier) > tierRank(normalizePlan(currentPlan)) ? 'upgrade' : 'downgrade';
}

/**
 * Enterprise is sold by the sales team, not through Stripe Checkout: asking for it is a prefilled
 * email naming the organization and the plans.
 */
export function planChangeMailto(
  to: string,
  organization: { name: string; slug: string },
  currentPlan: string,
  wantedPlan: string,
): string {
  const subject = `Plan change for ${organization.name}: ${currentPlan} → ${wantedPlan}`;
  const body = `Hello,\n\nPlease change the plan of ${organization.name} (${organization.slug}) from ${currentPlan} to ${wantedPlan}.\n\nThank you.`;
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
