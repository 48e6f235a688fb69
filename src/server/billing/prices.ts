import type { SqlClient } from '../db/database';
import type { StripeSettings } from '../config';

export const PAID_PLANS = ['starter', 'pro', 'enterprise'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

/** Each paid plan's Stripe Price: the environment first, then subscription_plan_limits.stripe_price_id. */
export async function loadPlanPrices(client: SqlClient, settings: StripeSettings): Promise<Map<PaidPlan, string>> {
  const { rows } = await client.query<{ plan: PaidPlan; stripe_price_id: string | null }>(
    `select plan, stripe_price_id from public.subscription_plan_limits where plan <> 'free'`,
  );
  const prices = new Map<PaidPlan, string>();
  for (const row of rows) if (row.stripe_price_id) prices.set(row.plan, row.stripe_price_id);
  for (const plan of PAID_PLANS) {
    const fromEnv = settings.prices[plan];
    if (fromEnv) prices.set(plan, fromEnv);
  }
  return prices;
}

/** The plan a Price stands for, or undefined for a Price this account does not sell as a plan. */
export function planForPrice(prices: Map<PaidPlan, string>, priceId: string): PaidPlan | undefined {
  for (const [plan, id] of prices) if (id === priceId) return plan;
  return undefined;
}
