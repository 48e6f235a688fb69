import '@mantine/core/styles.layer.css';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { superAdminRoutes } from '../pages/super-admin/routes';

/**
 * The super-admin console in its own chunk, mounted at /super-admin/* as descendant routes: its
 * route paths are absolute and start with /super-admin, which descendant routes accept. An unknown /super-admin path goes home, as any unknown path does.
 */
const routes: RouteObject[] = [...superAdminRoutes, { path: '*', element: <Navigate to="/" replace /> }];

export function SuperAdminArea() {
  return useRoutes(routes);
}
