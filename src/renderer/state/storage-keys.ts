/** Browser-storage keys of remembered selections (one key each, spec section 4). */
export const CURRENT_ORGANIZATION_STORAGE_KEY = 'tracklint.currentOrganizationId';
export const CURRENT_WEBSITE_STORAGE_KEY = 'tracklint.currentWebsiteId';
