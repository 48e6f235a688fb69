import '../app/full-styles';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { superAdminRoutes } from '../pages/super-admin/routes';

const BASE = '/super-admin';

/**
 * Descendant routes match the path below their parent (/super-admin/*), so the console's absolute
 * paths are made relative: '/super-admin/login' becomes 'login', '/super-admin' a layout.
 */
export function relativeToBase(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? relativeToBase(route.children) : undefined;
    const path = route.path === BASE ? undefined : route.path?.startsWith(`${BASE}/`) ? route.path.slice(BASE.length + 1) : route.path;
    // RouteObject is a union (index routes have no children); the spread keeps the route's own kind.
    return { ...route, path, children } as RouteObject;
  });
}

const routes: RouteObject[] = [...relativeToBase(superAdminRoutes), { path: '*', element: <Navigate to="/" replace /> }];

/**
 * The super-admin console in its own chunk, mounted at /super-admin/* as descendant routes. An
 * unknown /super-admin path goes home, as any unknown path does.
 */
export function SuperAdminArea() {
  return useRoutes(routes);
}
