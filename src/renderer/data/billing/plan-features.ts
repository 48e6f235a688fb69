import { requiredPlanFor } from '../../../shared/plans';

/** The spec's feature-to-plan rules live in src/shared/plans.ts, under the shell's names. */
export { requiredPlanFor as requiredPlanForFeature, planHasFeature as planIncludesFeature } from '../../../shared/plans';

/** Link to the billing page that asks to upgrade for a feature (the gated sidebar items use it). */
export function upgradeLink(feature: string, currentPlan: string | null | undefined, source: string): string {
  const params = new URLSearchParams({
    upgrade: requiredPlanFor(feature),
    feature,
    source,
    current: currentPlan ?? 'free',
  });
  return `/app/billing?${params.toString()}`;
}
