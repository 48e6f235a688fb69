import { Button } from '@mantine/core';
import { IconCreditCard, IconMail } from '@tabler/icons-react';
import { useBillingSummaryQuery } from '../../data/billing/billing-summary-query';
import { useCheckoutMutation, usePortalMutation, type CheckoutPlan } from '../../data/billing/billing-session-mutations';
import type { PlanLimits } from '../../data/billing/types';
import type { Organization } from '../../data/organizations/types';
import { useRuntimeConfig } from '../../lib/runtime-config-context';
import { showToast } from '../../notifications/notify';
import { CONTACT_EMAIL } from '../../lib/site';
import { AskForPlanButton } from './AskForPlanButton';
import { planChangeMailto, type PlanCardKind } from './billing-rules';

const SELF_SERVICE_PLANS: readonly string[] = ['starter', 'pro'];

function isCheckoutPlan(plan: string): plan is CheckoutPlan {
  return SELF_SERVICE_PLANS.includes(plan);
}

/** States in which Stripe holds a running subscription: changing plan or cancelling happens in its portal. */
const SUBSCRIBED_STATES: readonly string[] = ['active', 'trialing', 'past_due'];

/** The browser is on its way to Stripe from the moment the request starts until the page unloads. */
function leaving(mutation: { isPending: boolean; isSuccess: boolean }): boolean {
  return mutation.isPending || mutation.isSuccess;
}

const WRAPPING_BUTTON = {
  fullWidth: true,
  // Four plan cards share the row at 1440 px; the label wraps instead of being cut off.
  h: 'auto',
  mih: 36,
  py: 6,
  styles: { label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } },
} as const;

/**
 * A plan card's button: Stripe Checkout to subscribe to Starter or Pro (also to keep a trial or
 * get a lapsed plan back), the Customer Portal to change or cancel a running subscription, sales
 * for Enterprise. Without Stripe on the server, a request to its super admins for any other plan.
 */
export function PlanAction({ plan, organization, kind }: { plan: PlanLimits; organization: Organization; kind: PlanCardKind }) {
  const { billingEnabled } = useRuntimeConfig();
  const summary = useBillingSummaryQuery(organization.id);
  const checkout = useCheckoutMutation();
  const portal = usePortalMutation();
  const variant = kind === 'required' ? 'filled' : 'light';
  if (!billingEnabled) {
    return kind === 'current' ? null : <AskForPlanButton organizationId={organization.id} plan={plan.plan} variant={variant} {...WRAPPING_BUTTON} />;
  }
  const verb = kind === 'downgrade' ? 'Switch to' : 'Upgrade to';
  if (plan.plan === 'enterprise') {
    return (
      <Button
        component="a"
        href={planChangeMailto(CONTACT_EMAIL, organization, organization.plan, plan.plan)}
        variant={variant}
        leftSection={<IconMail size={16} aria-hidden />}
        {...WRAPPING_BUTTON}
      >
        Contact sales
      </Button>
    );
  }
  const state = summary.data?.billing_state ?? null;
  const hasAccount = Boolean(summary.data?.has_billing_account);
  const subscribed = hasAccount && SUBSCRIBED_STATES.includes(state ?? '') && organization.stripe_subscription_id != null;
  const onError = (err: Error) => showToast(`${kind === 'current' ? 'Subscribe to' : verb} ${plan.display_name} failed`, err.message, 'destructive');
  const startCheckout = (target: CheckoutPlan) => checkout.mutate({ organizationId: organization.id, plan: target }, { onError });

  if (kind === 'current') {
    // A trial, or a plan whose subscription lapsed, is kept by subscribing to it.
    if (subscribed || state === 'free' || state === null || !isCheckoutPlan(plan.plan)) return null;
    const target = plan.plan;
    return (
      <Button variant="filled" leftSection={<IconCreditCard size={16} aria-hidden />} loading={leaving(checkout)} onClick={() => startCheckout(target)} {...WRAPPING_BUTTON}>
        {`Subscribe to ${plan.display_name}`}
      </Button>
    );
  }
  if (plan.plan === 'free' || subscribed) {
    // Changing or ending a running subscription happens in Stripe's portal (prorated there).
    if (!hasAccount) return null;
    return (
      <Button variant="default" loading={leaving(portal)} onClick={() => portal.mutate({ organizationId: organization.id }, { onError })} {...WRAPPING_BUTTON}>
        {plan.plan === 'free' ? 'Cancel under Manage billing' : `${verb} ${plan.display_name} under Manage billing`}
      </Button>
    );
  }
  if (!isCheckoutPlan(plan.plan)) return null;
  const target = plan.plan;
  return (
    <Button
      variant={variant}
      leftSection={<IconCreditCard size={16} aria-hidden />}
      loading={leaving(checkout)}
      onClick={() => startCheckout(target)}
      {...WRAPPING_BUTTON}
    >
      {`${verb} ${plan.display_name}`}
    </Button>
  );
}
