import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { ROLLUPS_CACHE_MS } from '../cache-times';
import { websiteKeys } from './keys';
import type { RefusedHits } from './types';

/** The window the websites page reports refusals for. */
export const REFUSED_HITS_WINDOW_HOURS = 24;

interface CounterRow {
  bucket: string;
  reason: string;
  count: number | string;
}

/** Sums five-minute refusal counters per reason, most frequent first. */
export function summarizeRefusals(rows: readonly CounterRow[]): RefusedHits[] {
  const byReason = new Map<string, RefusedHits>();
  for (const row of rows) {
    const count = Number(row.count);
    const found = byReason.get(row.reason);
    if (found) {
      found.count += count;
      if (row.bucket > found.lastAt) found.lastAt = row.bucket;
    } else byReason.set(row.reason, { reason: row.reason, count, lastAt: row.bucket });
  }
  return [...byReason.values()].sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** Hits the collector refused for a website in the last 24 hours, by reason (website_hit_counters). */
export async function fetchRefusedHits(client: TracklintClient, websiteId: string, nowMs = Date.now()): Promise<RefusedHits[]> {
  const since = new Date(nowMs - REFUSED_HITS_WINDOW_HOURS * 3_600_000).toISOString();
  const { data, error } = await client
    .from('website_hit_counters')
    .select('bucket, reason, count')
    .eq('website_id', websiteId)
    .eq('outcome', 'refused')
    .gte('bucket', since)
    .limit(5000);
  if (error) throw error;
  return summarizeRefusals(data ?? []);
}

export function useRefusedHitsQuery(websiteId: string | undefined) {
  const client = useSupabase();
  return useQuery({
    queryKey: websiteKeys.refusedHits(websiteId),
    queryFn: () => fetchRefusedHits(client, websiteId!),
    enabled: Boolean(websiteId),
    staleTime: ROLLUPS_CACHE_MS,
    refetchInterval: ROLLUPS_CACHE_MS,
  });
}
