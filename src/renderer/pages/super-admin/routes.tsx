import type { ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { SuperAdminLayout } from './layout/SuperAdminLayout';
import { BillingPage } from './console/BillingPage';
import { DashboardPage } from './console/DashboardPage';
import { OrganizationDetailPage } from './console/OrganizationDetailPage';
import { OrganizationsPage } from './console/OrganizationsPage';
import { RulesPage } from './console/RulesPage';
import { SystemPage } from './console/SystemPage';
import { UserDetailPage } from './console/UserDetailPage';
import { UsersPage } from './console/UsersPage';
import { SettingsPage } from './pages/SettingsPage';
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
                { path: 'dashboard', element: <DashboardPage /> },
                { path: 'organizations', element: <OrganizationsPage /> },
                { path: 'organizations/:id', element: <OrganizationDetailPage /> },
                { path: 'users', element: <UsersPage /> },
                { path: 'users/:id', element: <UserDetailPage /> },
                { path: 'rules', element: <RulesPage /> },
                { path: 'billing', element: <BillingPage /> },
                { path: 'system', element: <SystemPage /> },
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
