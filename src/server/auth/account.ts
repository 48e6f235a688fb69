import type { AppDeps } from '../deps';
import { AuthApiError, authErrors } from './errors';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { hashPassword, verifyPassword } from './password';
import { resolveRedirect } from './redirects';
import { endSessions, type SignOutScope } from './sessions';
import { findUserById, isEmailTaken, toUserJson, updateUser } from './users';
import { optionalMetadata, requireAcceptablePassword, requireEmail, type Metadata } from './validation';

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
  userId: string,
  body: Record<string, unknown>,
  requestedRedirect: string | undefined,
): Promise<Record<string, unknown>> {
  const password = body.password === undefined ? undefined : requireAcceptablePassword(body.password, 'Password cannot be empty');
  const data = body.data === undefined ? undefined : optionalMetadata(body.data);
  const newEmail = body.email === undefined ? undefined : requireEmail(body.email, 'Email cannot be empty');
  const passwordHash = password === undefined ? undefined : await hashPassword(password);

  return deps.db.transaction(async (client) => {
    const user = await findUserById(client, userId, true);
    if (!user) throw authErrors.userNotFound();
    const changes: Parameters<typeof updateUser>[2] = {};

    if (password !== undefined && passwordHash !== undefined) {
      if (await verifyPassword(password, user.encrypted_password)) {
        throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      changes.encrypted_password = passwordHash;
    }
    if (data !== undefined) changes.raw_user_meta_data = JSON.stringify(mergeMetadata(user.raw_user_meta_data, data));

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
