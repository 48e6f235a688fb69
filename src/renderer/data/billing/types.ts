import type { UsageAlert, UsageMetric } from '../../../shared/plans';

export type UsageNumbers = Partial<Record<UsageMetric, number>>;

/** rpc get_organization_usage_status as the client holds it. */
export interface UsageStatus {
  plan: string | null;
  usage: UsageNumbers;
  limits: UsageNumbers;
  alerts: UsageAlert[];
}

/** A row of subscription_plan_limits (-1 means unlimited). */
export interface PlanLimits {
  plan: string;
  display_name: string;
  monthly_price: number;
  is_active: boolean;
  monthly_requests: number;
  max_websites: number;
  max_team_members: number;
  max_custom_rules: number;
  retention_days: number;
}

/** A row of organization_billing_summary. */
export interface BillingSummary {
  organization_id: string;
  plan: string | null;
  plan_variant: string | null;
  subscription_status: string | null;
  trial_ends_at: string | null;
  current_period_end: string | null;
  monthly_price: number | null;
  invoice_count: number;
  total_paid: number;
  last_invoice_at: string | null;
  effective_plan: string | null;
  billing_state: string | null;
  trial_days_left: number | null;
  grace_ends_at: string | null;
  cancel_at_period_end: boolean;
  next_amount: number | null;
  has_billing_account: boolean;
}

export interface Invoice {
  id: string;
  organization_id: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  status: string;
  period_start: string | null;
  period_end: string | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  number: string | null;
  created_at: string;
}
