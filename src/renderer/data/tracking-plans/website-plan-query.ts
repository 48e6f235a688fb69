import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { RULES_CACHE_MS } from '../cache-times';
import { trackingPlanKeys } from './keys';
import type { PublishedVersion, WebsitePlan } from './types';

/** The plan the website follows (null: none yet), with its draft and its published versions, newest first. */
export async function fetchWebsitePlan(client: TracklintClient, websiteId: string): Promise<WebsitePlan | null> {
  const link = await client.from('tracking_plan_websites').select('plan_id, plan:tracking_plans(name, severities)').eq('website_id', websiteId).maybeSingle();
  if (link.error) throw link.error;
  if (!link.data) return null;
  const planId = link.data.plan_id as string;
  const [versions, defs] = await Promise.all([
    client.from('tracking_plan_versions').select('id, status, number, published_at, published_by, document').eq('plan_id', planId).order('number', { ascending: false, nullsFirst: true }),
    client.from('tracking_plan_custom_definitions').select('kind, scope, parameterName:parameter_name').eq('plan_id', planId),
  ]);
  if (versions.error) throw versions.error;
  if (defs.error) throw defs.error;
  const draft = versions.data.find((v) => v.status === 'draft');
  if (!draft) throw new Error('The plan has no draft');
  // The embedded row's type is not inferred through the join alias.
  const plan = link.data.plan as unknown as { name: string; severities: WebsitePlan['severities'] } | null;
  return {
    planId,
    name: plan?.name ?? 'Tracking plan',
    severities: plan?.severities ?? {},
    draftId: draft.id as string,
    versions: versions.data.filter((v) => v.status === 'published') as unknown as PublishedVersion[],
    customDefinitions: (defs.data ?? []) as unknown as WebsitePlan['customDefinitions'],
  };
}

export function useWebsitePlanQuery(websiteId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: trackingPlanKeys.website(websiteId),
    queryFn: () => fetchWebsitePlan(client, websiteId!),
    enabled: Boolean(websiteId),
    staleTime: RULES_CACHE_MS,
  });
}
