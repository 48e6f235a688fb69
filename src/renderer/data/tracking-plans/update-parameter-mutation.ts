import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { trackingPlanKeys } from './keys';
import type { DraftParameter } from './types';

/** Edits a draft parameter's type or whether it is required. */
export async function updateParameter(client: TracklintClient, id: string, changes: Partial<Pick<DraftParameter, 'type' | 'required'>>): Promise<void> {
  const { data, error } = await client.from('tracking_plan_parameters').update(changes).eq('id', id).select('id');
  if (error) throw error;
  if (!data?.length) throw new Error('Nothing was changed: only owners and admins can edit a tracking plan.');
}

export function useUpdateParameterMutation(draftId: string | undefined) {
  const client = useSupabase();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...trackingPlanKeys.all, 'update-parameter'],
    mutationFn: ({ id, changes }: { id: string; changes: Partial<Pick<DraftParameter, 'type' | 'required'>> }) => updateParameter(client, id, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trackingPlanKeys.draft(draftId) }),
  });
}
