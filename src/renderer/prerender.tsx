import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { theme } from './app/theme';
import { BLOG_POSTS } from './pages/marketing/data/blog-posts';
import { MARKETING_PATHS, marketingRoutes } from './pages/marketing/routes';
import { AuthLayout } from './pages/auth/AuthLayout';
import { SignInView } from './pages/auth/SignInView';

export { takePageHead } from './lib/prerender-head';

/**
 * Build-time rendering of the marketing pages (run by vite.web.config.ts after the client build):
 * their HTML is in the page the server sends, so a visitor sees the page before any JavaScript
 * has loaded. The client then renders the same page over it (src/renderer/main.tsx).
 */
/**
 * Pages with a form are not prerendered as they are: typed into before the app takes over, the
 * static form would lose the input or submit it natively. /login, the page most visitors open
 * first, is prerendered with its form disabled (SignInView) until the app renders it enabled.
 */
const NOT_PRERENDERED = new Set(['/contact']);

const STATIC_FIELD = { value: '', readOnly: true } as const;

const prerenderRoutes = [
  ...marketingRoutes,
  {
    path: '/login',
    element: (
      <AuthLayout>
        <SignInView email={STATIC_FIELD} password={STATIC_FIELD} disabled />
      </AuthLayout>
    ),
  },
];

export const PRERENDERED_PATHS: readonly string[] = [
  ...MARKETING_PATHS.flatMap((path) => (path.includes(':slug') ? BLOG_POSTS.map((post) => path.replace(':slug', post.slug)) : [path])).filter(
    (path) => !NOT_PRERENDERED.has(path),
  ),
  '/login',
];

/**
 * The prerendered pages that start the app after their first paint, because what they are for
 * needs it: /login's form signs in through supabase-js, /demo's request list is interactive. Every
 * other prerendered page is static: HTML, CSS and the small public-page script (public-page/main.ts).
 */
export const APP_STARTED_PATHS: ReadonlySet<string> = new Set(['/login', '/demo']);

export async function prerender(pathname: string): Promise<string> {
  const handler = createStaticHandler(prerenderRoutes);
  const context = await handler.query(new Request(`http://localhost${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} redirects; it cannot be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <MantineProvider theme={theme}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}
