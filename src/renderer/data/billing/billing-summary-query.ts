import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { BILLING_SUMMARY_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { toNumber } from './parse';
import type { BillingSummary } from './types';

/** The organization's billing summary, or null (only owners see a row). */
export async function fetchBillingSummary(client: TracklintClient, organizationId: string): Promise<BillingSummary | null> {
  const { data, error } = await client
    .from('organization_billing_summary')
    .select('*')
    .eq('organization_id', organizationId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const row = data as Record<string, unknown>;
  return {
    ...(row as unknown as BillingSummary),
    monthly_price: toNumber(row.monthly_price),
    invoice_count: toNumber(row.invoice_count) ?? 0,
    total_paid: toNumber(row.total_paid) ?? 0,
    next_amount: toNumber(row.next_amount),
  };
}

export function useBillingSummaryQuery(organizationId: string | undefined, enabled = true) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.summary(organizationId),
    queryFn: () => fetchBillingSummary(client, organizationId!),
    enabled: Boolean(organizationId) && enabled,
    staleTime: BILLING_SUMMARY_CACHE_MS,
  });
}
