import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ALERTS_REFRESH_MS } from '../alerts/keys';
import type { AlertRow } from '../alerts/types';
import { trackingPlanKeys } from './keys';

/** How many drift alerts the timeline shows. */
export const DRIFT_TIMELINE_LIMIT = 50;

/** The website's drift alerts (open and resolved), newest first: the plan page's drift timeline. */
export async function fetchDriftAlerts(client: TracklintClient, websiteId: string): Promise<AlertRow[]> {
  const { data, error } = await client
    .from('alerts')
    .select('*')
    .eq('website_id', websiteId)
    .eq('kind', 'tracking_drift')
    .order('opened_at', { ascending: false })
    .limit(DRIFT_TIMELINE_LIMIT);
  if (error) throw error;
  return (data ?? []) as AlertRow[];
}

export function useDriftAlertsQuery(websiteId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: trackingPlanKeys.drift(websiteId),
    queryFn: () => fetchDriftAlerts(client, websiteId!),
    enabled: Boolean(websiteId),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
