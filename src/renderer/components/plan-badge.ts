export type PlanBadge = 'PRO' | 'STARTER' | 'FREE';

/** Plan badge per spec: any plan name containing 'pro' → PRO, containing 'starter' → STARTER, else FREE. */
export function planBadge(plan: string | null | undefined): PlanBadge {
  const name = (plan ?? '').toLowerCase();
  if (name.includes('pro')) return 'PRO';
  if (name.includes('starter')) return 'STARTER';
  return 'FREE';
}
