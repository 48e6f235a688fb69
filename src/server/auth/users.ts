import type { SqlClient } from '../db/database';

/** A pool or a transaction client: reads work on either. */
export type Queryable = Pick<SqlClient, 'query'>;
import type { Metadata } from './validation';

/** The auth.users columns the auth service reads. */
export interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Metadata;
  raw_user_meta_data: Metadata;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const userColumns = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data,
  raw_user_meta_data, banned_until, created_at, updated_at`;

export const EMAIL_PROVIDER_APP_METADATA = { provider: 'email', providers: ['email'] } as const;

export async function findUserByEmail(client: Queryable, email: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(
    `select ${userColumns} from auth.users where lower(email) = $1 ${forUpdate ? 'for update' : ''}`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(client: Queryable, id: string, forUpdate = false): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(`select ${userColumns} from auth.users where id = $1 ${forUpdate ? 'for update' : ''}`, [id]);
  return rows[0] ?? null;
}

export async function isEmailTaken(client: SqlClient, email: string, exceptUserId?: string): Promise<boolean> {
  const { rows } = await client.query(
    `select 1 from auth.users where (lower(email) = $1 or lower(email_change) = $1) and id is distinct from $2 limit 1`,
    [email, exceptUserId ?? null],
  );
  return rows.length > 0;
}

export class DuplicateEmailError extends Error {}

/** Inserts an unconfirmed email user. Throws DuplicateEmailError when the email is taken (also under a race). */
export async function insertEmailUser(
  client: SqlClient,
  input: { email: string; passwordHash: string; userMetadata: Metadata },
): Promise<UserRow> {
  // A savepoint keeps the transaction usable after a unique violation, so the caller can report it.
  await client.query('savepoint insert_user');
  try {
    const { rows } = await client.query<UserRow>(
      `insert into auth.users (email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
       values ($1, $2, $3, $4) returning ${userColumns}`,
      [input.email, input.passwordHash, JSON.stringify(EMAIL_PROVIDER_APP_METADATA), JSON.stringify(input.userMetadata)],
    );
    await client.query('release savepoint insert_user');
    return rows[0]!;
  } catch (err) {
    await client.query('rollback to savepoint insert_user');
    if ((err as { code?: string }).code === '23505') throw new DuplicateEmailError(input.email);
    throw err;
  }
}

/** Applies column updates (names are fixed by callers, never user input) and bumps updated_at. */
export async function updateUser(
  client: SqlClient,
  id: string,
  changes: Partial<Record<'encrypted_password' | 'email' | 'email_change' | 'raw_user_meta_data', string | null>> & {
    email_confirmed_now?: boolean;
    confirmation_sent_now?: boolean;
    recovery_sent_now?: boolean;
    email_change_sent_now?: boolean;
    last_sign_in_now?: boolean;
  },
): Promise<UserRow> {
  const sets: string[] = ['updated_at = now()'];
  const params: unknown[] = [id];
  for (const column of ['encrypted_password', 'email', 'email_change', 'raw_user_meta_data'] as const) {
    if (changes[column] !== undefined) {
      params.push(changes[column]);
      sets.push(`${column} = $${params.length}`);
    }
  }
  if (changes.email_confirmed_now) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
  if (changes.confirmation_sent_now) sets.push('confirmation_sent_at = now()');
  if (changes.recovery_sent_now) sets.push('recovery_sent_at = now()');
  if (changes.email_change_sent_now) sets.push('email_change_sent_at = now()');
  if (changes.last_sign_in_now) sets.push('last_sign_in_at = now()');
  const { rows } = await client.query<UserRow>(`update auth.users set ${sets.join(', ')} where id = $1 returning ${userColumns}`, params);
  return rows[0]!;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user object GoTrue returns (and supabase-js's User type describes). */
export function toUserJson(user: UserRow): Record<string, unknown> {
  const confirmed = iso(user.email_confirmed_at);
  const identity = user.email
    ? {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, email_verified: confirmed !== null, phone_verified: false, sub: user.id },
        provider: 'email',
        last_sign_in_at: iso(user.last_sign_in_at),
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
        email: user.email,
      }
    : null;
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: confirmed,
    phone: '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: confirmed,
    recovery_sent_at: iso(user.recovery_sent_at),
    ...(user.email_change ? { new_email: user.email_change, email_change_sent_at: iso(user.email_change_sent_at) } : {}),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: identity ? [identity] : [],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
  };
}
