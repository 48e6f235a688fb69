import type { PlanCustomDefinition, PlanParameterType, TrackingPlanDocument } from '../../../shared/ga4';

export interface PublishedVersion {
  id: string;
  number: number;
  published_at: string;
  published_by: string | null;
  document: TrackingPlanDocument;
}

export interface WebsitePlan {
  planId: string;
  name: string;
  draftId: string;
  versions: PublishedVersion[];
  customDefinitions: PlanCustomDefinition[];
  /** Severity per finding kind the owners set (absent kinds keep DEFAULT_PLAN_SEVERITIES); applies to every hit from the next one on. */
  severities: NonNullable<TrackingPlanDocument['severities']>;
}

export interface DraftParameter {
  id: string;
  event_id: string | null;
  scope: 'event' | 'item' | 'user';
  name: string;
  type: PlanParameterType;
  required: boolean;
  allowed_values: string[] | null;
  description: string | null;
}

export interface DraftEvent {
  id: string;
  name: string;
  status: 'planned' | 'live' | 'deprecated';
  description: string | null;
  owner: string | null;
  parameters: DraftParameter[];
}

export interface Draft {
  events: DraftEvent[];
  userProperties: DraftParameter[];
}

export interface InventoryRow {
  event_name: string;
  scope: 'event' | 'param' | 'item' | 'user';
  name: string;
  hits: number;
  event_hits: number | null;
  share: number | null;
  types: string[];
  examples: string[];
  first_seen: string;
  last_seen: string;
}
