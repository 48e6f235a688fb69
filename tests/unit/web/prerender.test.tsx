import { describe, expect, it } from 'vitest';
import { MARKETING_PATHS } from '../../../src/renderer/pages/marketing/routes';
import { PRERENDERED_PATHS, prerender } from '../../../src/renderer/prerender';

/** The build writes these pages' HTML (vite.web.config.ts); the server sends it for their paths. */
describe('prerendered marketing pages', () => {
  it('cover every marketing path but the contact form, blog posts included', () => {
    for (const path of MARKETING_PATHS.filter((p) => !p.includes(':') && p !== '/contact')) expect(PRERENDERED_PATHS).toContain(path);
    expect(PRERENDERED_PATHS.filter((p) => p.startsWith('/blog/')).length).toBeGreaterThan(0);
    expect(PRERENDERED_PATHS.every((p) => /^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/.test(p))).toBe(true);
  });

  it('leave out pages with a form, which must not be typed into before the app runs; /login only with its form disabled', { timeout: 60_000 }, async () => {
    expect(PRERENDERED_PATHS).not.toContain('/contact');
    for (const path of PRERENDERED_PATHS.filter((p) => p !== '/login')) expect(await prerender(path), path).not.toMatch(/<form[\s>]|<input[\s>]|<textarea[\s>]/);
    const login = await prerender('/login');
    expect(login).toMatch(/<h1[^>]*>Sign in<\/h1>/);
    // Every field and the button sit in one disabled fieldset, and nothing could submit into the URL.
    const form = /<form[^>]*>([\s\S]*)<\/form>/.exec(login);
    expect(form?.[0]).toMatch(/^<form[^>]*method="post"/);
    expect(form?.[1]).toMatch(/^<fieldset disabled=""/);
    expect(form?.[1]?.match(/<input[\s>]/g)).toHaveLength(2);
  });

  it('render the page itself (its heading, header and footer) with the theme variables, not a spinner', async () => {
    const html = await prerender('/');
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('<header');
    expect(html).toContain('<footer');
    expect(html).toContain('data-mantine-styles');
    expect(html).not.toMatch(/Starting Tracklint/);
  });
});
