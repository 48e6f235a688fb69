import { describe, expect, it } from 'vitest';
import { planNotice, planStatusLabel, type PlanStatusInput } from '../../../src/renderer/pages/billing/billing-status';

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
