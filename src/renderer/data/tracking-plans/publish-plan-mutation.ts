import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { trackingPlanKeys } from './keys';

/** Publishes the draft as the plan's next version; the collector checks hits against it from then on. */
export async function publishPlan(client: TracklintClient, planId: string): Promise<void> {
  const { error } = await client.rpc('publish_tracking_plan', { plan_id: planId });
  if (error) throw error;
}

export function usePublishPlanMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'publish'],
    mutationFn: ({ planId }: { planId: string }) => publishPlan(client, planId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.all }),
  });
}
