/**
 * Where an invitation token can come from, and which one wins. An invitation link
 * (/signup?invitation=TOKEN&email=EMAIL, or /login?invitation=TOKEN) puts it in the URL; the
 * sign-up form stores it in the new account's metadata (`invitation_token`), and this tab keeps
 * it in session storage so a sign-in in the same tab can still accept it.
 */
export const INVITATION_PARAM = 'invitation';
export const INVITATION_EMAIL_PARAM = 'email';
export const INVITATION_METADATA_KEY = 'invitation_token';
export const PENDING_INVITATION_STORAGE_KEY = 'tracklint.pendingInvitation';

/** Paths whose `invitation` query parameter is an invitation link. */
const INVITATION_PATHS = ['/signup', '/login'];

// Tokens are base64url (the server makes 32 random bytes); anything else is not one of ours.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/;

export function isInvitationToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export interface InvitationLink {
  token: string;
  email: string | null;
}

/** The invitation in a query string, or null when there is none (or it is malformed). */
export function invitationFromSearch(search: string): InvitationLink | null {
  const params = new URLSearchParams(search);
  const token = params.get(INVITATION_PARAM)?.trim();
  if (!isInvitationToken(token)) return null;
  const email = params.get(INVITATION_EMAIL_PARAM)?.trim() || null;
  return { token, email };
}

type TokenStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Remembers the invitation of an invitation link for this tab (before a redirect drops the query). */
export function rememberInvitationFromUrl(location: { pathname: string; search: string }, storage: TokenStore | undefined): void {
  const path = location.pathname.replace(/\/+$/, '');
  if (!storage || !INVITATION_PATHS.includes(path)) return;
  const invitation = invitationFromSearch(location.search);
  if (invitation) rememberInvitation(invitation.token, storage);
}

export function rememberInvitation(token: string, storage: TokenStore | undefined): void {
  if (!storage || !isInvitationToken(token)) return;
  try {
    storage.setItem(PENDING_INVITATION_STORAGE_KEY, token);
  } catch {
    // Storage can be full or disabled; the metadata path still works.
  }
}

export function readPendingInvitation(storage: TokenStore | undefined): string | null {
  try {
    const value = storage?.getItem(PENDING_INVITATION_STORAGE_KEY) ?? null;
    return isInvitationToken(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearPendingInvitation(storage: TokenStore | undefined): void {
  try {
    storage?.removeItem(PENDING_INVITATION_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

export interface ResolvedInvitation {
  token: string;
  /** The token sits in the account's metadata and must be cleared there after the attempt. */
  fromMetadata: boolean;
}

/**
 * The invitation to accept after sign-in: the one saved on the account at sign-up first (it
 * belongs to this account for sure), else the one this tab was opened with; none otherwise.
 */
export function resolveInvitationToken(
  metadata: Record<string, unknown> | null | undefined,
  stored: string | null,
): ResolvedInvitation | null {
  const fromMetadata = metadata?.[INVITATION_METADATA_KEY];
  if (isInvitationToken(fromMetadata)) return { token: fromMetadata, fromMetadata: true };
  if (isInvitationToken(stored)) return { token: stored, fromMetadata: false };
  return null;
}

/**
 * Invitations this browser already accepted, so that a second open tab (which gets the same
 * sign-in through shared storage) does not accept the same invitation again and report
 * 'Invitation was already accepted'. A short list: only the latest few matter.
 */
export const HANDLED_INVITATIONS_STORAGE_KEY = 'tracklint.handledInvitations';
export const HANDLED_INVITATIONS_MAX = 10;

export function parseHandledInvitations(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isInvitationToken) : [];
  } catch {
    return [];
  }
}

/** The list with `token` added last (once), keeping the newest HANDLED_INVITATIONS_MAX. */
export function withHandledInvitation(list: readonly string[], token: string): string[] {
  return [...list.filter((t) => t !== token), token].slice(-HANDLED_INVITATIONS_MAX);
}

export function wasInvitationHandled(storage: TokenStore | undefined, token: string): boolean {
  try {
    return parseHandledInvitations(storage?.getItem(HANDLED_INVITATIONS_STORAGE_KEY) ?? null).includes(token);
  } catch {
    return false;
  }
}

export function markInvitationHandled(storage: TokenStore | undefined, token: string): void {
  try {
    const list = parseHandledInvitations(storage?.getItem(HANDLED_INVITATIONS_STORAGE_KEY) ?? null);
    storage?.setItem(HANDLED_INVITATIONS_STORAGE_KEY, JSON.stringify(withHandledInvitation(list, token)));
  } catch {
    // Without storage, a second tab may try again; the server refuses it harmlessly.
  }
}
