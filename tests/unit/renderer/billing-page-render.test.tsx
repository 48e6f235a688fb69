import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { billingKeys } from '../../../src/renderer/data/billing/keys';
import type { BillingSummary, PlanLimits } from '../../../src/renderer/data/billing/types';
import type { Organization } from '../../../src/renderer/data/organizations/types';
import { RuntimeConfigProvider } from '../../../src/renderer/lib/runtime-config-context';
import type { TracklintClient } from '../../../src/renderer/lib/supabase';
import { SupabaseProvider } from '../../../src/renderer/lib/supabase-context';
import { CurrentPlanCard } from '../../../src/renderer/pages/billing/CurrentPlanCard';
import { PlanList } from '../../../src/renderer/pages/billing/PlanList';

const organization: Organization = {
  id: 'org-1', name: 'Acme', slug: 'acme', plan: 'pro', settings: null, subscription_status: 'active', stripe_customer_id: 'cus_1',
  stripe_subscription_id: null, current_period_end: null, trial_ends_at: '2026-12-07T00:00:00Z', plan_variant: null, created_by: 'u1',
  created_at: '2026-11-23T00:00:00Z', user_role: 'owner', user_permissions: ['*'],
};

const trialing: BillingSummary = {
  organization_id: 'org-1', plan: 'pro', plan_variant: null, subscription_status: 'trialing', trial_ends_at: '2026-12-07T00:00:00Z',
  current_period_end: null, monthly_price: 99, invoice_count: 0, total_paid: 0, last_invoice_at: null, effective_plan: 'pro',
  billing_state: 'trialing', trial_days_left: 14, grace_ends_at: null, cancel_at_period_end: false, next_amount: 99, has_billing_account: false,
};

const plan = (id: string, price: number): PlanLimits => ({
  plan: id, display_name: id.charAt(0).toUpperCase() + id.slice(1), monthly_price: price, is_active: true,
  monthly_requests: 1000, max_websites: 1, max_team_members: 1, max_custom_rules: 0, retention_days: 7,
});

/** Server-renders the billing page's parts from seeded query data (no requests: SSR runs no effects). */
function render(summary: BillingSummary, billingEnabled: boolean): string {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  queryClient.setQueryData(billingKeys.summary(organization.id), summary);
  queryClient.setQueryData(billingKeys.planRequest(organization.id), null);
  queryClient.setQueryData(billingKeys.planList(), [plan('free', 0), plan('starter', 29), plan('pro', 99), plan('enterprise', 499)]);
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <SupabaseProvider client={{} as unknown as TracklintClient}>
        <RuntimeConfigProvider config={{ supabaseUrl: 'http://localhost', supabaseAnonKey: 'anon', billingEnabled }}>
          <MantineProvider>
            <CurrentPlanCard organization={organization} />
            <PlanList organization={organization} requiredPlan={null} />
          </MantineProvider>
        </RuntimeConfigProvider>
      </SupabaseProvider>
    </QueryClientProvider>,
  );
}

describe('billing page', () => {
  it('shows a trial with its days left, the next amount and a way to subscribe', () => {
    const html = render(trialing, true);
    expect(html).toContain('Trialing · 14 days left');
    expect(html).toContain('$99.00 / month');
    expect(html).toContain('Subscribe to Pro');
    expect(html).toContain('Contact sales');
  });

  it('offers the fix for a failed payment, with the grace end, to an owner with a Stripe customer', () => {
    const html = render({ ...trialing, billing_state: 'past_due', subscription_status: 'past_due', grace_ends_at: '2026-11-30T12:00:00Z', has_billing_account: true }, true);
    expect(html).toContain('Past due · plan kept until Nov 30, 2026');
    expect(html).toContain('Update payment method');
    expect(html).toContain('Manage billing');
  });

  it('without Stripe on the server: the plan, who manages it, no payment buttons, and a way to ask for every other plan (issue 23, defect 5)', () => {
    const html = render({ ...trialing, billing_state: 'past_due', grace_ends_at: '2026-11-30T12:00:00Z', has_billing_account: true }, false);
    expect(html).toContain('an administrator manages this organization&#x27;s plan');
    expect(html).toContain('This server takes no payments: ask for a plan and one of its super admins changes it for you.');
    for (const button of ['Subscribe to', 'Upgrade to', 'Manage billing', 'Update payment method', 'Contact sales']) expect(html).not.toContain(button);
    for (const other of ['Free', 'Starter', 'Enterprise']) expect(html).toContain(`Ask for ${other}`);
    expect(html).not.toContain('Ask for Pro');
  });

  it('the plan cards list the same limits as the pricing page (issue 23, defect 6)', () => {
    const html = render(trialing, true);
    expect(html).toContain('Custom rules: not included');
    expect(html).toContain('Data retention: 7 days');
  });
});
