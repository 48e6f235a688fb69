import type { TracklintClient } from '../../lib/supabase';

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
