import type { AppDeps } from '../deps';
import { authErrors } from './errors';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { hashPassword } from './password';
import { readPkceChallenge, startFlow } from './pkce';
import { resolveRedirect } from './redirects';
import { DuplicateEmailError, insertEmailUser, toUserJson, updateUser } from './users';
import { optionalMetadata, requireAcceptablePassword, requireEmail } from './validation';

/**
 * Email signup with confirmation required: creates the unconfirmed user and emails the link.
 * No session until the email is confirmed. A taken email is a 422 user_already_exists.
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
      if (err instanceof DuplicateEmailError) throw authErrors.userAlreadyExists();
      throw err;
    }
    const token = await issueOneTimeToken(client, user.id, 'signup');
    if (pkce) await startFlow(client, user.id, 'signup', pkce);
    user = await updateUser(client, user.id, { confirmation_sent_now: true });
    // Sent inside the transaction: if the mail cannot be sent, no account is left without a link.
    await authEmails(deps.mailer).sendConfirmationEmail(email, verificationLink(deps.publicUrl, token, 'signup', redirectTo));
    return toUserJson(user);
  });
}
