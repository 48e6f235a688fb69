import type { SqlClient } from '../db/database';
import { generateOpaqueToken, hashToken } from './tokens';

export type OneTimeTokenType = 'signup' | 'recovery' | 'magiclink' | 'invite' | 'email_change';

/** How long each email link stays valid. */
export const ONE_TIME_TOKEN_TTL_SECONDS: Record<OneTimeTokenType, number> = {
  signup: 24 * 3600,
  email_change: 24 * 3600,
  invite: 7 * 24 * 3600,
  recovery: 3600,
  magiclink: 3600,
};

/**
 * Issues the email-link token for (user, type), replacing any earlier one so only the newest
 * link works. Returns the raw token for the email; only its hash is stored.
 */
export async function issueOneTimeToken(client: SqlClient, userId: string, type: OneTimeTokenType): Promise<string> {
  const token = generateOpaqueToken();
  await client.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  await client.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, type, hashToken(token), ONE_TIME_TOKEN_TTL_SECONDS[type]],
  );
  return token;
}

export interface ConsumedToken {
  userId: string;
  type: OneTimeTokenType;
}

/**
 * Uses up a token of one of the accepted types: it is deleted whether or not it had expired,
 * and the caller gets its user only when it was still valid. Null means invalid, used or expired.
 */
export async function consumeOneTimeToken(
  client: SqlClient,
  rawToken: string,
  acceptedTypes: readonly OneTimeTokenType[],
): Promise<ConsumedToken | null> {
  const { rows } = await client.query<{ user_id: string; token_type: OneTimeTokenType; valid: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id, token_type, expires_at > now() as valid`,
    [hashToken(rawToken), acceptedTypes],
  );
  const row = rows[0];
  if (!row || !row.valid) return null;
  return { userId: row.user_id, type: row.token_type };
}
