import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { billingKeys } from '../billing/keys';
import { ruleKeys } from './keys';
import { CUSTOM_RULE_COLUMNS, customRuleFromRow } from './custom-rules-query';
import type { Json } from '../../../shared/database.types';
import type { CustomRule, CustomRuleInput } from './types';

function toRow(input: CustomRuleInput) {
  return {
    website_id: input.websiteId,
    name: input.name,
    description: input.description,
    definition: input.definition as unknown as Json,
    severity: input.severity,
    enabled: input.enabled,
  };
}

/** Inserts a custom rule (owners/admins on plans with custom_rules; the database enforces max_custom_rules). */
export async function createCustomRule(client: TracklintClient, input: CustomRuleInput): Promise<CustomRule> {
  const { data, error } = await client
    .from('custom_rules')
    .insert({ organization_id: input.organizationId, ...toRow(input) })
    .select(CUSTOM_RULE_COLUMNS)
    .single();
  if (error) throw error;
  return customRuleFromRow(data);
}

export async function updateCustomRule(client: TracklintClient, id: string, input: CustomRuleInput): Promise<CustomRule> {
  const { data, error } = await client.from('custom_rules').update(toRow(input)).eq('id', id).select(CUSTOM_RULE_COLUMNS).maybeSingle();
  if (error) throw error;
  if (!data) throw new Error('Only owners and admins can change custom rules');
  return customRuleFromRow(data);
}

export async function deleteCustomRule(client: TracklintClient, id: string): Promise<void> {
  const { data, error } = await client.from('custom_rules').delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('Only owners and admins can delete custom rules');
}

function useInvalidateCustomRules() {
  const queryClient = useQueryClient();
  return (organizationId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ruleKeys.custom(organizationId) }),
      queryClient.invalidateQueries({ queryKey: billingKeys.usageStatus(organizationId) }),
    ]);
}

export function useSaveCustomRuleMutation() {
  const client = useSupabase();
  const invalidate = useInvalidateCustomRules();
  return useMutation({
    mutationKey: [...ruleKeys.all, 'save-custom'],
    mutationFn: ({ id, input }: { id: string | null; input: CustomRuleInput }) =>
      id ? updateCustomRule(client, id, input) : createCustomRule(client, input),
    onSuccess: (_r, { input }) => invalidate(input.organizationId),
  });
}

export function useDeleteCustomRuleMutation() {
  const client = useSupabase();
  const invalidate = useInvalidateCustomRules();
  return useMutation({
    mutationKey: [...ruleKeys.all, 'delete-custom'],
    mutationFn: ({ id }: { id: string; organizationId: string }) => deleteCustomRule(client, id),
    onSuccess: (_r, { organizationId }) => invalidate(organizationId),
  });
}
