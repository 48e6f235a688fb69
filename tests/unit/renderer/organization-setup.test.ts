import { describe, expect, it } from 'vitest';
import {
  EMAIL_CONFIRMATION_WINDOW_MS,
  NEW_USER_WINDOW_MS,
  SIGNUP_COMPLETION_DELAY_MS,
  completeSignupArgs,
  interpretSetupResult,
  shouldRunOrganizationSetup,
} from '../../../src/renderer/data/auth/organization-setup';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

const freshUser = {
  id: 'u1',
  email: 'jane@example.com',
  created_at: ago(2 * MIN),
  email_confirmed_at: ago(30_000),
  user_metadata: { organization_name: 'Acme Analytics', organization_slug: 'acme', organization_plan: 'starter' },
};

describe('organization setup constants', () => {
  it('match the spec: 10 min new user, 5 min confirmation, 1 s delay', () => {
    expect(NEW_USER_WINDOW_MS).toBe(10 * MIN);
    expect(EMAIL_CONFIRMATION_WINDOW_MS).toBe(5 * MIN);
    expect(SIGNUP_COMPLETION_DELAY_MS).toBe(1000);
  });
});

describe('shouldRunOrganizationSetup', () => {
  it('runs for a just-confirmed new user with an organization name', () => {
    expect(shouldRunOrganizationSetup(freshUser, NOW)).toBe(true);
  });

  it('runs right at the edges of both windows', () => {
    const edge = { ...freshUser, created_at: ago(10 * MIN), email_confirmed_at: ago(5 * MIN) };
    expect(shouldRunOrganizationSetup(edge, NOW)).toBe(true);
  });

  it('skips when the email was confirmed more than 5 minutes ago', () => {
    expect(shouldRunOrganizationSetup({ ...freshUser, email_confirmed_at: ago(5 * MIN + 1) }, NOW)).toBe(false);
  });

  it('skips when the email is not confirmed', () => {
    expect(shouldRunOrganizationSetup({ ...freshUser, email_confirmed_at: null }, NOW)).toBe(false);
  });

  it('skips accounts created more than 10 minutes ago', () => {
    expect(shouldRunOrganizationSetup({ ...freshUser, created_at: ago(10 * MIN + 1) }, NOW)).toBe(false);
  });

  it('skips when no organization name was given', () => {
    expect(shouldRunOrganizationSetup({ ...freshUser, user_metadata: {} }, NOW)).toBe(false);
    expect(shouldRunOrganizationSetup({ ...freshUser, user_metadata: { organization_name: '  ' } }, NOW)).toBe(false);
    expect(shouldRunOrganizationSetup({ ...freshUser, user_metadata: null }, NOW)).toBe(false);
  });

  it('skips without a user', () => {
    expect(shouldRunOrganizationSetup(null, NOW)).toBe(false);
  });
});

describe('completeSignupArgs', () => {
  it('passes the signup metadata to complete_user_signup', () => {
    expect(completeSignupArgs(freshUser)).toEqual({ user_id: 'u1', org_name: 'Acme Analytics', org_slug: 'acme', org_plan: 'starter' });
  });

  it('derives the slug and defaults the plan to free when missing', () => {
    const user = { ...freshUser, user_metadata: { organization_name: 'Acme Analytics' } };
    expect(completeSignupArgs(user)).toEqual({ user_id: 'u1', org_name: 'Acme Analytics', org_slug: 'acme-analytics', org_plan: 'free' });
  });
});

describe('interpretSetupResult', () => {
  it('reads created and already-exists statuses', () => {
    expect(interpretSetupResult({ organization_id: 'o1', status: 'created' }, null)).toBe('created');
    expect(interpretSetupResult({ organization_id: 'o1', status: 'already exists' }, null)).toBe('existing');
  });

  it('treats a duplicate-key error as an existing organization', () => {
    expect(interpretSetupResult(null, { code: '23505', message: 'x' })).toBe('existing');
    expect(interpretSetupResult(null, { message: 'duplicate key value violates unique constraint' })).toBe('existing');
  });

  it('reports other errors as failures', () => {
    expect(interpretSetupResult(null, { code: '42501', message: 'permission denied' })).toBe('failed');
  });
});
