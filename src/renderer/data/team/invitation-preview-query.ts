import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { teamKeys } from './keys';

export interface InvitationPreview {
  organization_name: string;
  role: 'admin' | 'member' | 'viewer';
  invited_by: string | null;
  expires_at: string;
}

/** The organization and role a pending invitation offers, or null (unknown, used or expired token). */
export async function fetchInvitationPreview(client: TracklintClient, token: string): Promise<InvitationPreview | null> {
  const { data, error } = await client.rpc('invitation_preview', { invitation_token: token });
  if (error) throw error;
  return (data as InvitationPreview | null) ?? null;
}

export function useInvitationPreviewQuery(token: string) {
  const client = useSupabase();
  return useQuery({ queryKey: teamKeys.invitationPreview(token), queryFn: () => fetchInvitationPreview(client, token), staleTime: 5 * 60 * 1000, retry: false });
}
