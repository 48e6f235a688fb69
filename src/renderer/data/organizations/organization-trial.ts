import type { Plan } from './types';

export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid plan starts a 14-day trial; free has none (spec section 4). */
export function trialEndsAt(plan: Plan, now: number): string | null {
  return plan === 'free' ? null : new Date(now + TRIAL_DAYS * DAY_MS).toISOString();
}
