import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { RULES_CACHE_MS } from '../cache-times';
import { ruleKeys } from './keys';
import type { CustomRuleDefinition, Severity } from '../../../shared/ga4';
import type { Tables } from '../../../shared/database.types';
import type { CustomRule } from './types';

export const CUSTOM_RULE_COLUMNS = 'id, organization_id, website_id, name, description, definition, severity, enabled, created_at, updated_at';

/** The organization's custom rules, oldest first (the order the collector applies them). */
export async function fetchCustomRules(client: TracklintClient, organizationId: string): Promise<CustomRule[]> {
  const { data, error } = await client.from('custom_rules').select(CUSTOM_RULE_COLUMNS).eq('organization_id', organizationId).order('created_at', { ascending: true });
  if (error) throw error;
  return (data ?? []).map(customRuleFromRow);
}

/**
 * A custom_rules row as the app holds it. definition is jsonb (Json to the catalog) that the
 * rule trigger validated on write; severity is text with a check constraint.
 */
export function customRuleFromRow(row: Pick<Tables<'custom_rules'>, keyof CustomRule>): CustomRule {
  return { ...row, definition: row.definition as unknown as CustomRuleDefinition, severity: row.severity as Severity };
}

export function useCustomRulesQuery(organizationId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: ruleKeys.custom(organizationId),
    queryFn: () => fetchCustomRules(client, organizationId!),
    enabled: Boolean(organizationId),
    staleTime: RULES_CACHE_MS,
  });
}
