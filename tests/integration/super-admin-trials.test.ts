import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { signUpConfirmed } from '../support/personas';
import { callFunction, superAdminWithMfa } from '../support/super-admin';

// Issue 23, defect 8: a sign-up's no-card Pro trial is a trial, not $99 of recurring revenue.
const operatorDb = createDatabase(inject('databaseUrl'), 2);
afterAll(() => operatorDb.close());

let admin: { session: string };
beforeAll(async () => {
  admin = await superAdminWithMfa(operatorDb, 'trials');
});

interface Dashboard { activeTrials: number; payingByPlan: Array<{ plan: string; organizations: number }> }
interface Billing { monthlyRecurringRevenue: number; subscriptions: Array<{ plan: string; status: string; organizations: number }>; trialsEndingIn7Days: unknown[] }

const read = async () => ({
  dashboard: (await callFunction('super-admin-console/dashboard', { session: admin.session })).json as unknown as Dashboard,
  billing: (await callFunction('super-admin-console/billing', { session: admin.session })).json as unknown as Billing,
});
const paying = (d: Dashboard, plan: string) => d.payingByPlan.find((p) => p.plan === plan)?.organizations ?? 0;
const subscriptions = (b: Billing, plan: string, status: string) => b.subscriptions.find((s) => s.plan === plan && s.status === status)?.organizations ?? 0;

describe('the console counts a no-card trial as a trial', () => {
  it('one more active trial, no more paying Pro organizations and the same MRR', async () => {
    const before = await read();
    const owner = await signUpConfirmed('trial-owner');
    const { error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Trial Co', org_slug: `trial-${Date.now().toString(36)}`, org_plan: 'pro' });
    expect(error).toBeNull();
    const after = await read();
    expect(after.dashboard.activeTrials).toBe(before.dashboard.activeTrials + 1);
    expect(paying(after.dashboard, 'pro')).toBe(paying(before.dashboard, 'pro'));
    expect(after.billing.monthlyRecurringRevenue).toBe(before.billing.monthlyRecurringRevenue);
    expect(subscriptions(after.billing, 'pro', 'trialing')).toBe(subscriptions(before.billing, 'pro', 'trialing') + 1);
    expect(subscriptions(after.billing, 'pro', 'active')).toBe(subscriptions(before.billing, 'pro', 'active'));
  });
});
