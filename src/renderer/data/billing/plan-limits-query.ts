import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { PLAN_LIMITS_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { parsePlanLimits } from './plan-list-query';
import { PLAN_TIERS, type PlanTier } from '../../../shared/plans';
import type { PlanLimits } from './types';

/** The limits of one active plan, or null when the plan is unknown or inactive. */
export async function fetchPlanLimits(client: TracklintClient, plan: string): Promise<PlanLimits | null> {
  if (!(PLAN_TIERS as readonly string[]).includes(plan)) return null;
  const { data, error } = await client.from('subscription_plan_limits').select('*').eq('plan', plan as PlanTier).eq('is_active', true).maybeSingle();
  if (error) throw error;
  return data ? parsePlanLimits(data as Record<string, unknown>) : null;
}

export function usePlanLimitsQuery(plan: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.planLimits(plan),
    queryFn: () => fetchPlanLimits(client, plan!),
    enabled: Boolean(plan),
    staleTime: PLAN_LIMITS_CACHE_MS,
  });
}
