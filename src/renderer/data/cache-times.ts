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
