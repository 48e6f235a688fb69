import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { FEATURE_PAGES } from './data/feature-pages';
import { SOLUTION_PAGES } from './data/solution-pages';

/**
 * Public marketing pages (/, /pricing, /features, ...), as children of the public layout.
 * Owned by the marketing pages; the app router mounts them under a redirect-if-signed-in guard.
 * One pathless layout route adds the marketing header and footer; paths are absolute so they
 * work whether the parent is pathless or at '/'. Each page is its own chunk (see routing/lazy-page),
 * so a visitor downloads only the page they open.
 */
export const marketingRoutes: RouteObject[] = [
  {
    // Lazy too: the header's drawer brings Mantine's modal, scroll area and focus trap, which the
    // auth and app pages do not need in their first download.
    lazy: lazyPage(() => import('./components/MarketingLayout').then((m) => m.MarketingLayout)),
    children: [
      { path: '/', lazy: lazyPage(() => import('./pages/HomePage').then((m) => m.HomePage)) },
      { path: '/pricing', lazy: lazyPage(() => import('./pages/PricingPage').then((m) => m.PricingPage)) },
      { path: '/features', lazy: lazyPage(() => import('./pages/FeaturesPage').then((m) => m.FeaturesPage)) },
      ...FEATURE_PAGES.map((content) => ({
        path: `/features/${content.slug}`,
        lazy: async () => {
          const { FeatureDetailPage } = await import('./pages/FeatureDetailPage');
          return { element: <FeatureDetailPage content={content} /> };
        },
      })),
      ...SOLUTION_PAGES.map((content) => ({
        path: `/solutions/${content.slug}`,
        lazy: async () => {
          const { SolutionPage } = await import('./pages/SolutionPage');
          return { element: <SolutionPage content={content} /> };
        },
      })),
      { path: '/about', lazy: lazyPage(() => import('./pages/AboutPage').then((m) => m.AboutPage)) },
      { path: '/contact', lazy: lazyPage(() => import('./pages/ContactPage').then((m) => m.ContactPage)) },
      { path: '/docs', lazy: lazyPage(() => import('./pages/DocsPage').then((m) => m.DocsPage)) },
      { path: '/blog', lazy: lazyPage(() => import('./pages/BlogIndexPage').then((m) => m.BlogIndexPage)) },
      { path: '/blog/:slug', lazy: lazyPage(() => import('./pages/BlogPostPage').then((m) => m.BlogPostPage)) },
      { path: '/demo', lazy: lazyPage(() => import('./pages/DemoPage').then((m) => m.DemoPage)) },
      { path: '/privacy', lazy: lazyPage(() => import('./pages/PrivacyPage').then((m) => m.PrivacyPage)) },
      { path: '/terms', lazy: lazyPage(() => import('./pages/TermsPage').then((m) => m.TermsPage)) },
    ],
  },
];

/** Every path the marketing routes serve, for the router's tests and sitemaps. */
export const MARKETING_PATHS: readonly string[] = (marketingRoutes[0]?.children ?? []).flatMap((route) =>
  route.path ? [route.path] : [],
);
