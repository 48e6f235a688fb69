import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BLOG_POSTS } from '../../../../src/renderer/pages/marketing/data/blog-posts';
import { MARKETING_PATHS, marketingRoutes } from '../../../../src/renderer/pages/marketing/routes';

/** Server-renders one marketing URL (no DOM needed) and returns its HTML. */
async function renderPath(path: string): Promise<string> {
  const handler = createStaticHandler(marketingRoutes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`unexpected redirect for ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <MantineProvider>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </MantineProvider>,
  );
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('marketing pages render', () => {
  const concretePaths = MARKETING_PATHS.map((path) => path.replace(':slug', BLOG_POSTS[0]!.slug));

  it.each(concretePaths)('%s has one h1, the landmarks and the shared header and footer', async (path) => {
    const html = await renderPath(path);
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    expect(html).toContain('<header');
    expect(html).toContain('<main');
    expect(html).toContain('<footer');
    expect(html).toMatch(/href="\/login"[^>]*>[\s\S]*?Sign in/);
    expect(html).toMatch(/href="\/signup"[^>]*>[\s\S]*?Start free/);
    for (const footerLink of ['/privacy', '/terms', '/docs', '/contact']) expect(html).toContain(`href="${footerLink}"`);
  });

  it('shows a friendly message with a way back for an unknown blog post', async () => {
    const html = await renderPath('/blog/not-a-real-post');
    expect(html).toContain('Post not found');
    expect(html).toContain('href="/blog"');
  });

  it('shows the four plans with USD prices, sign-up links for self-service plans and sales for Enterprise', async () => {
    const html = await renderPath('/pricing');
    for (const text of ['$0', '$29', '$99', '$499', 'Coming, not in any plan yet: SSO integration, White label, Priority support.']) expect(html).toContain(text);
    for (const plan of ['free', 'starter', 'pro']) expect(html).toContain(`href="/signup?plan=${plan}"`);
    expect(html).not.toContain('href="/signup?plan=enterprise"');
    expect(html).toContain('aria-label="Contact sales: Enterprise plan" href="/contact"');
  });

  it('links the demo to the validation page', async () => {
    expect(await renderPath('/demo')).toContain('href="/validation-page"');
  });

  it('labels every contact form field', async () => {
    const html = await renderPath('/contact');
    for (const label of ['Name', 'Email', 'Topic', 'Message']) expect(html).toMatch(new RegExp(`<label[^>]*>${label}`));
  });
});
