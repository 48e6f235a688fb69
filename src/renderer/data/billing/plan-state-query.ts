import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import { BILLING_SUMMARY_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { toNumber } from './parse';

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

const BILLING_STATES: readonly BillingState[] = ['free', 'trialing', 'trial_ended', 'active', 'past_due', 'past_due_expired', 'canceled', 'unpaid', 'incomplete'];

/** Reads the RPC's jsonb; unknown or missing fields fall back to the organization's own plan, free and "no date". */
export function parsePlanState(value: unknown, fallbackPlan: string): PlanState {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (key: string) => (typeof raw[key] === 'string' && raw[key] !== '' ? (raw[key] as string) : null);
  const plan = text('plan') ?? fallbackPlan;
  const state = text('billing_state');
  const daysLeft = toNumber(raw.trial_days_left);
  return {
    plan,
    effective_plan: text('effective_plan') ?? plan,
    billing_state: BILLING_STATES.find((s) => s === state) ?? 'free',
    trial_ends_at: text('trial_ends_at'),
    trial_days_left: daysLeft === null ? null : Math.max(0, Math.trunc(daysLeft)),
    grace_ends_at: text('grace_ends_at'),
    current_period_end: text('current_period_end'),
    cancel_at_period_end: raw.cancel_at_period_end === true,
  };
}

export function usePlanStateQuery(organizationId: string | undefined, fallbackPlan = 'free') {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.planState(organizationId),
    queryFn: async () => {
      const { data, error } = await client.rpc('get_organization_plan_state', { org_id: organizationId! });
      if (error) throw error;
      return parsePlanState(data, fallbackPlan);
    },
    enabled: Boolean(organizationId),
    staleTime: BILLING_SUMMARY_CACHE_MS,
  });
}
