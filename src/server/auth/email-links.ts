import type { AppDeps } from '../deps';
import { AuthApiError, authErrors } from './errors';
import { authEmails } from './emails';
import { DEFAULT_REDIRECT_PATH, verificationLink } from './links';
import { issueOneTimeToken } from './one-time-tokens';
import { readPkceChallenge, startFlow } from './pkce';
import { resolveRedirect } from './redirects';
import { DuplicateEmailError, findUserByEmail, insertEmailUser, updateUser } from './users';
import { optionalMetadata, requireEmail } from './validation';

/**
 * POST /recover: emails a password-reset link when the account exists, at most one a minute.
 * The answer is always the same, so the endpoint does not reveal which addresses have accounts.
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
 * The limits (one a minute per address, whether or not it has an account) are applied by the routes.
 */
export async function sendMagicLink(deps: AppDeps, body: Record<string, unknown>, requestedRedirect: string | undefined): Promise<void> {
  if (body.email === undefined && body.phone !== undefined) {
    throw new AuthApiError(400, 'phone_provider_disabled', 'Phone sign-in is not supported');
  }
  const email = requireEmail(body.email, 'Magic link sign-in requires an email');
  const createUser = body.create_user !== false;
  optionalMetadata(body.data);
  const pkce = readPkceChallenge(body);
  const redirectTo = resolveRedirect(deps.publicUrl, requestedRedirect, DEFAULT_REDIRECT_PATH.magiclink);
  await deps.db.transaction(async (client) => {
    let user = await findUserByEmail(client, email, true);
    if (!user) {
      // Answered like a sent link, so the endpoint does not reveal which addresses have accounts.
      if (!createUser) return;
      try {
        // No profile from the request: whoever asks for the link need not own the address.
        user = await insertEmailUser(client, { email, passwordHash: '', userMetadata: {} });
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

/**
 * POST /resend (supabase.auth.resend): sends a fresh confirmation link for an unconfirmed signup,
 * or for a pending email change (looked up by the current address). Earlier links stop working.
 * Answers the same whether or not anything was sent, except when asked again within a minute (429).
 */
export async function resendEmailLink(deps: AppDeps, body: Record<string, unknown>, requestedRedirect: string | undefined): Promise<void> {
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change') throw authErrors.validation('Resend supports the types signup and email_change');
  const email = requireEmail(body.email, 'Resend requires an email');
  const pkce = readPkceChallenge(body);
  const redirectTo = resolveRedirect(deps.publicUrl, requestedRedirect, DEFAULT_REDIRECT_PATH[type]);
  await deps.db.transaction(async (client) => {
    const user = await findUserByEmail(client, email, true);
    if (!user) return;
    const emails = authEmails(deps.mailer);
    if (type === 'signup') {
      if (user.email_confirmed_at) return;
      const token = await issueOneTimeToken(client, user.id, 'signup');
      if (pkce) await startFlow(client, user.id, 'signup', pkce);
      await updateUser(client, user.id, { confirmation_sent_now: true });
      await emails.sendConfirmationEmail(email, verificationLink(deps.publicUrl, token, 'signup', redirectTo));
    } else {
      if (!user.email_change) return;
      const token = await issueOneTimeToken(client, user.id, 'email_change');
      if (pkce) await startFlow(client, user.id, 'email_change', pkce);
      await updateUser(client, user.id, { email_change_sent_now: true });
      await emails.sendEmailChangeEmail(user.email_change, verificationLink(deps.publicUrl, token, 'email_change', redirectTo));
    }
  });
}
