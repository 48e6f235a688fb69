import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { REQUESTS_CACHE_MS } from '../cache-times';
import { requestKeys } from './keys';
import { quoteFilterValue, requestQueryPlan, type RequestFilters } from './request-filters';
import type { RequestPage } from './types';

export const REQUEST_SUMMARY_COLUMNS =
  'id, received_at, website_id, format, endpoint, method, source, measurement_id, client_id, event_count, event_names, status, error_count, warning_count, info_count, withheld';

/** How often the open log reads again. */
export const REQUESTS_POLL_MS = 10_000;

/**
 * One page of the requests log, newest first, with the total for the filters: exact up to
 * EXACT_COUNT_LIMIT, an estimate past it (`count: 'estimated'`), so a filter that matches millions
 * of requests does not read them all to count them.
 */
export async function fetchRequestPage(
  client: TracklintClient,
  organizationId: string,
  filters: RequestFilters,
  page: number,
  nowMs: number = Date.now(),
): Promise<RequestPage> {
  const plan = requestQueryPlan(organizationId, filters, page, nowMs);
  let query = client.from('collected_requests').select(REQUEST_SUMMARY_COLUMNS, { count: 'estimated' });
  for (const [column, value] of plan.eq) query = query.eq(column, value);
  if (plan.eventName) query = query.contains('event_names', [plan.eventName]);
  if (plan.since) query = query.gte('received_at', plan.since);
  if (plan.ruleId) query = query.contains('rule_ids', [plan.ruleId]);
  if (plan.search?.kind === 'request_id') query = query.eq('id', plan.search.value);
  else if (plan.search) {
    const v = quoteFilterValue(plan.search.value);
    query = query.or(`client_id.eq.${v},user_id.eq.${v}`);
  }
  const { data, error, count } = await query.order('received_at', { ascending: false }).range(plan.from, plan.to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export function useRequestPageQuery(organizationId: string | undefined, filters: RequestFilters, page: number, live: boolean) {
  const client = useSupabase();
  return useQuery({
    queryKey: requestKeys.list(organizationId, filters, page),
    queryFn: () => fetchRequestPage(client, organizationId!, filters, page),
    enabled: Boolean(organizationId),
    staleTime: REQUESTS_CACHE_MS,
    placeholderData: keepPreviousData,
    refetchInterval: live ? REQUESTS_POLL_MS : false,
  });
}
