import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { alertKeys } from './keys';
import type { AlertChannel, ChannelKind } from './types';

export interface CreateAlertChannelInput {
  organizationId: string;
  name: string;
  kind: ChannelKind;
  url?: string;
  emailRecipients?: string[];
  emailMembers?: boolean;
  dailyDigest?: boolean;
}

/** POST /api/alerts/channels: the server encrypts the URL; a webhook's signing secret comes back this once. */
export async function createAlertChannel(client: TracklintClient, baseUrl: string, input: CreateAlertChannelInput): Promise<{ channel: AlertChannel; signing_secret?: string }> {
  return appApiRequest(
    client,
    baseUrl,
    {
      method: 'POST',
      path: '/api/alerts/channels',
      body: {
        organization_id: input.organizationId,
        name: input.name.trim(),
        kind: input.kind,
        ...(input.kind === 'email' ? { email_recipients: input.emailRecipients ?? [], email_members: input.emailMembers ?? true, daily_digest: input.dailyDigest ?? false } : { url: input.url?.trim() }),
      },
    },
    'The channel could not be created',
  );
}

export function useCreateAlertChannelMutation() {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...alertKeys.all, 'create-channel'],
    mutationFn: (input: CreateAlertChannelInput) => createAlertChannel(client, supabaseUrl, input),
    onSuccess: (_r, input) => queryClient.invalidateQueries({ queryKey: alertKeys.channels(input.organizationId) }),
  });
}
