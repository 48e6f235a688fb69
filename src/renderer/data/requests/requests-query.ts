import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { REQUESTS_CACHE_MS } from '../cache-times';
import { requestKeys } from './keys';
import { distinctRequestIds, rangeStart, requestQueryPlan, RULE_FILTER_MAX_REQUESTS, type RequestFilters } from './request-filters';
import type { RequestPage, RequestSummaryRow } from './types';

export const REQUEST_SUMMARY_COLUMNS =
  'id, received_at, website_id, format, endpoint, method, source, measurement_id, client_id, event_count, event_names, status, error_count, warning_count, info_count';

/** How often the open log reads again. */
export const REQUESTS_POLL_MS = 10_000;

/** Ids of the most recent requests with a finding of the rule (collected_request_issues). */
export async function fetchRequestIdsWithRule(
  client: TracklintClient,
  organizationId: string,
  filters: RequestFilters,
  nowMs: number,
): Promise<{ ids: string[]; capped: boolean }> {
  let query = client
    .from('collected_request_issues')
    .select('request_id, received_at')
    .eq('organization_id', organizationId)
    .eq('rule_id', filters.ruleId!);
  if (filters.websiteId) query = query.eq('website_id', filters.websiteId);
  const since = rangeStart(filters.range, nowMs);
  if (since) query = query.gte('received_at', since);
  // A rule can fire several times in one request: read more rows than ids needed.
  const { data, error } = await query.order('received_at', { ascending: false }).limit(RULE_FILTER_MAX_REQUESTS * 3);
  if (error) throw error;
  return distinctRequestIds((data ?? []) as Array<{ request_id: string }>);
}

/** One page of the requests log, newest first, with the total for the filters. */
export async function fetchRequestPage(
  client: TracklintClient,
  organizationId: string,
  filters: RequestFilters,
  page: number,
  nowMs: number = Date.now(),
): Promise<RequestPage> {
  const plan = requestQueryPlan(organizationId, filters, page, nowMs);
  let ruleMatchesCapped = false;
  let ids: string[] | null = null;
  if (filters.ruleId) {
    const found = await fetchRequestIdsWithRule(client, organizationId, filters, nowMs);
    if (found.ids.length === 0) return { rows: [], total: 0, ruleMatchesCapped: false };
    ids = found.ids;
    ruleMatchesCapped = found.capped;
  }
  let query = client.from('collected_requests').select(REQUEST_SUMMARY_COLUMNS, { count: 'exact' });
  for (const [column, value] of plan.eq) query = query.eq(column, value);
  if (plan.eventName) query = query.contains('event_names', [plan.eventName]);
  if (plan.since) query = query.gte('received_at', plan.since);
  if (ids) query = query.in('id', ids);
  const { data, error, count } = await query.order('received_at', { ascending: false }).range(plan.from, plan.to);
  if (error) throw error;
  return { rows: (data ?? []) as RequestSummaryRow[], total: count ?? 0, ruleMatchesCapped };
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
