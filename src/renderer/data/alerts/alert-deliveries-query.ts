import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { ALERTS_REFRESH_MS, alertKeys } from './keys';
import type { AlertDelivery } from './types';

/** The 50 newest notifications (and tests) with their status codes and attempts. */
export async function fetchAlertDeliveries(client: TracklintClient, organizationId: string): Promise<AlertDelivery[]> {
  const { data, error } = await client
    .from('alert_deliveries')
    .select('id, alert_id, channel_id, event, status, attempts, last_status_code, last_error, created_at, sent_at')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false })
    .limit(50);
  if (error) throw error;
  return data ?? [];
}

export function useAlertDeliveriesQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: alertKeys.deliveries(organizationId),
    queryFn: () => fetchAlertDeliveries(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: Math.min(ROLLUPS_CACHE_MS, ALERTS_REFRESH_MS),
    refetchInterval: ALERTS_REFRESH_MS,
  });
}
