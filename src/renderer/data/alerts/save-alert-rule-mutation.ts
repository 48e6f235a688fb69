import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import type { Json } from '../../../shared/database.types';
import { alertKeys } from './keys';
import type { AlertRule, AlertRuleKind, AlertSeverity } from './types';

export interface AlertRuleInput {
  organizationId: string;
  /** Present when editing. */
  id?: string;
  websiteId: string | null;
  name: string;
  kind: AlertRuleKind;
  params: Record<string, unknown>;
  severity: AlertSeverity;
  channelIds: string[];
  enabled: boolean;
}

/** Inserts or updates an alert rule through the data API; RLS and the rule trigger check role, plan and parameters. */
export async function saveAlertRule(client: TracklintClient, input: AlertRuleInput): Promise<AlertRule> {
  const row = {
    website_id: input.kind === 'usage' ? null : input.websiteId,
    name: input.name.trim(),
    kind: input.kind,
    // jsonb: the catalog types it Json; the rule trigger checks the parameters' shape.
    params: input.params as Json,
    severity: input.severity,
    channel_ids: input.channelIds,
    enabled: input.enabled,
  };
  const query = input.id
    ? client.from('alert_rules').update(row).eq('id', input.id).select('*').single()
    : client.from('alert_rules').insert({ ...row, organization_id: input.organizationId }).select('*').single();
  const { data, error } = await query;
  if (error) throw error;
  return data as AlertRule;
}

export function useSaveAlertRuleMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'save-rule'],
    mutationFn: (input: AlertRuleInput) => saveAlertRule(client, input),
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: alertKeys.rules(input.organizationId) }),
  });
}
