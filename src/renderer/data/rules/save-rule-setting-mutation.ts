import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Severity } from '../../../shared/ga4';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ruleKeys } from './keys';

export interface SaveRuleSettingInput {
  websiteId: string;
  ruleId: string;
  enabled: boolean;
  /** Null keeps the default severity. */
  severity: Severity | null;
}

/** True when the setting equals the rule's defaults, so no row is needed. */
export function isDefaultSetting(input: Pick<SaveRuleSettingInput, 'enabled' | 'severity'>, defaultSeverity: Severity): boolean {
  return input.enabled && (input.severity === null || input.severity === defaultSeverity);
}

/**
 * Stores a website's override of a catalogue rule (upsert on website_id + rule_id), or removes
 * the row when the rule is back to its defaults. The database fills organization_id.
 */
export async function saveRuleSetting(client: TracklintClient, input: SaveRuleSettingInput, defaultSeverity: Severity): Promise<void> {
  if (isDefaultSetting(input, defaultSeverity)) {
    const { error } = await client.from('website_rule_settings').delete().eq('website_id', input.websiteId).eq('rule_id', input.ruleId);
    if (error) throw error;
    return;
  }
  const severity = input.severity === defaultSeverity ? null : input.severity;
  const { error } = await client
    .from('website_rule_settings')
    .upsert({ website_id: input.websiteId, rule_id: input.ruleId, enabled: input.enabled, severity }, { onConflict: 'website_id,rule_id' });
  if (error) throw error;
}

export function useSaveRuleSettingMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ruleKeys.all, 'save-setting'],
    mutationFn: ({ input, defaultSeverity }: { input: SaveRuleSettingInput; defaultSeverity: Severity }) => saveRuleSetting(client, input, defaultSeverity),
    onSuccess: (_r, { input }) => queryClient.invalidateQueries({ queryKey: ruleKeys.settings(input.websiteId) }),
  });
}
