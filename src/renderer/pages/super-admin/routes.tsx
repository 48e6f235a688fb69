import type { RouteObject } from 'react-router-dom';

/** /super-admin/* routes, mounted by the app router at the top level. */
export const superAdminRoutes: RouteObject[] = [];
