import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';
import type { AlertChannel } from './types';

export interface UpdateAlertChannelInput {
  organizationId: string;
  channelId: string;
  changes: { name?: string; enabled?: boolean; url?: string; email_recipients?: string[]; email_members?: boolean; daily_digest?: boolean; rotate_secret?: boolean };
}

/** PATCH /api/alerts/channels/{id}: a new URL is encrypted by the server; rotating returns the new secret once. */
export async function updateAlertChannel(client: TracklintClient, baseUrl: string, input: UpdateAlertChannelInput): Promise<{ channel: AlertChannel; signing_secret?: string }> {
  return appApiRequest(client, baseUrl, { method: 'PATCH', path: `/api/alerts/channels/${encodeURIComponent(input.channelId)}`, body: input.changes }, 'The channel could not be saved');
}

export function useUpdateAlertChannelMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'update-channel'],
    mutationFn: (input: UpdateAlertChannelInput) => updateAlertChannel(client, supabaseUrl, input),
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: alertKeys.channels(input.organizationId) }),
  });
}
