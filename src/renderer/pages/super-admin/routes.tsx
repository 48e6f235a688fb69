import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SuperAdminLayout } from './layout/SuperAdminLayout';
import { PlaceholderPage, SettingsPage } from './pages/PlaceholderPage';
import { PLACEHOLDER_PAGES } from './pages/placeholder-pages';
import { SuperAdminLoginPage } from './pages/SuperAdminLoginPage';
import { SuperAdminMfaPage } from './pages/SuperAdminMfaPage';
import { SuperAdminProfilePage } from './pages/SuperAdminProfilePage';
import { SuperAdminGuard } from './session/SuperAdminGuard';
import { SuperAdminSessionRoot } from './session/SuperAdminSessionProvider';

/**
 * /super-admin/* routes, mounted by the app router at the top level. A pathless root holds
 * the super-admin session for all of them; login and MFA are public, the rest sit behind the guard.
 * Tests pass their own session root (a provider around a prepared controller).
 */
export function createSuperAdminRoutes(sessionRoot: ReactElement = <SuperAdminSessionRoot />): RouteObject[] {
  return [
    {
      element: sessionRoot,
      children: [
        { path: '/super-admin/login', element: <SuperAdminLoginPage /> },
        { path: '/super-admin/mfa', element: <SuperAdminMfaPage /> },
        {
          path: '/super-admin',
          element: <SuperAdminGuard />,
          children: [
            {
              element: <SuperAdminLayout />,
              children: [
                { index: true, element: <Navigate to="/super-admin/dashboard" replace /> },
                ...PLACEHOLDER_PAGES.map((content) => ({
                  path: content.path,
                  element: <PlaceholderPage content={content} />,
                })),
                { path: 'profile', element: <SuperAdminProfilePage /> },
                { path: 'settings', element: <SettingsPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

export const superAdminRoutes: RouteObject[] = createSuperAdminRoutes();
