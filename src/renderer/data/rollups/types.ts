export type RollupDimension = 'requests' | 'status' | 'format' | 'event_name' | 'rule' | 'severity' | 'verdict';

/** A row of website_hourly_rollups: how many of something one website had in one UTC hour. */
export interface RollupRow {
  website_id: string;
  /** Start of the UTC hour (ISO). */
  hour: string;
  dimension: RollupDimension;
  value: string;
  count: number;
}

/** A count of one dimension value from an hour (or a chart bucket) on: what the aggregations read. */
export type RollupCount = Omit<RollupRow, 'website_id'>;

/** A row of organization_usage_events, e.g. requests refused because the monthly limit was reached. */
export interface UsageEvent {
  id: string;
  organization_id: string;
  month: string;
  kind: 'monthly_requests_limit_reached';
  limit_value: number | null;
  refused_requests: number;
  first_occurred_at: string;
  last_occurred_at: string;
}
