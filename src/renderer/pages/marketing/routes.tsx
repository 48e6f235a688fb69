import type { RouteObject } from 'react-router-dom';

/**
 * Public marketing pages (/, /pricing, /features, ...), as children of the public layout.
 * Owned by the marketing pages; the app router mounts them under a redirect-if-signed-in guard.
 */
export const marketingRoutes: RouteObject[] = [];
