import type { DropReason } from '../../../shared/drop-reasons';

/** Refusals that happen before a website is known, so they are never counted for one. */
type BeforeWebsite = 'missing_site_key' | 'unknown_site_key' | 'missing_measurement_id' | 'no_website_for_measurement_id';

/**
 * What each collector refusal reason (src/shared/drop-reasons.ts) means for the website's owner,
 * and what to do about it. A new reason fails the typecheck until it has a label here.
 */
const REASONS: Record<Exclude<DropReason, BeforeWebsite>, string> = {
  rate_limited: 'Over the plan\'s hits per minute for one website',
  quota_exceeded: 'Monthly request limit of the plan reached',
  origin_not_allowed: 'Sent from a page outside this website\'s domain',
  measurement_id_mismatch: 'Measurement ID not registered for this website',
  api_secret_required: 'Measurement Protocol sent with the public site key instead of a secret',
  website_inactive: 'The website was switched off',
  organization_suspended: 'The organization is suspended',
  invalid_api_key: 'Invalid or revoked secret',
  not_ga4: 'Not a GA4 request',
  invalid_json: 'Measurement Protocol body is not valid JSON',
  malformed_body: 'Unreadable request',
  body_too_large: 'Request too large',
  queue_full: 'Collector busy (the sender retries)',
  storage_unavailable: 'Storage briefly unavailable (the sender retries)',
  shutting_down: 'Collector restarting (the sender retries)',
  store_failed: 'Could not be stored',
  website_deleted: 'The website was deleted',
};

export function refusalReasonLabel(reason: string): string {
  return (REASONS as Record<string, string | undefined>)[reason] ?? reason.replace(/_/g, ' ');
}
