import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { trackingPlanKeys } from './keys';
import type { InventoryRow } from './types';

/** What the website's traffic sent in the last days (hourly counters summed by the database). */
export async function fetchInventory(client: TracklintClient, websiteId: string, days: number): Promise<InventoryRow[]> {
  const { data, error } = await client.rpc('tracking_inventory', { target_website_id: websiteId, days });
  if (error) throw error;
  return ((data ?? []) as InventoryRow[]).map((r) => ({ ...r, hits: Number(r.hits), event_hits: r.event_hits === null ? null : Number(r.event_hits), share: r.share === null ? null : Number(r.share) }));
}

export function useInventoryQuery(websiteId: string | undefined, days = 7) {
  const client = useSupabase();
  return useQuery({ queryKey: trackingPlanKeys.inventory(websiteId, days), queryFn: () => fetchInventory(client, websiteId!, days), enabled: Boolean(websiteId) });
}
