import { describe, expect, it } from 'vitest';
import { resolveRedirect, withFragment } from '../../../../src/server/auth/redirects';

const site = 'http://localhost:8787';

describe('email link redirects', () => {
  it('follows redirects to our own site', () => {
    expect(resolveRedirect(site, 'http://localhost:8787/verify-email?x=1', '/')).toBe('http://localhost:8787/verify-email?x=1');
    expect(resolveRedirect(site, '/reset-password', '/')).toBe('http://localhost:8787/reset-password');
  });

  it('falls back to the default page for other origins and schemes', () => {
    expect(resolveRedirect(site, 'https://evil.example/steal', '/verify-email')).toBe('http://localhost:8787/verify-email');
    expect(resolveRedirect(site, '//evil.example/steal', '/verify-email')).toBe('http://localhost:8787/verify-email');
    expect(resolveRedirect(site, 'http://localhost:9999/', '/verify-email')).toBe('http://localhost:8787/verify-email');
    expect(resolveRedirect(site, 'javascript:alert(1)', '/')).toBe('http://localhost:8787/');
    expect(resolveRedirect(site, undefined, '/verify-email')).toBe('http://localhost:8787/verify-email');
  });

  it('puts tokens in the fragment, replacing any fragment already there', () => {
    const url = withFragment('http://localhost:8787/verify-email#old', { access_token: 'a b', type: 'signup' });
    expect(url).toBe('http://localhost:8787/verify-email#access_token=a+b&type=signup');
  });
});
