import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';

/** Deletes a rule (and, by cascade, its alerts and their delivery log). */
export async function deleteAlertRule(client: TracklintClient, ruleId: string): Promise<void> {
  const { data, error } = await client.from('alert_rules').delete().eq('id', ruleId).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('The rule was not deleted: only owners and admins can delete alert rules.');
}

export function useDeleteAlertRuleMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'delete-rule'],
    mutationFn: ({ ruleId }: { ruleId: string; organizationId: string }) => deleteAlertRule(client, ruleId),
    onSuccess: (_r, { organizationId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: alertKeys.rules(organizationId) }), queryClient.invalidateQueries({ queryKey: alertKeys.list(organizationId) })]),
  });
}
