import { describe, expect, it } from 'vitest';
import { BLOG_POSTS, blogPostPath, findPostBySlug } from '../../../../src/renderer/pages/marketing/data/blog-posts';
import { buildContactMailto, validateContactForm } from '../../../../src/renderer/pages/marketing/contact-form';

describe('blog posts', () => {
  it('has a few posts with unique, URL-safe slugs', () => {
    expect(BLOG_POSTS.length).toBeGreaterThanOrEqual(2);
    expect(BLOG_POSTS.length).toBeLessThanOrEqual(3);
    const slugs = BLOG_POSTS.map((post) => post.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('finds a post by its slug, ignoring case and surrounding spaces', () => {
    const [first] = BLOG_POSTS;
    expect(findPostBySlug(first?.slug)).toBe(first);
    expect(findPostBySlug(` ${first?.slug.toUpperCase()} `)).toBe(first);
    expect(blogPostPath(first!)).toBe(`/blog/${first?.slug}`);
  });

  it('returns nothing for unknown or missing slugs', () => {
    expect(findPostBySlug('no-such-post')).toBeUndefined();
    expect(findPostBySlug('')).toBeUndefined();
    expect(findPostBySlug(undefined)).toBeUndefined();
  });
});

describe('contact form', () => {
  const valid = { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'Sales', message: 'Please tell me about Enterprise.' };

  it('accepts a complete message', () => {
    expect(validateContactForm(valid)).toEqual({});
  });

  it('explains each missing or malformed field', () => {
    const errors = validateContactForm({ name: '  ', email: 'ada@', topic: 'Gossip', message: 'hi' });
    expect(Object.keys(errors).sort()).toEqual(['email', 'message', 'name', 'topic']);
  });

  it('builds a mailto link with an encoded subject and body', () => {
    const href = buildContactMailto({ ...valid, message: 'Plans & prices?  Thanks!' }, 'team@example.com');
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('team@example.com');
    expect(href).not.toContain('+');
    const params = new URLSearchParams(url.search);
    expect(params.get('subject')).toBe('[Sales] Message from Ada Lovelace');
    expect(params.get('body')).toBe('Plans & prices?  Thanks!\n\nAda Lovelace <ada@example.com>');
  });

  it('refuses to build a link from an invalid form', () => {
    expect(() => buildContactMailto({ ...valid, email: 'nope' })).toThrow(/valid email/);
  });
});
