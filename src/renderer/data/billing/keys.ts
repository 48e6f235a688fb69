export const billingKeys = {
  all: ['billing'] as const,
  /** rpc get_organization_usage_status: usage, limits and alerts of one organization. */
  usageStatus: (organizationId: string | undefined) => [...billingKeys.all, 'usage-status', organizationId] as const,
  /** organization_billing_summary (owners only). */
  summary: (organizationId: string | undefined) => [...billingKeys.all, 'summary', organizationId] as const,
  /** The limits of one plan. */
  planLimits: (plan: string | undefined) => [...billingKeys.all, 'plan-limits', plan] as const,
  /** Every active plan, cheapest first. */
  planList: () => [...billingKeys.all, 'plan-list'] as const,
  /** rpc get_organization_plan_state (every member). */
  planState: (organizationId: string | undefined) => [...billingKeys.all, 'plan-state', organizationId] as const,
  /** The organization's latest plan change request (servers without Stripe; owners only). */
  planRequest: (organizationId: string | undefined) => [...billingKeys.all, 'plan-request', organizationId] as const,
  invoices: (organizationId: string | undefined) => [...billingKeys.all, 'invoices', organizationId] as const,
  /** rpc organization_has_feature. */
  featureAccess: (organizationId: string | undefined, feature: string) =>
    [...billingKeys.all, 'feature-access', organizationId, feature] as const,
};
