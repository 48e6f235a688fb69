import { describe, expect, it } from 'vitest';
import { billingAttention, nextAmountLabel, planNotice, planStatusLabel, type PlanStatusInput } from '../../../src/renderer/data/billing/billing-status';
import { parsePlanState } from '../../../src/renderer/data/billing/plan-state-query';

const base: PlanStatusInput = { plan: 'pro', effective_plan: 'pro', billing_state: 'active', trial_days_left: null, trial_ends_at: null, grace_ends_at: null, current_period_end: '2026-12-23T00:00:00Z', cancel_at_period_end: false };

describe('billing status', () => {
  it('says how many trial days are left, with the right plural', () => {
    expect(planStatusLabel({ ...base, billing_state: 'trialing', trial_days_left: 12 })).toBe('Trialing · 12 days left');
    expect(planStatusLabel({ ...base, billing_state: 'trialing', trial_days_left: 1 })).toBe('Trialing · 1 day left');
  });

  it('names the end of a canceling subscription and of a grace period', () => {
    expect(planStatusLabel({ ...base, cancel_at_period_end: true })).toMatch(/^Active · cancels on Dec/);
    expect(planStatusLabel({ ...base, billing_state: 'past_due', grace_ends_at: '2026-11-30T00:00:00Z' })).toMatch(/^Past due · plan kept until Nov/);
  });

  it('warns members only when something changed or is about to', () => {
    expect(planNotice(base)).toBeNull();
    expect(planNotice({ ...base, billing_state: 'trialing', trial_days_left: 10 })).toBeNull();
    expect(planNotice({ ...base, billing_state: 'trialing', trial_days_left: 2 })).toMatchObject({ tone: 'info', title: 'Pro trial ends in 2 days' });
    expect(planNotice({ ...base, billing_state: 'trial_ended', effective_plan: 'free' })).toMatchObject({ tone: 'warning', title: 'Your Pro trial has ended' });
    expect(planNotice({ ...base, billing_state: 'past_due_expired', effective_plan: 'free' })?.tone).toBe('critical');
    expect(planNotice({ ...base, billing_state: 'canceled' })?.message).toMatch(/nothing was deleted/);
  });
});

describe('billing attention on the billing page', () => {
  it('offers the portal to fix a failed payment, naming the end of the grace period', () => {
    const attention = billingAttention({ ...base, billing_state: 'past_due', grace_ends_at: '2026-11-30T12:00:00Z' }, true);
    expect(attention).toMatchObject({ tone: 'warning', action: { label: 'Update payment method' } });
    expect(attention?.message).toMatch(/Pro stays active until Nov 30, 2026/);
    expect(billingAttention({ ...base, billing_state: 'unpaid', effective_plan: 'free' }, true)).toMatchObject({ tone: 'critical', action: { label: 'Pay the open invoice' } });
  });

  it('asks to subscribe after a trial or subscription ended, and offers to resume a canceling one', () => {
    expect(billingAttention({ ...base, billing_state: 'trial_ended', effective_plan: 'free' }, true)).toMatchObject({ action: null, message: expect.stringMatching(/Subscribe to Pro below/) });
    expect(billingAttention({ ...base, billing_state: 'canceled', effective_plan: 'free' }, true)?.title).toBe('The Pro subscription was canceled');
    expect(billingAttention({ ...base, cancel_at_period_end: true }, true)).toMatchObject({ tone: 'info', action: { label: 'Resume subscription' } });
    expect(billingAttention(base, true)).toBeNull();
    expect(billingAttention({ ...base, billing_state: 'trialing', trial_days_left: 5 }, true)).toBeNull();
  });

  it('has no buttons and points to the administrator when the server has no Stripe', () => {
    expect(billingAttention({ ...base, billing_state: 'past_due', grace_ends_at: '2026-11-30T12:00:00Z' }, false)?.action).toBeNull();
    expect(billingAttention({ ...base, billing_state: 'trial_ended' }, false)?.message).toMatch(/Ask your administrator/);
    expect(planNotice({ ...base, billing_state: 'trial_ended' }, false)?.message).toMatch(/An administrator can change the plan\.$/);
    expect(planNotice({ ...base, billing_state: 'trialing', trial_days_left: 1, trial_ends_at: '2026-11-24T12:00:00Z' }, false)?.message).not.toMatch(/Subscribe/);
  });
});

describe('next amount', () => {
  it('is the monthly price while a subscription or trial runs, $0.00 when nothing will be charged', () => {
    expect(nextAmountLabel({ next_amount: 99, billing_state: 'active', cancel_at_period_end: false })).toBe('$99.00 / month');
    expect(nextAmountLabel({ next_amount: 29, billing_state: 'trialing', cancel_at_period_end: false })).toBe('$29.00 / month');
    expect(nextAmountLabel({ next_amount: 99, billing_state: 'active', cancel_at_period_end: true })).toBe('$0.00');
    expect(nextAmountLabel({ next_amount: 99, billing_state: 'trial_ended', cancel_at_period_end: false })).toBe('$0.00');
    expect(nextAmountLabel({ next_amount: null, billing_state: 'free', cancel_at_period_end: false })).toBe('$0.00');
    expect(nextAmountLabel(null)).toBe('—');
  });
});

describe('plan state from the RPC', () => {
  it('reads the jsonb and falls back safely on odd values', () => {
    expect(parsePlanState({ plan: 'pro', effective_plan: 'free', billing_state: 'trial_ended', trial_days_left: 0, trial_ends_at: '2026-11-20T00:00:00Z' }, 'pro')).toEqual({
      plan: 'pro',
      effective_plan: 'free',
      billing_state: 'trial_ended',
      trial_ends_at: '2026-11-20T00:00:00Z',
      trial_days_left: 0,
      grace_ends_at: null,
      current_period_end: null,
      cancel_at_period_end: false,
    });
    expect(parsePlanState(null, 'starter')).toMatchObject({ plan: 'starter', effective_plan: 'starter', billing_state: 'free', trial_days_left: null });
    expect(parsePlanState({ plan: 'pro', billing_state: 'weird', trial_days_left: '3' }, 'free')).toMatchObject({ effective_plan: 'pro', billing_state: 'free', trial_days_left: 3 });
  });
});
