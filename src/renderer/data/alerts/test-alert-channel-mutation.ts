import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';

/** POST /api/alerts/channels/{id}/test: sends at once; an error carries the receiver's answer. */
export async function testAlertChannel(client: TracklintClient, baseUrl: string, channelId: string): Promise<{ status: string; status_code: number | null }> {
  return appApiRequest(client, baseUrl, { method: 'POST', path: `/api/alerts/channels/${encodeURIComponent(channelId)}/test` }, 'The test could not be sent');
}

export function useTestAlertChannelMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'test-channel'],
    mutationFn: ({ channelId }: { channelId: string; organizationId: string }) => testAlertChannel(client, supabaseUrl, channelId),
    onSettled: (_r, _e, { organizationId }) => queryClient.invalidateQueries({ queryKey: alertKeys.deliveries(organizationId) }),
  });
}
