import { formatCurrency } from '../../../shared/format';
import { formatDate } from '../../lib/dates';
import { planName } from '../../../shared/plans';

export interface PlanStatusInput {
  plan: string | null;
  effective_plan: string | null;
  billing_state: string | null;
  trial_days_left: number | null;
  trial_ends_at: string | null;
  grace_ends_at: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

export type NoticeTone = 'info' | 'warning' | 'critical';

/** One line that says where the subscription stands, e.g. "Trialing · 12 days left". */
export function planStatusLabel(s: PlanStatusInput): string {
  switch (s.billing_state) {
    case 'trialing':
      return s.trial_days_left === null ? 'Trialing' : `Trialing · ${s.trial_days_left} ${s.trial_days_left === 1 ? 'day' : 'days'} left`;
    case 'trial_ended':
      return 'Trial ended';
    case 'active':
      return s.cancel_at_period_end ? `Active · cancels on ${formatDate(s.current_period_end)}` : 'Active';
    case 'past_due':
      return `Past due · plan kept until ${formatDate(s.grace_ends_at)}`;
    case 'past_due_expired':
      return 'Past due · grace period over';
    case 'canceled':
      return 'Canceled';
    case 'unpaid':
      return 'Unpaid';
    case 'incomplete':
      return 'Payment incomplete';
    default:
      return 'Free plan';
  }
}

/**
 * The shell's one billing notice for members: why the organization's features changed, or are
 * about to, and what fixes it. Null when nothing needs saying.
 */
export function planNotice(s: PlanStatusInput, billingEnabled = true): { tone: NoticeTone; title: string; message: string } | null {
  const plan = planName(s.plan ?? 'free');
  const getBack = (how: string) => (billingEnabled ? how : 'An administrator can change the plan.');
  const fallback = `The organization has the Free plan's features and limits; nothing was deleted, and websites or members past the Free plan's limits are read-only.`;
  switch (s.billing_state) {
    case 'trialing':
      if (s.trial_days_left === null || s.trial_days_left > 3) return null;
      return {
        tone: 'info',
        title: `${plan} trial ends ${s.trial_days_left <= 0 ? 'today' : `in ${s.trial_days_left} ${s.trial_days_left === 1 ? 'day' : 'days'}`}`,
        message: billingEnabled ? `Subscribe before ${formatDate(s.trial_ends_at)} to keep ${plan}'s features.` : `After ${formatDate(s.trial_ends_at)} the Free plan's features and limits apply unless an administrator changes the plan.`,
      };
    case 'trial_ended':
      return { tone: 'warning', title: `Your ${plan} trial has ended`, message: `${fallback} ${getBack(`Subscribe to ${plan} to get everything back.`)}` };
    case 'past_due':
      return { tone: 'warning', title: 'Payment failed', message: `${plan} stays active until ${formatDate(s.grace_ends_at)} while the payment is retried. Update the payment method to keep it.` };
    case 'past_due_expired':
    case 'unpaid':
    case 'incomplete':
      return { tone: 'critical', title: `${plan} is paused: payment missing`, message: `${fallback} ${getBack(`Pay the open invoice to get ${plan} back.`)}` };
    case 'canceled':
      return { tone: 'warning', title: `The ${plan} subscription was canceled`, message: `${fallback} ${getBack(`Subscribe again to get ${plan} back.`)}` };
    default:
      return null;
  }
}

/** What the owner should do about the subscription now, shown on the billing page's current plan. */
export interface BillingAttention {
  tone: NoticeTone;
  title: string;
  message: string;
  /** A Customer Portal button ("fix it"), or none: subscribing happens on the plan's card. */
  action: { label: string } | null;
}

/**
 * The billing page's call to action for the owner: fix a failed payment, resume a canceling
 * subscription, or subscribe after a trial or subscription ended. Null when all is well. Without
 * Stripe on the server (billingEnabled false) an administrator manages the plan, so no action.
 */
export function billingAttention(s: PlanStatusInput, billingEnabled: boolean): BillingAttention | null {
  const plan = planName(s.plan ?? 'free');
  const withAction = (label: string) => (billingEnabled ? { label } : null);
  const subscribe = billingEnabled ? ` Subscribe to ${plan} below to get it back.` : ' Ask your administrator to change the plan.';
  switch (s.billing_state) {
    case 'past_due':
      return {
        tone: 'warning',
        title: 'Your last payment failed',
        message: `${plan} stays active until ${formatDate(s.grace_ends_at)} while the payment is retried. Update the payment method to keep it.`,
        action: withAction('Update payment method'),
      };
    case 'past_due_expired':
    case 'unpaid':
    case 'incomplete':
      return {
        tone: 'critical',
        title: 'Payment missing',
        message: `${plan}'s features are paused and the Free plan's limits apply. Pay the open invoice to get ${plan} back; nothing was deleted.`,
        action: withAction('Pay the open invoice'),
      };
    case 'trial_ended':
      return { tone: 'warning', title: `Your ${plan} trial has ended`, message: `The Free plan's features and limits apply now; nothing was deleted.${subscribe}`, action: null };
    case 'canceled':
      return { tone: 'warning', title: `The ${plan} subscription was canceled`, message: `The Free plan's features and limits apply now; nothing was deleted.${subscribe}`, action: null };
    case 'active':
      if (!s.cancel_at_period_end) return null;
      return {
        tone: 'info',
        title: `${plan} ends on ${formatDate(s.current_period_end)}`,
        message: `The subscription was canceled and stays active until the end of the period. Resume it to keep ${plan}.`,
        action: withAction('Resume subscription'),
      };
    default:
      return null;
  }
}

/** "$99.00 / month", or $0.00 when nothing will be charged (free, ended, or canceling at period end). */
export function nextAmountLabel(s: { next_amount: number | null; billing_state: string | null; cancel_at_period_end: boolean } | null | undefined): string {
  if (!s) return '—';
  const charging = s.next_amount !== null && !s.cancel_at_period_end && !['free', 'canceled', 'trial_ended', 'unpaid', 'past_due_expired'].includes(s.billing_state ?? 'free');
  return charging ? `${formatCurrency(s.next_amount ?? 0)} / month` : formatCurrency(0);
}
