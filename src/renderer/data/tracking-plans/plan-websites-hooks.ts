import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import { RULES_CACHE_MS } from '../cache-times';
import { trackingPlanKeys } from './keys';
import { fetchPlanAssignments, setPlanWebsites, type PlanAssignment } from './plan-websites';

export function usePlanAssignmentsQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: trackingPlanKeys.assignments(organizationId),
    queryFn: () => fetchPlanAssignments(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: RULES_CACHE_MS,
  });
}

export function useSetPlanWebsitesMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'websites'],
    mutationFn: ({ planId, websiteIds, current }: { planId: string; websiteIds: readonly string[]; current: readonly PlanAssignment[] }) => setPlanWebsites(client, planId, websiteIds, current),
    // Every website's plan may have changed: the plan page of each reads its assignment.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.all }),
  });
}
