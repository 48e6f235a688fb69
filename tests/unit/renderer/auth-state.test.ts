import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { initialAuthState, reduceAuthEvent } from '../../../src/renderer/auth/auth-state';
import { parseAuthFragment } from '../../../src/renderer/auth/auth-fragment';

const session = { access_token: 't', user: { id: 'u1', email: 'a@b.co' } } as unknown as Session;

describe('parseAuthFragment', () => {
  it('reads the type and whether a session came with an email link', () => {
    expect(parseAuthFragment('#access_token=x&refresh_token=y&type=signup')).toEqual({
      type: 'signup',
      hasSession: true,
      error: null,
      errorDescription: null,
    });
  });

  it('reads GoTrue link errors', () => {
    const info = parseAuthFragment('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
    expect(info.error).toBe('otp_expired');
    expect(info.errorDescription).toBe('Email link is invalid or has expired');
    expect(info.hasSession).toBe(false);
  });

  it('returns nothing for an empty fragment', () => {
    expect(parseAuthFragment('')).toEqual({ type: null, hasSession: false, error: null, errorDescription: null });
  });
});

describe('auth state', () => {
  it('starts loading, signed out', () => {
    expect(initialAuthState(null)).toMatchObject({ user: null, session: null, loading: true, recovery: false });
  });

  it('stops loading on the initial session, signed in or not', () => {
    expect(reduceAuthEvent(initialAuthState(null), 'INITIAL_SESSION', null)).toMatchObject({ loading: false, user: null });
    expect(reduceAuthEvent(initialAuthState(null), 'INITIAL_SESSION', session)).toMatchObject({ loading: false, user: { id: 'u1' } });
  });

  it('follows sign in, token refresh, user update and sign out', () => {
    let state = reduceAuthEvent(initialAuthState(null), 'INITIAL_SESSION', null);
    state = reduceAuthEvent(state, 'SIGNED_IN', session);
    expect(state.user?.id).toBe('u1');
    state = reduceAuthEvent(state, 'TOKEN_REFRESHED', session);
    expect(state).toMatchObject({ user: { id: 'u1' }, lastEvent: 'TOKEN_REFRESHED' });
    state = reduceAuthEvent(state, 'USER_UPDATED', session);
    expect(state.lastEvent).toBe('USER_UPDATED');
    state = reduceAuthEvent(state, 'SIGNED_OUT', null);
    expect(state).toMatchObject({ user: null, session: null, lastEvent: 'SIGNED_OUT' });
  });

  it('enters recovery from a reset link (event or fragment) and leaves it on sign out', () => {
    const fromEvent = reduceAuthEvent(initialAuthState(null), 'PASSWORD_RECOVERY', session);
    expect(fromEvent.recovery).toBe(true);
    expect(reduceAuthEvent(fromEvent, 'TOKEN_REFRESHED', session).recovery).toBe(true);
    expect(reduceAuthEvent(fromEvent, 'SIGNED_OUT', null).recovery).toBe(false);

    const fromFragment = initialAuthState(parseAuthFragment('#access_token=x&type=recovery'));
    expect(fromFragment.recovery).toBe(true);
    expect(reduceAuthEvent(fromFragment, 'INITIAL_SESSION', session).recovery).toBe(true);
  });

  it('drops recovery when the reset link did not produce a session', () => {
    const state = initialAuthState(parseAuthFragment('#access_token=x&type=recovery'));
    expect(reduceAuthEvent(state, 'INITIAL_SESSION', null).recovery).toBe(false);
  });

  it('does not treat a signup link as recovery', () => {
    expect(initialAuthState(parseAuthFragment('#access_token=x&type=signup')).recovery).toBe(false);
  });
});
