import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { RULES_CACHE_MS } from '../cache-times';
import { alertKeys } from './keys';
import type { AlertChannel } from './types';

export async function fetchAlertChannels(client: TracklintClient, organizationId: string): Promise<AlertChannel[]> {
  const { data, error } = await client
    .from('alert_channels')
    .select('id, organization_id, name, kind, email_recipients, email_members, daily_digest, target_hint, enabled, is_default, created_at')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data ?? [];
}

export function useAlertChannelsQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: alertKeys.channels(organizationId),
    queryFn: () => fetchAlertChannels(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: RULES_CACHE_MS,
  });
}
