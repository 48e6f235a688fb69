import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { RULES_CACHE_MS } from '../cache-times';
import { trackingPlanKeys } from './keys';

/**
 * Plan sharing: one plan guards any number of its organization's websites (tracking_plan_websites,
 * keyed by website: a website follows at most one plan). Members read; owners and admins assign
 * (RLS), and the database refuses a website of another organization.
 */
export interface PlanAssignment {
  website_id: string;
  plan_id: string;
  plan_name: string;
}

/** Which plan each website of the organization follows (websites that follow none are absent). */
export async function fetchPlanAssignments(client: TracklintClient, organizationId: string): Promise<PlanAssignment[]> {
  const { data, error } = await client.from('tracking_plan_websites').select('website_id, plan_id, plan:tracking_plans(name)').eq('organization_id', organizationId);
  if (error) throw error;
  // The embedded row's type is not inferred through the join alias.
  return (data ?? []).map((r) => ({ website_id: r.website_id as string, plan_id: r.plan_id as string, plan_name: (r.plan as unknown as { name: string } | null)?.name ?? '' }));
}

export function usePlanAssignmentsQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: trackingPlanKeys.assignments(organizationId),
    queryFn: () => fetchPlanAssignments(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: RULES_CACHE_MS,
  });
}

/**
 * Makes the plan guard exactly `websiteIds` among the organization's websites: the ones listed
 * follow it from now on (leaving any plan they followed), the others that followed it follow none.
 */
export async function setPlanWebsites(client: TracklintClient, planId: string, websiteIds: readonly string[], current: readonly PlanAssignment[]): Promise<void> {
  const wanted = new Set(websiteIds);
  const removed = current.filter((a) => a.plan_id === planId && !wanted.has(a.website_id)).map((a) => a.website_id);
  const added = websiteIds.filter((id) => !current.some((a) => a.website_id === id && a.plan_id === planId));
  if (added.length > 0) {
    const { error } = await client.from('tracking_plan_websites').upsert(added.map((website_id) => ({ website_id, plan_id: planId })), { onConflict: 'website_id' });
    if (error) throw error;
  }
  if (removed.length > 0) {
    const { data, error } = await client.from('tracking_plan_websites').delete().eq('plan_id', planId).in('website_id', removed).select('website_id');
    if (error) throw error;
    if ((data ?? []).length !== removed.length) throw new Error('Nothing was changed: only owners and admins can share a tracking plan.');
  }
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
