import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import { trackingPlanKeys } from './keys';
import { updatePlanSeverities, type PlanSeverityValues } from './severities';

export function useUpdatePlanSeveritiesMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'severities'],
    mutationFn: ({ planId, values }: { planId: string; values: PlanSeverityValues }) => updatePlanSeverities(client, planId, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.all }),
  });
}
