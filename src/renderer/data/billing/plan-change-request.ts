import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { BILLING_SUMMARY_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { PLAN_TIERS } from '../../../shared/plans';
import type { OwnPlanChangeRequest } from '../../../shared/super-admin-console';

/** A row of plan_change_requests as the owner reads it (declared once, in src/shared). */
export type PlanChangeRequest = OwnPlanChangeRequest;

const COLUMNS = 'id, organization_id, requested_plan, current_plan, status, decision_reason, decided_at, created_at';

/** The organization's latest plan change request, or null (RLS: owners only). */
export async function fetchLatestPlanRequest(client: TracklintClient, organizationId: string): Promise<PlanChangeRequest | null> {
  const { data, error } = await client
    .from('plan_change_requests')
    .select(COLUMNS)
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return (data as PlanChangeRequest | null) ?? null;
}

export function useLatestPlanRequestQuery(organizationId: string | undefined, enabled = true) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.planRequest(organizationId),
    queryFn: () => fetchLatestPlanRequest(client, organizationId!),
    enabled: Boolean(organizationId) && enabled,
    staleTime: BILLING_SUMMARY_CACHE_MS,
  });
}

export interface AskForPlanInput {
  organizationId: string;
  plan: string;
}

/** Inserts a request; the database fills in who asked and refuses a second open one. */
export async function askForPlan(client: TracklintClient, input: AskForPlanInput): Promise<PlanChangeRequest> {
  const plan = PLAN_TIERS.find((tier) => tier === input.plan);
  if (!plan) throw new Error(`Unknown plan: ${input.plan}`);
  const { data, error } = await client
    .from('plan_change_requests')
    .insert({ organization_id: input.organizationId, requested_plan: plan })
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return data as PlanChangeRequest;
}

export function useAskForPlanMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...billingKeys.all, 'ask-for-plan'],
    mutationFn: (input: AskForPlanInput) => askForPlan(client, input),
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: billingKeys.planRequest(input.organizationId) }),
  });
}
