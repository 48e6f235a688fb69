import type { Queryable } from '../../auth/users';

export type { Queryable };

/**
 * Every SQL statement of the super-admin login. The server runs them as the database owner;
 * the tables have RLS with no policies, so nobody else can.
 */

export interface SuperAdminAccount {
  id: string;
  email: string;
  passwordHash: string;
  bannedUntil: Date | null;
  isSuperAdmin: boolean;
  mfaEnabled: boolean;
  mfaSecretSealed: string | null;
  mfaLastUsedStep: bigint | null;
}

interface AccountRow {
  id: string;
  email: string;
  encrypted_password: string;
  banned_until: Date | null;
  is_super_admin: boolean;
  mfa_enabled: boolean | null;
  mfa_secret_encrypted: string | null;
  mfa_last_used_step: string | null;
}

const accountColumns = `u.id, u.email, u.encrypted_password, u.banned_until,
  (s.user_id is not null) as is_super_admin, s.mfa_enabled, s.mfa_secret_encrypted, s.mfa_last_used_step::text`;

function toAccount(row: AccountRow): SuperAdminAccount {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.encrypted_password,
    bannedUntil: row.banned_until,
    isSuperAdmin: row.is_super_admin,
    mfaEnabled: row.mfa_enabled === true,
    mfaSecretSealed: row.mfa_secret_encrypted,
    mfaLastUsedStep: row.mfa_last_used_step === null ? null : BigInt(row.mfa_last_used_step),
  };
}

