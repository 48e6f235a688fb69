import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';

/** rpc acknowledge_alert: owners and admins; records who and when. */
export async function acknowledgeAlert(client: TracklintClient, alertId: string): Promise<void> {
  const { error } = await client.rpc('acknowledge_alert', { alert_id: alertId });
  if (error) throw error;
}

export function useAcknowledgeAlertMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'acknowledge'],
    mutationFn: ({ alertId }: { alertId: string; organizationId: string }) => acknowledgeAlert(client, alertId),
    onSuccess: (_r, { organizationId }) => queryClient.invalidateQueries({ queryKey: alertKeys.list(organizationId) }),
  });
}
