import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { billingKeys } from '../../data/billing/keys';
import { organizationKeys } from '../../data/organizations/keys';
import { showToast } from '../../notifications/notify';

/**
 * Back from Stripe Checkout (?checkout=success|canceled): says how it went once, drops the
 * parameter so a reload does not say it again, and reads the plan again after a purchase (the
 * webhook may already have changed it): billing, plan state, feature access and the organization.
 */
export function CheckoutReturn() {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = searchParams.get('checkout');
  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'canceled') return;
    if (outcome === 'success') {
      showToast('Subscription started', 'Thank you! Your plan updates as soon as Stripe confirms the payment.', 'default');
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      void queryClient.invalidateQueries({ queryKey: organizationKeys.all });
    } else {
      showToast('Checkout canceled', 'Nothing was charged and your plan is unchanged.', 'default');
    }
    setSearchParams(
      (current) => {
        current.delete('checkout');
        return current;
      },
      { replace: true },
    );
  }, [outcome, queryClient, setSearchParams]);
  return null;
}
