import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { appApiRequest } from '../../lib/app-api';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { useSupabase } from '../../lib/supabase-context';

export type CheckoutPlan = 'starter' | 'pro';

/**
 * Opens one of Stripe's hosted pages: Checkout for a new subscription, or the Customer Portal for
 * payment methods, cancellation and invoices. The plan itself changes only when Stripe's signed
 * webhook reaches the server, so nothing is cached or assumed here.
 */
function useStripePageMutation<TInput>(path: string, body: (input: TInput) => Record<string, string>, fallback: string) {
  const client = useSupabase();
  const { supabaseUrl } = useRuntimeConfig();
  const mutation = useMutation({
    mutationKey: ['billing', path],
    mutationFn: async (input: TInput) => {
      const { url } = await appApiRequest<{ url: string }>(client, supabaseUrl, { method: 'POST', path, body: body(input) }, fallback);
      window.location.assign(url);
      return url;
    },
  });
  // Buttons stay busy while the browser leaves for Stripe; coming back with Back (the page restored
  // from the back/forward cache) makes them usable again.
  const { reset } = mutation;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return mutation;
}

export function useCheckoutMutation() {
  return useStripePageMutation<{ organizationId: string; plan: CheckoutPlan }>(
    '/api/billing/checkout',
    (input) => ({ organization_id: input.organizationId, plan: input.plan }),
    'Checkout could not be opened',
  );
}

export function usePortalMutation() {
  return useStripePageMutation<{ organizationId: string }>('/api/billing/portal', (input) => ({ organization_id: input.organizationId }), 'Billing management could not be opened');
}
