export const PLANS = ['free', 'starter', 'pro', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];
export const DEFAULT_PLAN: Plan = 'free';

export const ORGANIZATION_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** A row of `organizations` as the client holds it, plus the signed-in user's membership. */
export interface Organization {
  id: string;
  name: string;
  slug: string;
  /** Usually a Plan; kept as a string because older rows and checks also use e.g. 'agency'. */
  plan: string;
  settings: Record<string, unknown> | null;
  subscription_status: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: string | null;
  trial_ends_at: string | null;
  plan_variant: string | null;
  created_by: string | null;
  created_at: string;
  /** Set by Tracklint's operators: hits are refused and members see why until it is reactivated. */
  suspended_at?: string | null;
  suspended_reason?: string | null;
  user_role: OrganizationRole;
  user_permissions: string[];
}

export function isOrganizationRole(value: unknown): value is OrganizationRole {
  return typeof value === 'string' && (ORGANIZATION_ROLES as readonly string[]).includes(value);
}
