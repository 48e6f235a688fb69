import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { trackingPlanKeys } from './keys';

/** Removes a proposed event (with its parameters) or one parameter from the draft. */
export async function rejectEntry(client: TracklintClient, entry: { kind: 'event' | 'parameter'; id: string }): Promise<void> {
  const table = entry.kind === 'event' ? 'tracking_plan_events' : 'tracking_plan_parameters';
  const { data, error } = await client.from(table).delete().eq('id', entry.id).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('Nothing was removed: only owners and admins can edit a tracking plan.');
}

export function useRejectEntryMutation(draftId: string | undefined) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'reject'],
    mutationFn: (entry: { kind: 'event' | 'parameter'; id: string }) => rejectEntry(client, entry),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.draft(draftId) }),
  });
}
