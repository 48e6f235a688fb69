import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';

/** rpc resolve_alert: owners and admins; the channels are told within a minute. */
export async function resolveAlert(client: TracklintClient, alertId: string): Promise<void> {
  const { error } = await client.rpc('resolve_alert', { alert_id: alertId });
  if (error) throw error;
}

export function useResolveAlertMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'resolve'],
    mutationFn: ({ alertId }: { alertId: string; organizationId: string }) => resolveAlert(client, alertId),
    onSuccess: (_r, { organizationId }) =>
      Promise.all([queryClient.invalidateQueries({ queryKey: alertKeys.list(organizationId) }), queryClient.invalidateQueries({ queryKey: alertKeys.deliveries(organizationId) })]),
  });
}
