import { describe, expect, it } from 'vitest';
import { TOASTS, TOAST_LIMIT, errorMessage, toastText } from '../../../src/renderer/notifications/toast-catalogue';

const entries = Object.values(TOASTS);
const find = (title: string) => entries.filter((e) => e.title === title);

describe('toast catalogue (spec section 8)', () => {
  it('has every failure title as a destructive toast', () => {
    const failures = [
      'Sign in failed',
      'Sign up failed',
      'Setup incomplete',
      'Sign out failed',
      'Reset failed',
      'Password update failed',
      'Invalid MFA code',
      'MFA setup failed',
      'Failed to switch organization',
      'Failed to switch website',
      'Failed to create organization',
      'Failed to update organization',
      'Failed to delete organization',
      'Failed to invite user',
      'Failed to remove user',
      'Failed to update role',
      'Failed to fix account link',
    ];
    for (const title of failures) {
      const matches = find(title);
      expect(matches.length, title).toBeGreaterThan(0);
      for (const m of matches) expect(m.variant, title).toBe('destructive');
    }
  });

  it('carries the literal failure messages', () => {
    expect(TOASTS.signInFailed.message).toBe('An unexpected error occurred');
    expect(TOASTS.signUpFailed.message).toBe('An unexpected error occurred');
    expect(TOASTS.setupIncomplete.message).toBe('Your account was created but organization setup failed. Please contact support.');
    expect(TOASTS.signOutFailed.message).toBe('An error occurred while signing out');
    expect(TOASTS.invalidMfaCode.message).toBe('Please check your authenticator app and try again');
    expect(TOASTS.switchWebsiteFailed.message).toBe('An error occurred while switching websites');
    expect(TOASTS.updateOrganizationFailed.message).toBe('Failed to update organization');
    expect(TOASTS.inviteUserFailed.message).toBe('Failed to invite user');
    expect(TOASTS.removeUserFailed.message).toBe('Failed to remove user');
    expect(TOASTS.updateRoleFailed.message).toBe('Failed to update user role');
    expect(TOASTS.deleteOrganizationFailed.message).toBe('Failed to delete organization');
    expect(TOASTS.setupCreateOrganizationFailed.message).toBe('Please try again or contact support');
    expect(TOASTS.setupFixAccountLinkFailed.message).toBe('Please contact support');
    expect(TOASTS.superAdminLoginFailed.message).toBe('Authentication failed');
  });

  it('has every success title as a default toast', () => {
    const successes = [
      'Welcome!',
      'Account created!',
      'Signed out',
      'Reset email sent',
      'Password updated',
      'Welcome back',
      'MFA enabled',
      'Organization switched',
      'Website switched',
      'Organization created',
      'Organization updated',
      'User invited',
      'User removed',
      'Role updated',
      'Organization deleted',
      'Account link fixed',
    ];
    for (const title of successes) {
      const matches = find(title);
      expect(matches.length, title).toBe(1);
      expect(matches[0]!.variant, title).toBe('default');
    }
    expect(TOASTS.welcome.message).toBe('Your account and organization have been set up successfully.');
    expect(TOASTS.accountCreated.message).toBe('Please check your email to verify your account.');
  });

  it('gives every entry a non-empty title and message', () => {
    for (const e of entries) {
      expect(e.title.trim()).not.toBe('');
      expect(e.message.trim()).not.toBe('');
    }
  });

  it('shows one toast at a time', () => {
    expect(TOAST_LIMIT).toBe(1);
  });
});

describe('toastText and errorMessage', () => {
  it('prefers the server message and falls back to the entry', () => {
    expect(toastText(TOASTS.signInFailed, 'Invalid login credentials')).toEqual({ title: 'Sign in failed', message: 'Invalid login credentials' });
    expect(toastText(TOASTS.signInFailed, '')).toEqual({ title: 'Sign in failed', message: 'An unexpected error occurred' });
    expect(toastText(TOASTS.signInFailed, null).message).toBe('An unexpected error occurred');
  });

  it('reads messages from errors and strings', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage({ message: 'nope' })).toBe('nope');
    expect(errorMessage('text')).toBe('text');
    expect(errorMessage({})).toBeNull();
    expect(errorMessage(undefined)).toBeNull();
  });
});
