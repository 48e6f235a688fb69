/** How long each kind of server data stays fresh before TanStack Query refetches it (spec section 9). */
const MINUTE_MS = 60 * 1000;

export const ORGANIZATIONS_CACHE_MS = 5 * MINUTE_MS;
export const WEBSITES_CACHE_MS = 2 * MINUTE_MS;
export const USAGE_STATUS_CACHE_MS = 5 * MINUTE_MS;
export const BILLING_SUMMARY_CACHE_MS = 10 * MINUTE_MS;
export const PLAN_LIMITS_CACHE_MS = 30 * MINUTE_MS;
export const INVOICES_CACHE_MS = 15 * MINUTE_MS;
export const FEATURE_ACCESS_CACHE_MS = 30 * MINUTE_MS;
export const PLAN_LIST_CACHE_MS = 60 * MINUTE_MS;
// Product screens (not in the spec; chosen for how fast each kind of data changes).
/** The requests log changes with every hit; the page also polls it. */
export const REQUESTS_CACHE_MS = 10 * 1000;
/** Hourly rollups and usage events behind the dashboard, analytics and alerts. */
export const ROLLUPS_CACHE_MS = 1 * MINUTE_MS;
/** Per-website rule settings and custom rules change only when someone edits them. */
export const RULES_CACHE_MS = 2 * MINUTE_MS;
export const API_KEYS_CACHE_MS = 1 * MINUTE_MS;
