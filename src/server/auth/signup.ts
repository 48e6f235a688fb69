import type { AppDeps } from '../deps';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { hashPassword } from './password';
import { readPkceChallenge, startFlow } from './pkce';
import { resolveRedirect } from './redirects';
import { randomUUID } from 'node:crypto';
import { DuplicateEmailError, findUserByEmail, insertEmailUser, toUserJson, updateUser } from './users';
import type { Metadata } from './validation';
import { optionalMetadata, requireAcceptablePassword, requireEmail } from './validation';

/**
 * What GoTrue answers (with confirmations on) for an address that already has a confirmed
 * account: a user that looks freshly signed up, so the answer does not reveal the account.
 * Like GoTrue's, it has no identities.
 */
function obfuscatedUser(email: string, userMetadata: Metadata): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
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
