import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';

export async function deleteAlertChannel(client: TracklintClient, channelId: string): Promise<void> {
  const { data, error } = await client.from('alert_channels').delete().eq('id', channelId).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('The channel was not deleted: only owners and admins can delete channels.');
}

export function useDeleteAlertChannelMutation() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'delete-channel'],
    mutationFn: ({ channelId }: { channelId: string; organizationId: string }) => deleteAlertChannel(client, channelId),
    onSuccess: (_r, { organizationId }) => queryClient.invalidateQueries({ queryKey: alertKeys.channels(organizationId) }),
  });
}
