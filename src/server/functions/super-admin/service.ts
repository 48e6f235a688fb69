import type { Database } from '../../db/database';
import { verifyAgainstDummy, verifyPassword } from '../../auth/password';
import { base32Decode, base32Encode } from './base32';
import { MESSAGES, SUPER_ADMIN_POLICY as POLICY } from './policy';
import type { SecretBox } from './secret-box';
import { generateSessionToken, hashSessionToken } from './session-tokens';
import * as store from './store';
import type { RequestOrigin, SuperAdminAccount } from './store';
import { matchTotpStep } from './totp';

/** The user object every super-admin answer carries; role is what the renderer's guard checks. */
export interface SuperAdminUserJson {
  id: string;
  email: string;
  mfaEnabled: boolean;
  role: 'super_admin';
}

/** An HTTP answer: status and JSON body (plus headers such as Retry-After). */
export interface Outcome {
  status: 200 | 400 | 401 | 403 | 429;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface SuperAdminServiceDeps {
  db: Pick<Database, 'transaction'>;
  secretBox: SecretBox;
  /** Unix time in seconds for TOTP; tests may pin it. */
  nowSeconds?: () => number;
}

const userJson = (id: string, email: string, mfaEnabled: boolean): SuperAdminUserJson => ({ id, email, mfaEnabled, role: 'super_admin' });

const error = (status: Outcome['status'], message: string, extra: Record<string, unknown> = {}): Outcome => ({
  status,
  body: { error: message, ...extra },
});

/** The MFA secret as stored: canonical base32 (upper case, no padding or spaces). */
function canonicalSecret(secret: string): string | null {
  const key = base32Decode(secret);
  if (!key || key.length < 16 || key.length > 64) return null;
  return base32Encode(key);
}

export function createSuperAdminService(deps: SuperAdminServiceDeps) {
  const nowSeconds = deps.nowSeconds ?? (() => Date.now() / 1000);

  /** Refusal for a key that had too many failures lately, or null when attempts may go on. */
  async function rateLimit(client: store.Queryable, email: string, origin: RequestOrigin, userId: string | null): Promise<Outcome | null> {
    const failures = await store.recentFailures(client, email, origin.ip, POLICY.failureWindowSeconds);
    if (failures.count < POLICY.maxFailedAttempts) return null;
    const backoff = Math.min(POLICY.backoffMaxSeconds, POLICY.backoffBaseSeconds * 2 ** (failures.count - POLICY.maxFailedAttempts));
    const latest = failures.latest?.getTime() ?? Date.now();
    const retryAfter = Math.ceil((latest + backoff * 1000 - Date.now()) / 1000);
    if (retryAfter <= 0) return null;
    await store.recordAudit(client, 'login_rate_limited', { userId, email, origin, detail: { failures: failures.count } });
    return { ...error(429, MESSAGES.tooManyAttempts(Math.ceil(retryAfter / 60))), headers: { 'retry-after': String(retryAfter) } };
  }

  async function startSession(client: store.Queryable, account: Pick<SuperAdminAccount, 'id' | 'email' | 'mfaEnabled'>, origin: RequestOrigin) {
    const sessionToken = generateSessionToken();
    const expiresAt = await store.insertSession(client, {
      userId: account.id,
      tokenHash: hashSessionToken(sessionToken),
      origin,
      ttlSeconds: POLICY.sessionTtlSeconds,
    });
    return { user: userJson(account.id, account.email, account.mfaEnabled), sessionToken, expiresAt: expiresAt.toISOString() };
  }

  /** The TOTP step a code matches for this super admin, or null (wrong, replayed, or unreadable secret). */
  function acceptedStep(account: SuperAdminAccount, code: string): bigint | null {
    if (!account.mfaSecretSealed) return null;
    const secret = deps.secretBox.open(account.mfaSecretSealed, account.id);
    const key = secret ? base32Decode(secret) : null;
    if (!key) return null;
    return matchTotpStep(key, code, nowSeconds(), account.mfaLastUsedStep);
  }

  return {
    /**
     * Password (and, when enabled, MFA) sign-in. Unknown email, wrong password, and an account
     * that is not a super admin all get the same answer after the same amount of work.
     */
    async login(input: { email: string; password: string; mfaCode: string | null }, origin: RequestOrigin): Promise<Outcome> {
      return deps.db.transaction(async (client) => {
        await store.lockAttempts(client, `login:${input.email}|${origin.ip}`);
        const limited = await rateLimit(client, input.email, origin, null);
        if (limited) return limited;

        const account = await store.findAccountByEmail(client, input.email);
        const passwordOk = account ? await verifyPassword(input.password, account.passwordHash) : await verifyAgainstDummy(input.password);
        const reason = !account ? 'unknown_email' : !passwordOk ? 'wrong_password' : !account.isSuperAdmin ? 'not_super_admin' : store.isBanned(account) ? 'banned' : null;
        if (reason || !account) {
          await store.recordAudit(client, 'login_failed', { userId: account?.id ?? null, email: input.email, origin, detail: { reason } });
          return error(401, MESSAGES.invalidCredentials);
        }

        if (account.mfaEnabled) {
          const step = input.mfaCode ? acceptedStep(account, input.mfaCode) : null;
          if (step === null) {
            if (input.mfaCode) await store.recordAudit(client, 'mfa_failed', { userId: account.id, email: input.email, origin, detail: { via: 'login' } });
            await store.openMfaChallenge(client, account.id, origin.ip, POLICY.mfaChallengeTtlSeconds);
            await store.recordAudit(client, 'mfa_required', { userId: account.id, email: input.email, origin });
            return { status: 200, body: { error: null, requireMFA: true, userId: account.id, user: null, sessionToken: null } };
          }
          await store.markTotpStepUsed(client, account.id, step);
        }

        await store.pruneExpired(client);
        const session = await startSession(client, account, origin);
        await store.recordAudit(client, 'login_succeeded', { userId: account.id, email: input.email, origin, detail: { mfa: account.mfaEnabled } });
        return { status: 200, body: { error: null, requireMFA: false, userId: account.id, ...session } };
      });
    },

    /** Completes a login that answered requireMFA: the pending verification is used once. */
    async verifyMfa(input: { userId: string; code: string }, origin: RequestOrigin): Promise<Outcome> {
      return deps.db.transaction(async (client) => {
        const challenge = await store.lockPendingMfaChallenge(client, input.userId, origin.ip);
        const account = challenge ? await store.lockSuperAdminById(client, input.userId) : null;
        if (!challenge || !account) return error(400, MESSAGES.noPendingMfa, { valid: false });

        const email = account.email.toLowerCase();
        const limited = await rateLimit(client, email, origin, account.id);
        if (limited) return { ...limited, body: { ...limited.body, valid: false } };

        const step = acceptedStep(account, input.code);
        if (step === null) {
          await store.failMfaChallenge(client, challenge.id, POLICY.mfaChallengeMaxAttempts);
          await store.recordAudit(client, 'mfa_failed', { userId: account.id, email, origin, detail: { via: 'verify-mfa' } });
          return error(401, MESSAGES.invalidMfaCode, { valid: false });
        }
        await store.deleteMfaChallenge(client, challenge.id);
        await store.markTotpStepUsed(client, account.id, step);
        const session = await startSession(client, account, origin);
        await store.recordAudit(client, 'mfa_succeeded', { userId: account.id, email, origin });
        return { status: 200, body: { valid: true, ...session } };
      });
    },

    /** The signed-in super admin for a session token, or 401. */
    async session(token: string | null): Promise<Outcome> {
      const active = token ? await deps.db.transaction((client) => store.touchActiveSession(client, hashSessionToken(token))) : null;
      if (!active) return error(401, MESSAGES.sessionInvalid);
      return { status: 200, body: { user: userJson(active.userId, active.email, active.mfaEnabled), expiresAt: active.expiresAt.toISOString() } };
    },

    async logout(token: string | null, origin: RequestOrigin): Promise<Outcome> {
      if (!token) return error(401, MESSAGES.sessionInvalid);
      return deps.db.transaction(async (client) => {
        const userId = await store.revokeSession(client, hashSessionToken(token));
        if (!userId) return error(401, MESSAGES.sessionInvalid);
        await store.recordAudit(client, 'logout', { userId, origin });
        return { status: 200, body: { success: true } };
      });
    },

    /** Turns MFA on for the signed-in super admin once the app's current code proves the secret was set up. */
    async setupMfa(token: string | null, input: { userId: string; secret: string; token: string; currentCode?: string | null }, origin: RequestOrigin): Promise<Outcome> {
      return deps.db.transaction(async (client) => {
        const active = token ? await store.touchActiveSession(client, hashSessionToken(token)) : null;
        if (!active) return error(401, MESSAGES.sessionInvalid);
        if (active.userId !== input.userId) return error(403, MESSAGES.notYourAccount);
        // Replacing MFA that is on needs a code of the current authenticator: a session alone (an
        // unattended browser, a stolen token) must not be able to swap the second factor.
        let currentStep: bigint | null = null;
        if (active.mfaEnabled) {
          const account = await store.lockSuperAdminById(client, active.userId);
          currentStep = account && input.currentCode ? acceptedStep(account, input.currentCode) : null;
          if (currentStep === null) {
            await store.recordAudit(client, 'mfa_setup_failed', { userId: active.userId, email: active.email, origin });
            return error(403, MESSAGES.currentCodeRequired);
          }
        }
        const secret = canonicalSecret(input.secret);
        if (!secret) return error(400, MESSAGES.badSecret);
        const step = matchTotpStep(base32Decode(secret)!, input.token, nowSeconds());
        if (step === null) {
          await store.recordAudit(client, 'mfa_setup_failed', { userId: active.userId, email: active.email, origin });
          return error(400, MESSAGES.invalidMfaCode);
        }
        await store.enableMfa(client, active.userId, deps.secretBox.seal(secret, active.userId));
        // Sessions opened before (with the password alone, or the old authenticator) end now.
        await store.revokeOtherSessions(client, active.userId, active.sessionId);
        await store.recordAudit(client, 'mfa_enabled', { userId: active.userId, email: active.email, origin });
        return { status: 200, body: { success: true, mfaEnabled: true } };
      });
    },
  };
}

export type SuperAdminService = ReturnType<typeof createSuperAdminService>;
