import { formatDate } from '../../lib/dates';
import { planLabel } from '../app/billing-params';

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
export function planNotice(s: PlanStatusInput): { tone: NoticeTone; title: string; message: string } | null {
  const plan = planLabel(s.plan ?? 'free');
  const fallback = `The organization has the Free plan's features and limits; nothing was deleted, and websites or members past the Free plan's limits are read-only.`;
  switch (s.billing_state) {
    case 'trialing':
      if (s.trial_days_left === null || s.trial_days_left > 3) return null;
      return {
        tone: 'info',
        title: `${plan} trial ends ${s.trial_days_left <= 0 ? 'today' : `in ${s.trial_days_left} ${s.trial_days_left === 1 ? 'day' : 'days'}`}`,
        message: `Subscribe before ${formatDate(s.trial_ends_at)} to keep ${plan}'s features.`,
      };
    case 'trial_ended':
      return { tone: 'warning', title: `Your ${plan} trial has ended`, message: `${fallback} Subscribe to ${plan} to get everything back.` };
    case 'past_due':
      return { tone: 'warning', title: 'Payment failed', message: `${plan} stays active until ${formatDate(s.grace_ends_at)} while the payment is retried. Update the payment method to keep it.` };
    case 'past_due_expired':
    case 'unpaid':
    case 'incomplete':
      return { tone: 'critical', title: `${plan} is paused: payment missing`, message: `${fallback} Pay the open invoice to get ${plan} back.` };
    case 'canceled':
      return { tone: 'warning', title: `The ${plan} subscription was canceled`, message: `${fallback} Subscribe again to get ${plan} back.` };
    default:
      return null;
  }
}
