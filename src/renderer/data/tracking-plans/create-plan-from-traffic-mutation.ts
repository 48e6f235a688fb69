import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { trackingPlanKeys } from './keys';

/**
 * Creates a plan for the website (when it has none), assigns it, and proposes a draft from the
 * last days of traffic: every event and parameter seen that the draft lacks.
 */
export async function createPlanFromTraffic(client: TracklintClient, input: { organizationId: string; websiteId: string; websiteName: string; planId?: string; days?: number }): Promise<{ events: number; parameters: number }> {
  let planId = input.planId;
  if (!planId) {
    const plan = await client.from('tracking_plans').insert({ organization_id: input.organizationId, name: `${input.websiteName} plan` }).select('id').single();
    if (plan.error) throw plan.error;
    planId = plan.data.id as string;
    const link = await client.from('tracking_plan_websites').insert({ website_id: input.websiteId, plan_id: planId });
    if (link.error) throw link.error;
  }
  const { data, error } = await client.rpc('tracking_plan_draft_from_traffic', { plan_id: planId, source_website_id: input.websiteId, days: input.days ?? 7 });
  if (error) throw error;
  return data as { events: number; parameters: number };
}

export function useCreatePlanFromTrafficMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'create-from-traffic'],
    mutationFn: (input: Parameters<typeof createPlanFromTraffic>[1]) => createPlanFromTraffic(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.all }),
  });
}
