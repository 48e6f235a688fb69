import { hashPassword } from '../../auth/password';
import { insertEmailUser, findUserByEmail } from '../../auth/users';
import { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, normalizeEmail } from '../../auth/validation';
import type { Database } from '../../db/database';

/** What an operator can do to super admins, outside HTTP (scripts/create-super-admin.mjs). */

export class OperatorError extends Error {}

export interface GrantResult {
  userId: string;
  email: string;
  /** A new auth account was created (its email counts as confirmed: the operator vouches for it). */
  createdAccount: boolean;
  /** The account was not a super admin before. */
  promoted: boolean;
  passwordChanged: boolean;
  mfaReset: boolean;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new OperatorError(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  if (password.length > MAX_PASSWORD_LENGTH) throw new OperatorError(`The password cannot be longer than ${MAX_PASSWORD_LENGTH} characters.`);
}

/**
 * Makes EMAIL a super admin: creates the account when there is none (a password is then required),
 * or promotes the existing one (its password changes only when one is given). resetMfa turns MFA
 * off and ends the admin's sessions, for a lost authenticator or a rotated JWT secret.
 */
export async function grantSuperAdmin(
  db: Pick<Database, 'transaction'>,
  input: { email: string; password?: string | null; resetMfa?: boolean },
): Promise<GrantResult> {
  const email = normalizeEmail(input.email);
  if (!email) throw new OperatorError(`"${input.email}" is not an email address.`);
  const password = input.password || null;
  if (password) checkPassword(password);
  const passwordHash = password ? await hashPassword(password) : null;

  return db.transaction(async (client) => {
    let user = await findUserByEmail(client, email, true);
    const createdAccount = !user;
    if (!user) {
      if (!passwordHash) throw new OperatorError(`There is no account for ${email}; give a password to create it.`);
      user = await insertEmailUser(client, { email, passwordHash, userMetadata: {} });
      await client.query('update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1', [user.id]);
    } else if (passwordHash) {
      await client.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, passwordHash]);
    }
    const inserted = await client.query('insert into public.super_admins (user_id) values ($1) on conflict (user_id) do nothing', [user.id]);
    if (input.resetMfa) {
      await client.query(
        `update public.super_admins set mfa_enabled = false, mfa_secret_encrypted = null, mfa_enabled_at = null, mfa_last_used_step = null
          where user_id = $1`,
        [user.id],
      );
      await client.query('delete from public.super_admin_mfa_challenges where user_id = $1', [user.id]);
      await client.query('update public.super_admin_sessions set revoked_at = now() where user_id = $1 and revoked_at is null', [user.id]);
    }
    return {
      userId: user.id,
      email,
      createdAccount,
      promoted: (inserted.rowCount ?? 0) > 0,
      passwordChanged: !createdAccount && passwordHash !== null,
      mfaReset: input.resetMfa === true,
    };
  });
}

/** Takes super-admin rights away (the account itself stays); its super-admin sessions end with it. */
export async function revokeSuperAdmin(db: Pick<Database, 'transaction'>, rawEmail: string): Promise<{ email: string; revoked: boolean }> {
  const email = normalizeEmail(rawEmail);
  if (!email) throw new OperatorError(`"${rawEmail}" is not an email address.`);
  return db.transaction(async (client) => {
    const { rowCount } = await client.query(
      'delete from public.super_admins where user_id = (select id from auth.users where lower(email) = $1)',
      [email],
    );
    return { email, revoked: (rowCount ?? 0) > 0 };
  });
}
