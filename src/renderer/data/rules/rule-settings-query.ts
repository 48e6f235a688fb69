import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { RULES_CACHE_MS } from '../cache-times';
import { ruleKeys } from './keys';
import type { RuleSetting } from './types';

export async function fetchRuleSettings(client: TracklintClient, websiteId: string): Promise<RuleSetting[]> {
  const { data, error } = await client
    .from('website_rule_settings')
    .select('website_id, rule_id, enabled, severity, updated_at')
    .eq('website_id', websiteId);
  if (error) throw error;
  return data ?? [];
}

export function useRuleSettingsQuery(websiteId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: ruleKeys.settings(websiteId),
    queryFn: () => fetchRuleSettings(client, websiteId!),
    enabled: Boolean(websiteId),
    staleTime: RULES_CACHE_MS,
  });
}
