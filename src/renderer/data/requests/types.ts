import type { ParamValue, PlanExpectation, RuleFamily, Severity, ValidationStatus } from '../../../shared/ga4';

/** An engine finding as the collector stores it in collected_requests.issues. */
export interface StoredIssue {
  ruleId: string;
  severity: Severity;
  family: RuleFamily | 'custom' | 'plan';
  path: string;
  message: string;
  eventIndex?: number;
  eventName?: string;
  /** Plan findings: the plan version the hit was checked against and what it says. */
  plan?: PlanExpectation;
}

/** A decoded event in the collector's compact stored shape. */
export interface StoredEvent {
  name: string | null;
  params: Record<string, ParamValue>;
  items?: Record<string, ParamValue>[];
  user_properties?: Record<string, ParamValue>;
  key_event?: boolean;
}

/** A row of the requests log as the list shows it. */
export interface RequestSummaryRow {
  id: string;
  received_at: string;
  website_id: string;
  format: 'gtag' | 'mp';
  endpoint: string;
  method: string;
  source: 'tracker' | 'gtag_direct' | 'measurement_protocol';
  measurement_id: string | null;
  client_id: string | null;
  event_count: number;
  event_names: string[];
  status: ValidationStatus;
  error_count: number;
  warning_count: number;
  info_count: number;
  /** What the checks the plan did not run would have found (WithheldSummary), or null when every tier ran. Read with parseWithheld. */
  withheld: unknown;
}

/** One logged request with its decoded events, findings and the request as received. */
export interface RequestDetailRow extends RequestSummaryRow {
  events: StoredEvent[];
  issues: StoredIssue[];
  url: string;
  body: string | null;
  user_agent: string | null;
}

export interface RequestPage {
  rows: RequestSummaryRow[];
  /** Every row matching the filters (count=exact). */
  total: number;
}
