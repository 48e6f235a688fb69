import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { PLAN_LIST_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { toNumber } from './parse';
import type { PlanLimits } from './types';

export function parsePlanLimits(row: Record<string, unknown>): PlanLimits {
  return {
    plan: String(row.plan),
    display_name: typeof row.display_name === 'string' ? row.display_name : String(row.plan),
    monthly_price: toNumber(row.monthly_price) ?? 0,
    is_active: row.is_active !== false,
    monthly_requests: toNumber(row.monthly_requests) ?? 0,
    max_websites: toNumber(row.max_websites) ?? 0,
    max_team_members: toNumber(row.max_team_members) ?? 0,
    max_custom_rules: toNumber(row.max_custom_rules) ?? 0,
    retention_days: toNumber(row.retention_days) ?? 0,
  };
}

/** Every active plan, cheapest first (spec section 7). */
export async function fetchPlanList(client: TracklintClient): Promise<PlanLimits[]> {
  const { data, error } = await client
    .from('subscription_plan_limits')
    .select('*')
    .eq('is_active', true)
    .order('monthly_price', { ascending: true });
  if (error) throw error;
  return (data ?? []).map(parsePlanLimits);
}

export function usePlanListQuery() {
  const client = useSupabase();
  return useQuery({ queryKey: billingKeys.planList(), queryFn: () => fetchPlanList(client), staleTime: PLAN_LIST_CACHE_MS });
}
