import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DROP_REASONS, type DropReason } from '../../shared/drop-reasons';

// The closed list lives in src/shared so the renderer's labels are checked against it too.
export { DROP_REASONS, type DropReason };

/** The HTTP status that answers a request refused for this reason. */
export const DROP_STATUS: Record<DropReason, ContentfulStatusCode> = {
  missing_site_key: 400,
  unknown_site_key: 404,
  website_deleted: 404,
  api_secret_required: 401,
  invalid_api_key: 403,
  missing_measurement_id: 400,
  no_website_for_measurement_id: 404,
  website_inactive: 403,
  organization_suspended: 403,
  origin_not_allowed: 403,
  measurement_id_mismatch: 403,
  quota_exceeded: 429,
  rate_limited: 429,
  body_too_large: 413,
  malformed_body: 400,
  not_ga4: 400,
  invalid_json: 400,
  queue_full: 503,
  storage_unavailable: 503,
  store_failed: 500,
  shutting_down: 503,
};

/** Reasons after which the same hit may succeed if sent again (the sender should retry). */
export const RETRYABLE_REASONS: ReadonlySet<DropReason> = new Set(['queue_full', 'storage_unavailable', 'shutting_down']);

/** A refusal: the reason (for counters) and a message for the sender. */
export interface Drop {
  reason: DropReason;
  message: string;
}

export function drop(reason: DropReason, message: string): Drop {
  return { reason, message };
}

/** What each pipeline step returns: the value to pass on, or a drop. */
export type StepResult<T> = { ok: true; value: T } | { ok: false; drop: Drop };

export const pass = <T>(value: T): StepResult<T> => ({ ok: true, value });
export const refuse = <T>(reason: DropReason, message: string): StepResult<T> => ({ ok: false, drop: drop(reason, message) });
