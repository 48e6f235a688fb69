import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { marketingRoutes } from '../pages/marketing/routes';
import { superAdminRoutes } from '../pages/super-admin/routes';
import { PublicLayout } from '../pages/public/PublicLayout';
import { FallbackHomePage } from '../pages/public/FallbackHomePage';
import { AuthLayout } from '../pages/auth/AuthLayout';
import { LoginPage } from '../pages/auth/LoginPage';
import { SignupPage } from '../pages/auth/SignupPage';
import { PasswordPage } from '../pages/auth/PasswordPage';
import { VerifyEmailPage } from '../pages/auth/VerifyEmailPage';
import { ValidationPage } from '../pages/validation/ValidationPage';
import { BillingPage } from '../pages/billing/BillingPage';
import { OrganizationPage } from '../pages/organization/OrganizationPage';
import { CreateOrganizationPage } from '../pages/organization/CreateOrganizationPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { TeamPage } from '../pages/team/TeamPage';
import { PlanGate } from '../pages/app/PlanGate';
import { AlertsPage } from '../pages/alerts/AlertsPage';
import { AnalyticsPage } from '../pages/analytics/AnalyticsPage';
import { ApiKeysPage } from '../pages/api-keys/ApiKeysPage';
import { BasicRulesPage } from '../pages/rules/BasicRulesPage';
import { AdvancedRulesPage } from '../pages/rules/AdvancedRulesPage';
import { CustomRulesPage } from '../pages/rules/CustomRulesPage';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { WebsitesPage } from '../pages/websites/WebsitesPage';
import { AddWebsitePage } from '../pages/websites/AddWebsitePage';
import { RequestsPage } from '../pages/requests/RequestsPage';
import { AppLayout } from '../shell/AppLayout';
import { AccessWrapper } from './AccessWrapper';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { RequireAuth } from './RequireAuth';
import { RequirePermission } from './RequirePermission';
import { LOGIN_PATH } from './paths';
import { hasHomeRoute } from './home-route';

const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'websites', element: <WebsitesPage /> },
  { path: 'websites/add', element: <AddWebsitePage /> },
  { path: 'requests', element: <RequestsPage /> },
  {
    path: 'analytics',
    element: (
      <RequirePermission permission="viewAnalytics" title="Analytics">
        <AnalyticsPage />
      </RequirePermission>
    ),
  },
  { path: 'alerts', element: <AlertsPage /> },
  {
    path: 'rules',
    element: <Outlet />,
    children: [
      { index: true, element: <Navigate to="basic" replace /> },
      { path: 'basic', element: <BasicRulesPage /> },
      {
        path: 'advanced',
        element: (
          <PlanGate feature="advanced_rules" featureTitle="Advanced Rules" accessDescription="70 advanced business rules">
            <AdvancedRulesPage />
          </PlanGate>
        ),
      },
      {
        path: 'custom',
        element: (
          <PlanGate feature="custom_rules" featureTitle="Custom Rules" accessDescription="custom validation rules">
            <CustomRulesPage />
          </PlanGate>
        ),
      },
    ],
  },
  { path: 'team', element: <TeamPage /> },
  { path: 'organization', element: <OrganizationPage /> },
  { path: 'organization/create', element: <CreateOrganizationPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'api-keys', element: <ApiKeysPage /> },
  { path: 'billing', element: <BillingPage /> },
];

export function buildRoutes(marketing: RouteObject[] = marketingRoutes, superAdmin: RouteObject[] = superAdminRoutes): RouteObject[] {
  return [
    {
      element: <RedirectIfSignedIn renderWhileLoading />,
      children: [
        {
          element: <PublicLayout />,
          children: hasHomeRoute(marketing) ? marketing : [{ index: true, element: <FallbackHomePage /> }, ...marketing],
        },
      ],
    },
    {
      element: <RedirectIfSignedIn />,
      children: [
        {
          element: <AuthLayout />,
          children: [
            { path: '/login', element: <LoginPage /> },
            { path: '/signup', element: <SignupPage /> },
          ],
        },
      ],
    },
    {
      // The recovery session from a reset link must reach the new-password form.
      element: <RedirectIfSignedIn allowRecovery />,
      children: [
        {
          element: <AuthLayout />,
          children: [
            { path: '/reset-password', element: <PasswordPage /> },
            { path: '/update-password', element: <PasswordPage /> },
          ],
        },
      ],
    },
    {
      // Not behind RedirectIfSignedIn: the confirmation link signs the user in, and the page
      // shows that before continuing to the dashboard itself.
      element: <AuthLayout />,
      children: [{ path: '/verify-email', element: <VerifyEmailPage /> }],
    },
    { path: '/auth/login', element: <Navigate to={LOGIN_PATH} replace /> },
    { path: '/validation-page', element: <ValidationPage /> },
    {
      path: '/app',
      element: (
        <RequireAuth>
          <AccessWrapper>
            <AppLayout />
          </AccessWrapper>
        </RequireAuth>
      ),
      children: appRoutes,
    },
    ...superAdmin,
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
