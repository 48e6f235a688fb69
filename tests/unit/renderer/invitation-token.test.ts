import { describe, expect, it } from 'vitest';
import {
  HANDLED_INVITATIONS_MAX,
  HANDLED_INVITATIONS_STORAGE_KEY,
  PENDING_INVITATION_STORAGE_KEY,
  markInvitationHandled,
  parseHandledInvitations,
  wasInvitationHandled,
  withHandledInvitation,
  clearPendingInvitation,
  invitationFromSearch,
  readPendingInvitation,
  rememberInvitationFromUrl,
  resolveInvitationToken,
} from '../../../src/renderer/auth/invitation-token';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
const OTHER = 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('invitation links', () => {
  it('reads the token and email of /signup?invitation=TOKEN&email=EMAIL', () => {
    expect(invitationFromSearch(`?invitation=${TOKEN}&email=ivy%40example.com`)).toEqual({ token: TOKEN, email: 'ivy@example.com' });
    expect(invitationFromSearch(`?invitation=${TOKEN}`)).toEqual({ token: TOKEN, email: null });
  });

  it('ignores a missing or malformed token', () => {
    expect(invitationFromSearch('?email=ivy%40example.com')).toBeNull();
    expect(invitationFromSearch('?invitation=short')).toBeNull();
    expect(invitationFromSearch('?invitation=has%20spaces%20and%20more%20text')).toBeNull();
  });

  it('remembers the token only from the sign-up and sign-in pages', () => {
    const storage = memoryStorage();
    rememberInvitationFromUrl({ pathname: '/pricing', search: `?invitation=${TOKEN}` }, storage);
    expect(storage.items.size).toBe(0);
    rememberInvitationFromUrl({ pathname: '/signup/', search: `?invitation=${TOKEN}&email=a%40b.co` }, storage);
    expect(storage.items.get(PENDING_INVITATION_STORAGE_KEY)).toBe(TOKEN);
    expect(readPendingInvitation(storage)).toBe(TOKEN);
    clearPendingInvitation(storage);
    expect(readPendingInvitation(storage)).toBeNull();
  });

  it('does not trust a tampered stored value', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_INVITATION_STORAGE_KEY, '<script>');
    expect(readPendingInvitation(storage)).toBeNull();
  });
});

describe('which invitation to accept after sign-in', () => {
  it("prefers the token saved on the account's metadata", () => {
    expect(resolveInvitationToken({ invitation_token: TOKEN }, OTHER)).toEqual({ token: TOKEN, fromMetadata: true });
  });

  it("falls back to the tab's stored token", () => {
    expect(resolveInvitationToken({ full_name: 'Ivy' }, OTHER)).toEqual({ token: OTHER, fromMetadata: false });
    expect(resolveInvitationToken({ invitation_token: null }, OTHER)).toEqual({ token: OTHER, fromMetadata: false });
  });

  it('finds none for a user who was not invited', () => {
    expect(resolveInvitationToken({ organization_name: 'Acme' }, null)).toBeNull();
    expect(resolveInvitationToken(null, null)).toBeNull();
  });
});

describe('invitations this browser already handled (one accept across tabs)', () => {
  it('records each token once, newest last, keeping only the latest few', () => {
    const storage = memoryStorage();
    expect(wasInvitationHandled(storage, TOKEN)).toBe(false);
    markInvitationHandled(storage, TOKEN);
    markInvitationHandled(storage, TOKEN);
    expect(parseHandledInvitations(storage.getItem(HANDLED_INVITATIONS_STORAGE_KEY))).toEqual([TOKEN]);
    expect(wasInvitationHandled(storage, TOKEN)).toBe(true);
    expect(wasInvitationHandled(storage, OTHER)).toBe(false);

    let list: string[] = [];
    for (let i = 0; i < HANDLED_INVITATIONS_MAX + 3; i += 1) list = withHandledInvitation(list, `token-number-${String(i).padStart(4, '0')}`);
    expect(list).toHaveLength(HANDLED_INVITATIONS_MAX);
    expect(list.at(-1)).toBe(`token-number-${String(HANDLED_INVITATIONS_MAX + 2).padStart(4, '0')}`);
  });

  it('ignores a corrupted record', () => {
    expect(parseHandledInvitations('not json')).toEqual([]);
    expect(parseHandledInvitations('{"a":1}')).toEqual([]);
    expect(parseHandledInvitations(JSON.stringify([TOKEN, 42, '<x>']))).toEqual([TOKEN]);
  });
});
