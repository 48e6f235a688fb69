import { isWithinLimit, normalizePlan } from '../../../shared/plans';
import { upgradeLink } from '../../data/billing/plan-features';

/** The billing link offered when the website limit is reached: more websites (starter), or unlimited (pro). */
export function websiteUpgradeLink(plan: string | null | undefined): string {
  const feature = normalizePlan(plan) === 'starter' ? 'unlimited_websites' : 'multiple_websites';
  return upgradeLink(feature, plan, 'websites');
}

/** Whether another website may be added: limit -1 or usage below it; unknown usage blocks (spec section 5). */
export function canAddWebsite(usage: { websites?: number } | undefined, limits: { websites?: number } | undefined): boolean {
  return isWithinLimit(usage?.websites, limits?.websites);
}
