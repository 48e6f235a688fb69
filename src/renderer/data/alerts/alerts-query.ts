import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { ALERTS_REFRESH_MS, alertKeys } from './keys';
import { severityRank } from '../../../shared/severity';
import type { AlertRow } from './types';

/**
 * Every unresolved alert, most severe first (then newest: issue 22, alerts rank by the severity of
 * the findings behind them), and the 100 most recently opened resolved ones (the history), newest first.
 */
export async function fetchAlerts(client: TracklintClient, organizationId: string): Promise<AlertRow[]> {
  const [unresolved, recent] = await Promise.all([
    client.from('alerts').select('*').eq('organization_id', organizationId).neq('status', 'resolved').order('opened_at', { ascending: false }),
    client.from('alerts').select('*').eq('organization_id', organizationId).eq('status', 'resolved').order('opened_at', { ascending: false }).limit(100),
  ]);
  if (unresolved.error) throw unresolved.error;
  if (recent.error) throw recent.error;
  return [...rankAlerts((unresolved.data ?? []) as AlertRow[]), ...((recent.data ?? []) as AlertRow[])];
}

/** Most severe first, then newest. */
export function rankAlerts(alerts: readonly AlertRow[]): AlertRow[] {
  return [...alerts].sort((a, b) => severityRank(a.severity) - severityRank(b.severity) || Date.parse(b.opened_at) - Date.parse(a.opened_at));
}

export function useAlertsQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: alertKeys.list(organizationId),
    queryFn: () => fetchAlerts(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: Math.min(ROLLUPS_CACHE_MS, ALERTS_REFRESH_MS),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
