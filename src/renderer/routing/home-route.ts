import type { RouteObject } from 'react-router-dom';

/** Whether the routes provide the home page ("/"); if not, a fallback keeps "/" from redirecting to itself. */
export function hasHomeRoute(routes: RouteObject[]): boolean {
  return routes.some(
    (r) => r.index === true || r.path === '/' || r.path === '' || (r.path === undefined && r.children !== undefined && hasHomeRoute(r.children)),
  );
}
