import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { trackingPlanKeys } from './keys';
import type { Draft, DraftEvent, DraftParameter } from './types';

/** The draft's events with their parameters, and its user properties, by name. */
export async function fetchDraft(client: TracklintClient, draftId: string): Promise<Draft> {
  const [events, params] = await Promise.all([
    client.from('tracking_plan_events').select('id, name, status, description, owner').eq('version_id', draftId).order('name'),
    client.from('tracking_plan_parameters').select('id, event_id, scope, name, type, required, allowed_values, description').eq('version_id', draftId).order('name'),
  ]);
  if (events.error) throw events.error;
  if (params.error) throw params.error;
  const all = (params.data ?? []) as DraftParameter[];
  return {
    events: ((events.data ?? []) as Array<Omit<DraftEvent, 'parameters'>>).map((e) => ({ ...e, parameters: all.filter((p) => p.event_id === e.id) })),
    userProperties: all.filter((p) => p.scope === 'user'),
  };
}

export function useDraftQuery(draftId: string | undefined) {
  const client = useSupabase();
  return useQuery({ queryKey: trackingPlanKeys.draft(draftId), queryFn: () => fetchDraft(client, draftId!), enabled: Boolean(draftId) });
}
