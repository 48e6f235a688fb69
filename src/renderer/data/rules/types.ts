import type { CustomRuleDefinition, Severity } from '../../../shared/ga4';

/** A row of website_rule_settings: a catalogue rule turned off or given another severity for one website. */
export interface RuleSetting {
  website_id: string;
  rule_id: string;
  enabled: boolean;
  /** Null keeps the rule's default severity. */
  severity: Severity | null;
  updated_at: string;
}

/** A row of custom_rules. */
export interface CustomRule {
  id: string;
  organization_id: string;
  /** Null: applies to every website of the organization. */
  website_id: string | null;
  name: string;
  description: string | null;
  definition: CustomRuleDefinition;
  severity: Severity;
  enabled: boolean;
  created_at: string;
  updated_at: string;
}

export interface CustomRuleInput {
  organizationId: string;
  websiteId: string | null;
  name: string;
  description: string | null;
  definition: CustomRuleDefinition;
  severity: Severity;
  enabled: boolean;
}
