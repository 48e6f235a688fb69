import { useQuery } from '@tanstack/react-query';
import { useSupabase } from '../../lib/supabase-context';
import type { TracklintClient } from '../../lib/supabase';
import { INVOICES_CACHE_MS } from '../cache-times';
import { billingKeys } from './keys';
import { toNumber } from './parse';
import type { Invoice } from './types';

export const INVOICE_LIMIT = 50;

/** The organization's invoices, newest first, at most 50 (owners only). */
export async function fetchInvoices(client: TracklintClient, organizationId: string): Promise<Invoice[]> {
  const { data, error } = await client
    .from('billing_invoices')
    .select('*')
    .eq('organization_id', organizationId)
    .order('created_at', { ascending: false })
    .limit(INVOICE_LIMIT);
  if (error) throw error;
  return (data ?? []).map((row) => ({
    ...(row as unknown as Invoice),
    amount_due: toNumber(row.amount_due) ?? 0,
    amount_paid: toNumber(row.amount_paid) ?? 0,
  }));
}

export function useInvoicesQuery(organizationId: string | undefined, enabled = true) {
  const client = useSupabase();
  return useQuery({
    queryKey: billingKeys.invoices(organizationId),
    queryFn: () => fetchInvoices(client, organizationId!),
    enabled: Boolean(organizationId) && enabled,
    staleTime: INVOICES_CACHE_MS,
  });
}
