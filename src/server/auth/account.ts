import type { AppDeps } from '../deps';
import { AuthApiError, authErrors } from './errors';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { hashPassword, verifyPassword } from './password';
import { resolveRedirect } from './redirects';
import { endSessions, type SignOutScope } from './sessions';
import { findUserById, isEmailTaken, toUserJson, updateUser } from './users';
import { optionalMetadata, optionalString, requireAcceptablePassword, requireEmail, requireMetadataSize, requirePasswordApartFromEmail, type Metadata } from './validation';
import type { SqlClient } from '../db/database';

export async function getUser(deps: AppDeps, userId: string): Promise<Record<string, unknown>> {
  const user = await findUserById(deps.db.pool, userId);
  if (!user) throw authErrors.userNotFound();
  return toUserJson(user);
}

/** GoTrue merges metadata one level deep; a key set to null is removed. */
export function mergeMetadata(current: Metadata, changes: Metadata): Metadata {
  const merged: Metadata = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * PUT /user: new password (rehashed), metadata (merged into user_metadata), and/or a new email,
 * which takes effect only once the link sent to the new address is followed.
 */
export async function updateCurrentUser(
  deps: AppDeps,
  session: { sub: string; session_id: string },
  body: Record<string, unknown>,
  requestedRedirect: string | undefined,
): Promise<Record<string, unknown>> {
  const userId = session.sub;
  const currentPassword = optionalString(body.current_password, 'current_password');
  const password = body.password === undefined ? undefined : requireAcceptablePassword(body.password, 'Password cannot be empty');
  const data = body.data === undefined ? undefined : optionalMetadata(body.data);
  const newEmail = body.email === undefined ? undefined : requireEmail(body.email, 'Email cannot be empty');
  const passwordHash = password === undefined ? undefined : await hashPassword(password);

  return deps.db.transaction(async (client) => {
    const user = await findUserById(client, userId, true);
    if (!user) throw authErrors.userNotFound();
    if (password !== undefined) requirePasswordApartFromEmail(password, newEmail ?? user.email);
    const changes: Parameters<typeof updateUser>[2] = {};

    if (password !== undefined && passwordHash !== undefined) {
      await requireRecentProof(deps, client, session, user.encrypted_password, currentPassword);
      if (await verifyPassword(password, user.encrypted_password)) {
        throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      changes.encrypted_password = passwordHash;
      // Whoever else holds a session (perhaps the reason for the change) is signed out.
      await endSessions(client, user.id, session.session_id, 'others');
    }
    // The merged result is what the token carries, so it is the one held to the size limit.
    if (data !== undefined) changes.raw_user_meta_data = JSON.stringify(requireMetadataSize(mergeMetadata(user.raw_user_meta_data, data)));

    let emailChangeToken: string | undefined;
    if (newEmail !== undefined && newEmail !== user.email) {
      if (await isEmailTaken(client, newEmail, user.id)) throw authErrors.emailExists();
      changes.email_change = newEmail;
      changes.email_change_sent_now = true;
      emailChangeToken = await issueOneTimeToken(client, user.id, 'email_change');
    }

    const updated = await updateUser(client, user.id, changes);
    if (emailChangeToken && newEmail) {
      const redirectTo = resolveRedirect(deps.publicUrl, requestedRedirect, DEFAULT_REDIRECT_PATH.email_change);
      await authEmails(deps.mailer).sendEmailChangeEmail(
        newEmail,
        verificationLink(deps.publicUrl, emailChangeToken, 'email_change', redirectTo),
      );
    }
    return toUserJson(updated);
  });
}

/**
 * A password change needs proof beyond a bearer token that may have leaked: the current password
 * (supabase-js sends it as current_password), or a session that began recently, as GoTrue's
 * secure password change does. A recovery link starts a new session, so resets still work.
 */
async function requireRecentProof(
  deps: AppDeps,
  client: SqlClient,
  session: { session_id: string },
  storedHash: string,
  currentPassword: string | undefined,
): Promise<void> {
  if (currentPassword !== undefined) {
    if (!(await verifyPassword(currentPassword, storedHash))) {
      throw new AuthApiError(400, 'current_password_mismatch', 'Current password required when setting new password.');
    }
    return;
  }
  const windowSeconds = deps.config.authReauthWindowSeconds ?? DEFAULT_REAUTH_WINDOW_SECONDS;
  const { rows } = await client.query<{ recent: boolean }>(
    `select created_at > now() - make_interval(secs => $2) as recent from auth.sessions where id = $1`,
    [session.session_id, windowSeconds],
  );
  if (!rows[0]?.recent) {
    throw new AuthApiError(400, 'reauthentication_needed', 'Password update requires reauthentication: enter your current password.');
  }
}

export const DEFAULT_REAUTH_WINDOW_SECONDS = 24 * 3600;

export function parseSignOutScope(value: string | undefined): SignOutScope {
  const scope = value ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw authErrors.validation('scope must be one of global, local, others');
  }
  return scope;
}

export async function signOut(deps: AppDeps, userId: string, sessionId: string, scope: SignOutScope): Promise<void> {
  await deps.db.transaction((client) => endSessions(client, userId, sessionId, scope));
}
