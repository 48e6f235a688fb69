import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import { BILLING_SUMMARY_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';

export type BillingState = 'free' | 'trialing' | 'trial_ended' | 'active' | 'past_due' | 'past_due_expired' | 'canceled' | 'unpaid' | 'incomplete';

/** rpc get_organization_plan_state: the plan paid for, the plan whose features apply now, and why. */
export interface PlanState {
  plan: string;
  effective_plan: string;
  billing_state: BillingState;
  trial_ends_at: string | null;
  trial_days_left: number | null;
  grace_ends_at: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

export function usePlanStateQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.planState(organizationId),
    queryFn: async () => {
      const { data, error } = await client.rpc('get_organization_plan_state', { org_id: organizationId! });
      if (error) throw error;
      return data as PlanState;
    },
    enabled: Boolean(organizationId),
    staleTime: BILLING_SUMMARY_CACHE_MS,
  });
}