/** The auth user with this (normalised) email, whether or not they are a super admin. */
export async function findAccountByEmail(client: Queryable, email: string): Promise<SuperAdminAccount | null> {
  const { rows } = await client.query<AccountRow>(`select ${accountColumns} from auth.users u left join public.super_admins s on s.user_id = u.id where lower(u.email) = $1`, [email]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** The super admin with this id, locking their row so MFA step bookkeeping cannot race. */
export async function lockSuperAdminById(client: Queryable, userId: string): Promise<SuperAdminAccount | null> {
  const { rows } = await client.query<AccountRow>(`select ${accountColumns} from auth.users u join public.super_admins s on s.user_id = u.id where u.id = $1 for update of s`, [userId]);
  return rows[0] ? toAccount(rows[0]) : null;
}

export function isBanned(account: Pick<SuperAdminAccount, 'bannedUntil'>, now = new Date()): boolean {
  return account.bannedUntil !== null && account.bannedUntil > now;
}

// == audit log ================================================================

export type AuditEvent =
  | 'login_succeeded'
  | 'login_failed'
  | 'login_rate_limited'
  | 'mfa_required'
  | 'mfa_succeeded'
  | 'mfa_failed'
  | 'mfa_enabled'
  | 'mfa_setup_failed'
  | 'logout';

export interface RequestOrigin {
  /** The connection's address as the server saw it; rate limits and challenges key on it. */
  ip: string;
  /** What the client claimed (login's ipAddress); recorded, never trusted. */
  reportedIp: string | null;
  userAgent: string | null;
}

export async function recordAudit(
  client: Queryable,
  event: AuditEvent,
  entry: { userId?: string | null; email?: string | null; origin: RequestOrigin; detail?: Record<string, unknown> },
): Promise<void> {
  await client.query(
    `insert into public.super_admin_audit_log (event, user_id, email, ip_address, reported_ip_address, user_agent, detail)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [event, entry.userId ?? null, entry.email ?? null, entry.origin.ip, entry.origin.reportedIp, entry.origin.userAgent, JSON.stringify(entry.detail ?? {})],
  );
}

/**
 * Failed password and MFA attempts for an email from an address within the window, counting only
 * those after the last successful sign-in there (a success starts the count afresh).
 */
export async function recentFailures(
  client: Queryable,
  email: string,
  ip: string,
  windowSeconds: number,
): Promise<{ count: number; oldest: Date | null; latest: Date | null }> {
  const { rows } = await client.query<{ count: number; oldest: Date | null; latest: Date | null }>(
    `with since as (
       select greatest(now() - make_interval(secs => $3),
                       coalesce(max(created_at), '-infinity'::timestamptz)) as t
         from public.super_admin_audit_log
        where email = $1 and ip_address = $2 and event in ('login_succeeded', 'mfa_succeeded')
          and created_at > now() - make_interval(secs => $3)
     )
     select count(*)::int as count, min(created_at) as oldest, max(created_at) as latest
       from public.super_admin_audit_log, since
      where email = $1 and ip_address = $2 and event in ('login_failed', 'mfa_failed') and created_at > since.t`,
    [email, ip, windowSeconds],
  );
  return rows[0] ?? { count: 0, oldest: null, latest: null };
}

/** Serialises attempts for one key (email and address) until the transaction ends, so the limit is exact. */
export async function lockAttempts(client: Queryable, key: string): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtextextended($1, 727275))', [key]);
}

// == sessions =================================================================

export async function insertSession(
  client: Queryable,
  input: { userId: string; tokenHash: string; origin: RequestOrigin; ttlSeconds: number },
): Promise<Date> {
  const { rows } = await client.query<{ expires_at: Date }>(
    `insert into public.super_admin_sessions (user_id, token_hash, ip_address, reported_ip_address, user_agent, expires_at)
     values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning expires_at`,
    [input.userId, input.tokenHash, input.origin.ip, input.origin.reportedIp, input.origin.userAgent, input.ttlSeconds],
  );
  return rows[0]!.expires_at;
}

export interface ActiveSession {
  sessionId: string;
  userId: string;
  email: string;
  mfaEnabled: boolean;
  expiresAt: Date;
}

/** The live session for a token hash: not expired, not revoked, its user still a super admin and not banned. */
export async function touchActiveSession(client: Queryable, tokenHash: string): Promise<ActiveSession | null> {
  const { rows } = await client.query<{ id: string; user_id: string; email: string; mfa_enabled: boolean; expires_at: Date }>(
    `update public.super_admin_sessions ss set last_seen_at = now()
       from public.super_admins s join auth.users u on u.id = s.user_id
      where ss.token_hash = $1 and ss.revoked_at is null and ss.expires_at > now()
        and s.user_id = ss.user_id and (u.banned_until is null or u.banned_until <= now())
      returning ss.id, ss.user_id, u.email, s.mfa_enabled, ss.expires_at`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { sessionId: row.id, userId: row.user_id, email: row.email, mfaEnabled: row.mfa_enabled, expiresAt: row.expires_at } : null;
}

/** Revokes a live session; the user id it belonged to, or null when there was none to revoke. */
export async function revokeSession(client: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await client.query<{ user_id: string }>(
    `update public.super_admin_sessions set revoked_at = now()
      where token_hash = $1 and revoked_at is null and expires_at > now() returning user_id`,
    [tokenHash],
  );
  return rows[0]?.user_id ?? null;
}

/** Ends every live session of the super admin but one (MFA turned on or replaced). */
export async function revokeOtherSessions(client: Queryable, userId: string, keepSessionId: string): Promise<void> {
  await client.query('update public.super_admin_sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [userId, keepSessionId]);
}

/** Drops sessions and challenges that ended more than a day ago, so the tables stay small. */
export async function pruneExpired(client: Queryable): Promise<void> {
  await client.query(`delete from public.super_admin_sessions where expires_at < now() - interval '1 day'`);
  await client.query(`delete from public.super_admin_mfa_challenges where expires_at < now() - interval '1 day'`);
}

// == MFA ======================================================================

/** Opens the one pending MFA verification for a user (replacing any earlier one). */
export async function openMfaChallenge(client: Queryable, userId: string, ip: string, ttlSeconds: number): Promise<void> {
  await client.query('delete from public.super_admin_mfa_challenges where user_id = $1', [userId]);
  await client.query(
    `insert into public.super_admin_mfa_challenges (user_id, ip_address, expires_at) values ($1, $2, now() + make_interval(secs => $3))`,
    [userId, ip, ttlSeconds],
  );
}

export async function lockPendingMfaChallenge(client: Queryable, userId: string, ip: string): Promise<{ id: string; failedAttempts: number } | null> {
  const { rows } = await client.query<{ id: string; failed_attempts: number }>(
    `select id, failed_attempts from public.super_admin_mfa_challenges
      where user_id = $1 and ip_address = $2 and expires_at > now()
      order by created_at desc limit 1 for update`,
    [userId, ip],
  );
  return rows[0] ? { id: rows[0].id, failedAttempts: rows[0].failed_attempts } : null;
}

/** Counts a wrong code; the challenge is gone once it has had maxAttempts wrong codes. */
export async function failMfaChallenge(client: Queryable, challengeId: string, maxAttempts: number): Promise<void> {
  await client.query(
    `update public.super_admin_mfa_challenges set failed_attempts = failed_attempts + 1 where id = $1`,
    [challengeId],
  );
  await client.query(`delete from public.super_admin_mfa_challenges where id = $1 and failed_attempts >= $2`, [challengeId, maxAttempts]);
}

export async function deleteMfaChallenge(client: Queryable, challengeId: string): Promise<void> {
  await client.query('delete from public.super_admin_mfa_challenges where id = $1', [challengeId]);
}

export async function markTotpStepUsed(client: Queryable, userId: string, step: bigint): Promise<void> {
  await client.query('update public.super_admins set mfa_last_used_step = $2 where user_id = $1', [userId, step.toString()]);
}

export async function enableMfa(client: Queryable, userId: string, sealedSecret: string): Promise<void> {
  await client.query(
    `update public.super_admins
        set mfa_enabled = true, mfa_secret_encrypted = $2, mfa_enabled_at = now(), mfa_last_used_step = null
      where user_id = $1`,
    [userId, sealedSecret],
  );
}
