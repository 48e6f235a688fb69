import type { SqlClient } from '../db/database';
import { AuthApiError, authErrors } from './errors';
import { generateOpaqueToken, hashToken, pkceS256, secretsEqual } from './tokens';
import type { OneTimeTokenType } from './one-time-tokens';

/**
 * PKCE for email links: the client sends a code challenge with signup/otp/recover; following the
 * emailed link then yields a one-time auth code (?code=...) instead of tokens in the URL, and only
 * the holder of the code verifier can exchange it for a session (POST /token?grant_type=pkce).
 */

export interface PkceChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

const FLOW_TTL_SECONDS = 24 * 3600;
const AUTH_CODE_TTL_SECONDS = 600;

/** The challenge from a request body, or null for the implicit flow. */
export function readPkceChallenge(body: Record<string, unknown>): PkceChallenge | null {
  const challenge = body.code_challenge;
  if (challenge === undefined || challenge === null || challenge === '') return null;
  if (typeof challenge !== 'string' || !/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw authErrors.validation('code_challenge must be 43 to 128 URL-safe characters');
  }
  const method = String(body.code_challenge_method ?? 's256').toLowerCase();
  if (method !== 's256' && method !== 'plain') throw authErrors.validation('code_challenge_method must be s256 or plain');
  return { challenge, method };
}

export async function startFlow(client: SqlClient, userId: string, type: OneTimeTokenType, pkce: PkceChallenge): Promise<void> {
  await client.query('delete from auth.flow_state where user_id = $1 and authentication_method = $2', [userId, type]);
  await client.query(
    `insert into auth.flow_state (user_id, authentication_method, code_challenge, code_challenge_method, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [userId, type, pkce.challenge, pkce.method, FLOW_TTL_SECONDS],
  );
}

/** After an email link was verified: the auth code to hand back when that link was started with PKCE, else null. */
export async function issueAuthCodeIfPkce(client: SqlClient, userId: string, type: OneTimeTokenType): Promise<string | null> {
  const code = generateOpaqueToken();
  const { rows } = await client.query(
    `update auth.flow_state set auth_code_hash = $3, auth_code_issued_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $1 and authentication_method = $2 and auth_code_hash is null and expires_at > now()
                   order by created_at desc limit 1)
      returning id`,
    [userId, type, hashToken(code)],
  );
  return rows.length > 0 ? code : null;
}

/** Exchanges an auth code and its verifier, once. Returns the user and how they signed in. */
export async function redeemAuthCode(
  client: SqlClient,
  authCode: unknown,
  codeVerifier: unknown,
): Promise<{ userId: string; type: OneTimeTokenType }> {
  if (typeof authCode !== 'string' || authCode === '' || typeof codeVerifier !== 'string' || codeVerifier === '') {
    throw authErrors.validation('invalid request: both auth code and code verifier should be non-empty');
  }
  const { rows } = await client.query<{ user_id: string; authentication_method: OneTimeTokenType; code_challenge: string; code_challenge_method: string; fresh: boolean }>(
    `delete from auth.flow_state where auth_code_hash = $1
     returning user_id, authentication_method, code_challenge, code_challenge_method,
               auth_code_issued_at > now() - make_interval(secs => $2) as fresh`,
    [hashToken(authCode), AUTH_CODE_TTL_SECONDS],
  );
  const flow = rows[0];
  if (!flow || !flow.fresh) throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
  const expected = flow.code_challenge_method === 'plain' ? codeVerifier : pkceS256(codeVerifier);
  if (!secretsEqual(expected, flow.code_challenge)) {
    throw new AuthApiError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
  }
  return { userId: flow.user_id, type: flow.authentication_method };
}
