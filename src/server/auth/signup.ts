import type { AppDeps } from '../deps';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { hashPassword } from './password';
import { readPkceChallenge, startFlow } from './pkce';
import { resolveRedirect } from './redirects';
import { randomUUID } from 'node:crypto';
import { DuplicateEmailError, EMAIL_PROVIDER_APP_METADATA, findUserByEmail, insertEmailUser, toUserJson, updateUser } from './users';
import type { Metadata } from './validation';
import { optionalMetadata, requireAcceptablePassword, requireEmail, requirePasswordApartFromEmail } from './validation';

/**
 * What GoTrue answers (with confirmations on) for an address that already has a confirmed
 * account: a user that looks freshly signed up, so the answer does not reveal the account.
 * Like GoTrue's, it has no identities.
 */
function obfuscatedUser(email: string, userMetadata: Metadata): Record<string, unknown> {
  const now = new Date();
  // Built by the same toUserJson as a new user's answer, so both carry the same fields.
  const fresh = toUserJson({
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: '',
    email_confirmed_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    email_change: null,
    email_change_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { ...EMAIL_PROVIDER_APP_METADATA, providers: [...EMAIL_PROVIDER_APP_METADATA.providers] },
    raw_user_meta_data: userMetadata,
    banned_until: null,
    created_at: now,
    updated_at: now,
  });
  return { ...fresh, identities: [] };
}

/**
 * Email signup with confirmation required: creates the unconfirmed user and emails the link.
 * No session until the email is confirmed. The answer is the same whether or not the address
 * has an account: a confirmed account gets nothing changed and no mail; an unconfirmed one
 * (perhaps registered by someone else) takes the new password and profile, and a fresh link,
 * so whoever signed up first cannot keep a password on the owner's account.
 */
export async function signUp(
  deps: AppDeps,
  body: Record<string, unknown>,
  requestedRedirect: string | undefined,
): Promise<Record<string, unknown>> {
  const email = requireEmail(body.email, 'Signup requires a valid email');
  const password = requireAcceptablePassword(body.password, 'Signup requires a valid password');
  requirePasswordApartFromEmail(password, email);
  const userMetadata = optionalMetadata(body.data);
  const pkce = readPkceChallenge(body);
  const redirectTo = resolveRedirect(deps.publicUrl, requestedRedirect, DEFAULT_REDIRECT_PATH.signup);
  const passwordHash = await hashPassword(password);

  return deps.db.transaction(async (client) => {
    let user;
    try {
      user = await insertEmailUser(client, { email, passwordHash, userMetadata });
    } catch (err) {
      if (!(err instanceof DuplicateEmailError)) throw err;
      const existing = await findUserByEmail(client, email, true);
      if (!existing || existing.email_confirmed_at) return obfuscatedUser(email, userMetadata);
      user = await updateUser(client, existing.id, { encrypted_password: passwordHash, raw_user_meta_data: JSON.stringify(userMetadata) });
    }
    const token = await issueOneTimeToken(client, user.id, 'signup');
    if (pkce) await startFlow(client, user.id, 'signup', pkce);
    user = await updateUser(client, user.id, { confirmation_sent_now: true });
    // Sent inside the transaction: if the mail cannot be sent, no account is left without a link.
    await authEmails(deps.mailer).sendConfirmationEmail(email, verificationLink(deps.publicUrl, token, 'signup', redirectTo));
    return toUserJson(user);
  });
}
