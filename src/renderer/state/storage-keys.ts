/** Browser-storage keys of remembered selections (one key each, spec section 4). */
export const CURRENT_ORGANIZATION_STORAGE_KEY = 'tracklint.currentOrganizationId';
export const CURRENT_WEBSITE_STORAGE_KEY = 'tracklint.currentWebsiteId';
/** Usage alerts the user dismissed (UI state, not a selection). */
export const DISMISSED_USAGE_ALERTS_STORAGE_KEY = 'tracklint.dismissedUsageAlerts';
