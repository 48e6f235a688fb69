import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { marketingRoutes } from '../pages/marketing/routes';
import { PublicLayout } from '../pages/public/PublicLayout';
import { FallbackHomePage } from '../pages/public/FallbackHomePage';
import { lazyPage } from '../lib/lazy-page';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RedirectIfSignedIn } from './RedirectIfSignedIn';
import { LOGIN_PATH } from './paths';
import { hasHomeRoute } from './home-route';

/*
 * Route-level code splitting: every page is its own chunk, fetched on first visit. The marketing
 * pages (lazy in pages/marketing/routes) sit outside the session layout (app/SessionProviders), so
 * they load neither supabase-js nor the app shell; auth pages, /app and /super-admin load it first.
 * tests/unit/web/bundle-budget.test.ts holds the marketing and auth pages to their JS budget.
 */

const appRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  { path: 'dashboard', lazy: lazyPage(() => import('../pages/dashboard/DashboardPage').then((m) => m.DashboardPage)) },
  { path: 'websites', lazy: lazyPage(() => import('../pages/websites/WebsitesPage').then((m) => m.WebsitesPage)) },
  { path: 'websites/add', lazy: lazyPage(() => import('../pages/websites/AddWebsitePage').then((m) => m.AddWebsitePage)) },
  { path: 'requests', lazy: lazyPage(() => import('../pages/requests/RequestsPage').then((m) => m.RequestsPage)) },
  {
    path: 'analytics',
    lazy: lazyPage(() => import('./gated-pages').then((m) => m.Analytics)),
  },
  { path: 'alerts', lazy: lazyPage(() => import('../pages/alerts/AlertsPage').then((m) => m.AlertsPage)) },
  { path: 'tracking-plan', lazy: lazyPage(() => import('../pages/tracking-plan/TrackingPlanPage').then((m) => m.TrackingPlanPage)) },
  {
    path: 'rules',
    element: <Outlet />,
    children: [
      { index: true, element: <Navigate to="basic" replace /> },
      { path: 'basic', lazy: lazyPage(() => import('../pages/rules/BasicRulesPage').then((m) => m.BasicRulesPage)) },
      {
        path: 'advanced',
        lazy: lazyPage(() => import('./gated-pages').then((m) => m.AdvancedRules)),
      },
      {
        path: 'custom',
        lazy: lazyPage(() => import('./gated-pages').then((m) => m.CustomRules)),
      },
    ],
  },
  { path: 'team', lazy: lazyPage(() => import('../pages/team/TeamPage').then((m) => m.TeamPage)) },
  { path: 'organization', lazy: lazyPage(() => import('../pages/organization/OrganizationPage').then((m) => m.OrganizationPage)) },
  {
    path: 'organization/create',
    lazy: lazyPage(() => import('../pages/organization/CreateOrganizationPage').then((m) => m.CreateOrganizationPage)),
  },
  { path: 'settings', lazy: lazyPage(() => import('../pages/settings/SettingsPage').then((m) => m.SettingsPage)) },
  { path: 'api-keys', lazy: lazyPage(() => import('../pages/api-keys/ApiKeysPage').then((m) => m.ApiKeysPage)) },
  { path: 'billing', lazy: lazyPage(() => import('../pages/billing/BillingPage').then((m) => m.BillingPage)) },
];

const loginPage = lazyPage(() => import('../pages/auth/LoginPage').then((m) => m.LoginPage));
const signupPage = lazyPage(() => import('../pages/auth/SignupPage').then((m) => m.SignupPage));
const passwordPage = lazyPage(() => import('../pages/auth/PasswordPage').then((m) => m.PasswordPage));
const authLayout = lazyPage(() => import('../pages/auth/AuthLayout').then((m) => m.AuthLayout));

export function buildRoutes(marketing: RouteObject[] = marketingRoutes): RouteObject[] {
  return [
    {
      // Shown while the first page's code loads (the router starts that before /config.json is in).
      hydrateFallbackElement: <FullPageSpinner label="Starting Tracklint…" />,
      children: routeTree(marketing),
    },
  ];
}

function routeTree(marketing: RouteObject[]): RouteObject[] {
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
    { path: '/auth/login', element: <Navigate to={LOGIN_PATH} replace /> },
    {
      lazy: lazyPage(() => import('../app/SessionProviders').then((m) => m.SessionLayout)),
      children: [
        {
          // No spinner while the session is restored: /login's prerendered form stays on screen
          // until the real one replaces it (a signed-in visitor is then sent on).
          element: <RedirectIfSignedIn renderWhileLoading />,
          children: [
            {
              lazy: authLayout,
              children: [
                { path: '/login', lazy: loginPage },
                { path: '/signup', lazy: signupPage },
              ],
            },
          ],
        },
        {
          // The recovery session from a reset link must reach the new-password form.
          element: <RedirectIfSignedIn allowRecovery />,
          children: [
            {
              lazy: authLayout,
              children: [
                { path: '/reset-password', lazy: passwordPage },
                { path: '/update-password', lazy: passwordPage },
              ],
            },
          ],
        },
        {
          // Not behind RedirectIfSignedIn: the confirmation link signs the user in, and the page
          // shows that before continuing to the dashboard itself.
          lazy: authLayout,
          children: [{ path: '/verify-email', lazy: lazyPage(() => import('../pages/auth/VerifyEmailPage').then((m) => m.VerifyEmailPage)) }],
        },
        {
          path: '/validation-page',
          // With the full Mantine sheet (app/full-styles): the page uses more of Mantine than the auth pages.
          lazy: lazyPage(() =>
            Promise.all([import('../app/full-styles'), import('../pages/validation/ValidationPage')]).then(([, m]) => m.ValidationPage),
          ),
        },
        {
          path: '/app',
          lazy: lazyPage(() => import('./AppArea').then((m) => m.AppArea)),
          children: appRoutes,
        },
        { path: '/super-admin/*', lazy: lazyPage(() => import('./SuperAdminArea').then((m) => m.SuperAdminArea)) },
      ],
    },
    { path: '*', element: <Navigate to="/" replace /> },
  ];
}
