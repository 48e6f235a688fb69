import type { RouteObject } from 'react-router-dom';
import { MarketingLayout } from './components/MarketingLayout';
import { FEATURE_PAGES } from './data/feature-pages';
import { SOLUTION_PAGES } from './data/solution-pages';
import { AboutPage } from './pages/AboutPage';
import { BlogIndexPage } from './pages/BlogIndexPage';
import { BlogPostPage } from './pages/BlogPostPage';
import { ContactPage } from './pages/ContactPage';
import { DemoPage } from './pages/DemoPage';
import { DocsPage } from './pages/DocsPage';
import { FeatureDetailPage } from './pages/FeatureDetailPage';
import { FeaturesPage } from './pages/FeaturesPage';
import { HomePage } from './pages/HomePage';
import { PricingPage } from './pages/PricingPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { SolutionPage } from './pages/SolutionPage';
import { TermsPage } from './pages/TermsPage';

/**
 * Public marketing pages (/, /pricing, /features, ...), as children of the public layout.
 * Owned by the marketing pages; the app router mounts them under a redirect-if-signed-in guard.
 * One pathless layout route adds the marketing header and footer; paths are absolute so they
 * work whether the parent is pathless or at '/'.
 */
export const marketingRoutes: RouteObject[] = [
  {
    element: <MarketingLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/features', element: <FeaturesPage /> },
      ...FEATURE_PAGES.map((content) => ({
        path: `/features/${content.slug}`,
        element: <FeatureDetailPage content={content} />,
      })),
      ...SOLUTION_PAGES.map((content) => ({
        path: `/solutions/${content.slug}`,
        element: <SolutionPage content={content} />,
      })),
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/docs', element: <DocsPage /> },
      { path: '/blog', element: <BlogIndexPage /> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
      { path: '/demo', element: <DemoPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
    ],
  },
];

/** Every path the marketing routes serve, for the router's tests and sitemaps. */
export const MARKETING_PATHS: readonly string[] = (marketingRoutes[0]?.children ?? []).flatMap((route) =>
  route.path ? [route.path] : [],
);
