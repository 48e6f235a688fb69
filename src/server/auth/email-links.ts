import type { AppDeps } from '../deps';
import { AuthApiError } from './errors';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { readPkceChallenge, startFlow } from './pkce';
import { resolveRedirect } from './redirects';
import { DuplicateEmailError, findUserByEmail, insertEmailUser, updateUser } from './users';
import { optionalMetadata, requireEmail } from './validation';

/**
 * POST /recover: emails a password-reset link when the account exists. The answer is the same
 * either way, so the endpoint does not reveal which addresses have accounts.
 */
export async function requestPasswordRecovery(
  deps: AppDeps,
  body: Record<string, unknown>,
  requestedRedirect: string | undefined,
): Promise<void> {
  const email = requireEmail(body.email, 'Password recovery requires an email');
  const pkce = readPkceChallenge(body);
  const redirectTo = resolveRedirect(deps.publicUrl, requestedRedirect, DEFAULT_REDIRECT_PATH.recovery);
  await deps.db.transaction(async (client) => {
    const user = await findUserByEmail(client, email, true);
    if (!user) return;
    const token = await issueOneTimeToken(client, user.id, 'recovery');
    if (pkce) await startFlow(client, user.id, 'recovery', pkce);
    await updateUser(client, user.id, { recovery_sent_now: true });
    await authEmails(deps.mailer).sendRecoveryEmail(email, verificationLink(deps.publicUrl, token, 'recovery', redirectTo));
  });
}

/**
 * POST /otp (signInWithOtp): emails a magic link. Unknown addresses get an account (without a
 * password) unless create_user is false; following the link confirms the address.
 */
export async function sendMagicLink(deps: AppDeps, body: Record<string, unknown>, requestedRedirect: string | undefined): Promise<void> {
  if (body.email === undefined && body.phone !== undefined) {
    throw new AuthApiError(400, 'phone_provider_disabled', 'Phone sign-in is not supported');
  }
  const email = requireEmail(body.email, 'Magic link sign-in requires an email');
  const createUser = body.create_user !== false;
  const userMetadata = optionalMetadata(body.data);
  const pkce = readPkceChallenge(body);
  const redirectTo = resolveRedirect(deps.publicUrl, requestedRedirect, DEFAULT_REDIRECT_PATH.magiclink);
  await deps.db.transaction(async (client) => {
    let user = await findUserByEmail(client, email, true);
    if (!user) {
      if (!createUser) throw new AuthApiError(422, 'otp_disabled', 'Signups not allowed for otp');
      try {
        user = await insertEmailUser(client, { email, passwordHash: '', userMetadata });
      } catch (err) {
        // Someone signed up with this address a moment ago; the link goes to that account.
        if (!(err instanceof DuplicateEmailError)) throw err;
        user = await findUserByEmail(client, email, true);
        if (!user) throw err;
      }
    }
    const token = await issueOneTimeToken(client, user.id, 'magiclink');
    if (pkce) await startFlow(client, user.id, 'magiclink', pkce);
    await authEmails(deps.mailer).sendMagicLinkEmail(email, verificationLink(deps.publicUrl, token, 'magiclink', redirectTo));
  });
}
