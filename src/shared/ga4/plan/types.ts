/**
 * A tracking plan as one JSON document (format `tracklint-plan/1`): what the database's
 * tracking_plan_document() writes when a version is published, what the CLI reads with --plan,
 * and what the JSON Schema bundle and CSV formats convert to and from.
 */
import type { Severity } from '../types';

export const PLAN_FORMAT = 'tracklint-plan/1';
export const PARAMETER_TYPES = ['string', 'integer', 'number', 'boolean'] as const;
export type PlanParameterType = (typeof PARAMETER_TYPES)[number];
export const EVENT_STATUSES = ['planned', 'live', 'deprecated'] as const;
export type PlanEventStatus = (typeof EVENT_STATUSES)[number];

export interface PlanParameter {
  name: string;
  type: PlanParameterType;
  required?: boolean;
  /** The only values allowed (compared as text, so `EUR` allows neither `eur` nor 1). */
  allowedValues?: string[];
  /** A regular expression (JSON Schema `pattern`: unanchored unless it anchors itself). */
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  description?: string;
}

export interface PlanEvent {
  name: string;
  status: PlanEventStatus;
  description?: string;
  owner?: string;
  /** Where or when it should fire (free text). */
  triggers?: string;
  parameters?: PlanParameter[];
  /** Parameters of each entry of `items`. */
  itemParameters?: PlanParameter[];
}

/** A custom dimension or metric registered in the GA4 property. */
export interface PlanCustomDefinition {
  kind: 'dimension' | 'metric';
  scope: 'event' | 'user' | 'item';
  parameterName: string;
  displayName?: string;
}

export const PLAN_FINDING_KINDS = [
  'plan.unplanned_event',
  'plan.unplanned_parameter',
  'plan.missing_required_parameter',
  'plan.parameter_type',
  'plan.value_not_allowed',
  'plan.deprecated_event',
  'plan.unregistered_dimension',
] as const;
export type PlanFindingKind = (typeof PLAN_FINDING_KINDS)[number];

/**
 * A plan violation: a finding of the plan check at warning or error severity. Info findings (by
 * default `plan.unregistered_dimension`, or any kind the plan sets to info) are reported but
 * violate nothing. `tracklint validate` counts these, the collector's rollups count these
 * (dimension `plan_violation`), and `tracklint check` reads that count: one definition for all.
 */
export const isPlanViolation = (issue: { family: string; severity: Severity }): boolean => issue.family === 'plan' && issue.severity !== 'info';

/** The severity each finding kind has unless the plan sets another ('off' silences a kind). */
export const DEFAULT_PLAN_SEVERITIES: Readonly<Record<PlanFindingKind, Severity>> = {
  'plan.unplanned_event': 'warning',
  'plan.unplanned_parameter': 'warning',
  'plan.missing_required_parameter': 'error',
  'plan.parameter_type': 'error',
  'plan.value_not_allowed': 'error',
  'plan.deprecated_event': 'warning',
  'plan.unregistered_dimension': 'info',
};

export interface TrackingPlanDocument {
  format: typeof PLAN_FORMAT;
  planId?: string;
  versionId?: string;
  /** The published version number (null or absent: a draft or a plan file). */
  version?: number | null;
  events: PlanEvent[];
  userProperties?: PlanParameter[];
  /** Registered GA4 custom definitions; absent or empty: registration is not checked. */
  customDefinitions?: PlanCustomDefinition[];
  /** Severity per finding kind ('off' skips the kind). */
  severities?: Partial<Record<PlanFindingKind, Severity | 'off'>>;
}

/** What a plan finding says the plan expects, for the drawer, the CLI's JSON and alerts. */
export interface PlanExpectation {
  /** "v3" for published version 3, "draft" otherwise. */
  version: string;
  versionId?: string;
  event?: string;
  parameter?: string;
  /** The plan entry in words, e.g. `number, required` or `one of EUR, USD`. */
  expected: string;
}
