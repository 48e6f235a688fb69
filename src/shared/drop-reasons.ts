/**
 * Every reason the collector may refuse a hit. Closed on purpose: each has a counter, an HTTP
 * status and a message a customer can act on. Adding one means adding it here; the compiler then asks for its status
 * (src/server/collector/drop-reasons.ts) and its label (src/renderer/data/websites/refusal-reasons.ts).
 */
export const DROP_REASONS = [
  'missing_site_key',
  'unknown_site_key',
  'website_deleted',
  'api_secret_required',
  'invalid_api_key',
  'missing_measurement_id',
  'no_website_for_measurement_id',
  'website_inactive',
  'organization_suspended',
  'origin_not_allowed',
  'measurement_id_mismatch',
  'quota_exceeded',
  'rate_limited',
  'body_too_large',
  'malformed_body',
  'not_ga4',
  'invalid_json',
  'queue_full',
  'storage_unavailable',
  'store_failed',
  'shutting_down',
] as const;

export type DropReason = (typeof DROP_REASONS)[number];
