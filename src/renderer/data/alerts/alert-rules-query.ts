import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { RULES_CACHE_MS } from '../cache-times';
import { alertKeys } from './keys';
import type { AlertRule } from './types';

/** The organization's alert rules: organization-wide ones first, then by name. */
export async function fetchAlertRules(client: TracklintClient, organizationId: string): Promise<AlertRule[]> {
  const { data, error } = await client
    .from('alert_rules')
    .select('id, organization_id, website_id, name, kind, params, severity, channel_ids, enabled, is_default, created_at')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: true });
  if (error) throw error;
  return (data ?? []) as AlertRule[];
}

export function useAlertRulesQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: alertKeys.rules(organizationId),
    queryFn: () => fetchAlertRules(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: RULES_CACHE_MS,
  });
}
