import { describe, expect, it } from 'vitest';
import { validatePasswordChange, validateSignIn, validateSignUp, type SignUpValues } from '../../../src/renderer/components/fields/validation';
import { featureLabel, parseBillingParams } from '../../../src/renderer/data/billing/billing-params';
import { parseRuntimeConfig, RuntimeConfigError } from '../../../src/renderer/lib/runtime-config';
import { returnPathFrom } from '../../../src/renderer/routing/return-path';

const valid: SignUpValues = {
  email: 'jane@example.com',
  password: 'long-enough',
  fullName: 'Jane Doe',
  organizationName: 'Acme',
  organizationSlug: 'acme',
  organizationPlan: 'free',
};

describe('sign-up validation', () => {
  it('accepts a complete form', () => {
    expect(validateSignUp(valid)).toEqual({});
  });

  it('names every missing field', () => {
    const errors = validateSignUp({ ...valid, email: '', password: '', fullName: ' ', organizationName: '', organizationSlug: '' });
    expect(errors).toEqual({
      email: 'Email is required',
      password: 'Password is required',
      fullName: 'Full name is required',
      organizationName: 'Organization name is required',
      organizationSlug: 'Organization slug is required',
    });
  });

  it('explains bad values', () => {
    const errors = validateSignUp({ ...valid, email: 'jane@', password: 'short', organizationSlug: 'Bad Slug', organizationPlan: 'gold' });
    expect(errors.email).toMatch(/valid email/);
    expect(errors.password).toBe('Password must be at least 8 characters');
    expect(errors.organizationSlug).toMatch(/lowercase letters, numbers and single hyphens/);
    expect(errors.organizationPlan).toBe('Choose a plan');
  });

  it('checks sign-in and password-change forms', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validatePasswordChange({ password: 'long-enough', confirm: 'other-one' })).toEqual({ confirm: 'Passwords do not match' });
    expect(validatePasswordChange({ password: 'long-enough', confirm: 'long-enough' })).toEqual({});
  });
});

describe('billing page parameters', () => {
  it('reads upgrade, feature, source and current', () => {
    const params = new URLSearchParams('upgrade=pro&feature=custom_rules&source=sidebar&current=free');
    expect(parseBillingParams(params)).toEqual({ upgrade: 'pro', feature: 'custom_rules', source: 'sidebar', current: 'free' });
    expect(parseBillingParams(new URLSearchParams('upgrade=&x=1'))).toEqual({ upgrade: null, feature: null, source: null, current: null });
    expect(featureLabel('advanced_rules')).toBe('Advanced Rules');
    expect(featureLabel('api_access')).toBe('API Access');
  });
});

describe('runtime config', () => {
  it('accepts the server config and trims a trailing slash', () => {
    expect(parseRuntimeConfig({ supabaseUrl: 'http://localhost:8787/', supabaseAnonKey: 'anon' }, 'http://x')).toEqual({
      supabaseUrl: 'http://localhost:8787',
      supabaseAnonKey: 'anon',
      billingEnabled: false,
    });
  });

  it('says billing is on only when the server says so', () => {
    expect(parseRuntimeConfig({ supabaseAnonKey: 'anon', billingEnabled: true }, 'http://x').billingEnabled).toBe(true);
    expect(parseRuntimeConfig({ supabaseAnonKey: 'anon', billingEnabled: 'yes' }, 'http://x').billingEnabled).toBe(false);
  });

  it('uses the fallback origin when the server leaves the URL empty', () => {
    expect(parseRuntimeConfig({ supabaseUrl: '', supabaseAnonKey: 'anon' }, 'https://app.example.com').supabaseUrl).toBe('https://app.example.com');
  });

  it('rejects a config without a key or with a bad URL', () => {
    expect(() => parseRuntimeConfig({ supabaseUrl: 'http://x' }, 'http://x')).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig({ supabaseUrl: 'javascript:alert(1)', supabaseAnonKey: 'k' }, 'http://x')).toThrow(/http/);
    expect(() => parseRuntimeConfig('nope', 'http://x')).toThrow(/JSON object/);
  });
});

describe('returnPathFrom', () => {
  it('returns only /app paths', () => {
    expect(returnPathFrom({ from: '/app/requests?x=1' })).toBe('/app/requests?x=1');
    expect(returnPathFrom({ from: 'https://evil.example' })).toBeNull();
    expect(returnPathFrom(null)).toBeNull();
  });
});
