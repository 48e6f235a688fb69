import type { MiddlewareHandler } from 'hono';
import type { Database } from '../../../db/database';
import { sessionTokenOf } from '../routes';
import { hashSessionToken } from '../session-tokens';
import { touchActiveSession, type ActiveSession } from '../store';

export type ConsoleEnv = { Variables: { admin: ActiveSession } };

/**
 * Every console endpoint answers only a live super-admin session (sessions are issued only after
 * MFA when the account has it on, expire, end at sign-out and when the account is banned).
 * Checked on each request against the sessions table, so revocation takes effect at once.
 */
export function requireSuperAdmin(db: Database): MiddlewareHandler<ConsoleEnv> {
  return async (c, next) => {
    const token = sessionTokenOf(c);
    const active = token ? await db.transaction((client) => touchActiveSession(client, hashSessionToken(token))) : null;
    if (!active) return c.json({ error: 'Your super-admin session has ended. Sign in again.' }, 401, { 'cache-control': 'no-store' });
    c.set('admin', active);
    await next();
    c.header('cache-control', 'no-store');
  };
}
