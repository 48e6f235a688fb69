import { spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { grantSuperAdmin } from '../../src/server/functions/super-admin/operator';
import { createSecretBox } from '../../src/server/functions/super-admin/secret-box';
import { anonClient, sql, uniqueEmail } from '../support/clients';
import { currentTotpStep, newTotpSecret, totpCode } from '../support/totp';
import { TEST_PASSWORD, signUpConfirmed } from '../support/personas';

const serverUrl = inject('serverUrl');
const anonKey = inject('anonKey');
const ADMIN_PASSWORD = 'super-admin-password-77';
const USER_AGENT = 'TracklintTest/1.0 (super-admin)';

// The operator code path (what scripts/create-super-admin.mjs runs), against the server's database.
const operatorDb = createDatabase(inject('databaseUrl'), 2);
afterAll(() => operatorDb.close());

interface Reply {
  status: number;
  json: Record<string, unknown>;
  headers: Headers;
}

/** Calls a super-admin-auth function the way the renderer's client does (apikey + anon bearer unless told otherwise). */
async function call(
  action: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; session?: string; bearer?: string } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { accept: 'application/json', apikey: anonKey, authorization: `Bearer ${init.bearer ?? anonKey}` };
  if (init.session) headers['x-super-admin-session'] = init.session;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${serverUrl}/functions/v1/super-admin-auth/${action}`, {
    method: init.method ?? 'POST',
    headers,
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: res.headers };
}

const login = (email: string, password = ADMIN_PASSWORD, mfaCode: string | null = null) =>
  call('login', { body: { email, password, mfaCode, ipAddress: '203.0.113.7', userAgent: USER_AGENT } });

async function createSuperAdmin(prefix = 'sa'): Promise<{ email: string; id: string }> {
  const email = uniqueEmail(prefix);
  const result = await grantSuperAdmin(operatorDb, { email, password: ADMIN_PASSWORD });
  return { email, id: result.userId };
}

// An independent RFC 6238 implementation, shared with the console tests.
const newSecret = newTotpSecret;
const codeFor = totpCode;
const currentStep = currentTotpStep;
/** A code that is right for a secret but not for the step given (so it is always wrong). */
const wrongCode = (secret: string) => {
  const valid = new Set([-1, 0, 1].map((d) => codeFor(secret, currentStep() + d)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
};

async function signIn(email: string): Promise<string> {
  const res = await login(email);
  expect(res.status).toBe(200);
  return res.json.sessionToken as string;
}

async function enableMfa(admin: { id: string }, session: string): Promise<string> {
  const secret = newSecret();
  const res = await call('setup-mfa', { session, body: { userId: admin.id, secret, token: codeFor(secret, currentStep()) } });
  expect(res.json).toEqual({ success: true, mfaEnabled: true });
  return secret;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('super-admin-auth tables', () => {
  const tables = ['super_admins', 'super_admin_sessions', 'super_admin_mfa_challenges', 'super_admin_audit_log'];

  it('have RLS on, no policies, a comment, and no privileges for anon or authenticated', async () => {
    const rows = await sql<{ relname: string; rls: boolean; policies: number; comment: string | null; anon: boolean; authed: boolean }>(
      `select c.relname, c.relrowsecurity as rls,
              (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname) as policies,
              obj_description(c.oid, 'pg_class') as comment,
              has_table_privilege('anon', c.oid, 'select,insert,update,delete') as anon,
              has_table_privilege('authenticated', c.oid, 'select,insert,update,delete') as authed
         from pg_class c where c.relnamespace = 'public'::regnamespace and c.relname = any($1) order by c.relname`,
      [tables],
    );
    expect(rows.map((r) => r.relname)).toEqual([...tables].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ rls: true, policies: 0, anon: false, authed: false });
      expect(row.comment).toBeTruthy();
    }
  });

  it('cannot be read through the data API by a signed-in user', async () => {
    const user = await signUpConfirmed('sa-rest');
    for (const table of tables) {
      const { data, error } = await user.client.from(table).select('*');
      expect(error, table).not.toBeNull();
      expect(data).toBeNull();
    }
    const { error } = await anonClient().from('super_admin_sessions').select('*');
    expect(error).not.toBeNull();
  });
});

describe('super-admin login without MFA', () => {
  it('signs in, checks the session, logs out, and then refuses the session', async () => {
    const admin = await createSuperAdmin();
    const res = await login(admin.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ error: null, requireMFA: false, userId: admin.id, user: { id: admin.id, email: admin.email, mfaEnabled: false, role: 'super_admin' } });
    const token = res.json.sessionToken as string;
    expect(token).toMatch(/^sa_[\w-]{43}$/);

    const [stored] = await sql<{ token_hash: string; ip_address: string; reported_ip_address: string; user_agent: string; hours: number }>(
      `select token_hash, ip_address, reported_ip_address, user_agent, extract(epoch from expires_at - created_at) / 3600 as hours
         from public.super_admin_sessions where user_id = $1`,
      [admin.id],
    );
    expect(stored!.token_hash).toBe(sha256(token));
    expect(stored).toMatchObject({ reported_ip_address: '203.0.113.7', user_agent: USER_AGENT });
    expect(stored!.ip_address).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(Number(stored!.hours)).toBeCloseTo(8, 5);
    const plain = await sql(`select 1 from public.super_admin_sessions where token_hash = $1 or token_hash like '%' || $2 || '%'`, [token, token.slice(3)]);
    expect(plain).toHaveLength(0);

    const session = await call('session', { method: 'GET', session: token });
    expect(session.status).toBe(200);
    expect(session.json.user).toEqual({ id: admin.id, email: admin.email, mfaEnabled: false, role: 'super_admin' });
    // Authorization: Bearer <session token> works too.
    expect((await call('session', { method: 'GET', bearer: token })).json.user).toMatchObject({ id: admin.id });

    const out = await call('logout', { bearer: token });
    expect(out).toMatchObject({ status: 200, json: { success: true } });
    expect(await call('session', { method: 'GET', session: token })).toMatchObject({ status: 401, json: { error: 'Session expired or invalid' } });
    expect((await call('logout', { bearer: token })).status).toBe(401);

    const events = await sql<{ event: string }>('select event from public.super_admin_audit_log where user_id = $1 order by id', [admin.id]);
    expect(events.map((e) => e.event)).toEqual(['login_succeeded', 'logout']);
  });

  it('refuses a session check without a token, with the anon key only, or with a made-up token', async () => {
    expect(await call('session', { method: 'GET' })).toMatchObject({ status: 401, json: { error: 'Session expired or invalid' } });
    expect((await call('session', { method: 'GET', session: `sa_${randomBytes(32).toString('base64url')}` })).status).toBe(401);
    expect((await call('logout', {})).status).toBe(401);
  });

  it('answers wrong passwords, unknown emails and regular users alike, and records the failures', async () => {
    const admin = await createSuperAdmin();
    const regular = await signUpConfirmed('sa-regular');
    const answers = [await login(admin.email, 'wrong-password-1'), await login(uniqueEmail('nobody')), await login(regular.email, TEST_PASSWORD)];
    for (const answer of answers) expect(answer).toMatchObject({ status: 401, json: { error: 'Invalid credentials' } });
    expect(answers.every((a) => a.json.sessionToken === undefined)).toBe(true);

    const sessions = await sql('select 1 from public.super_admin_sessions where user_id = any($1)', [[admin.id, regular.user.id]]);
    expect(sessions).toHaveLength(0);
    const failures = await sql<{ detail: { reason: string } }>(
      `select detail from public.super_admin_audit_log where event = 'login_failed' and email = any($1) order by id`,
      [[admin.email, regular.email]],
    );
    expect(failures.map((f) => f.detail.reason)).toEqual(['wrong_password', 'not_super_admin']);
    // The regular account is untouched and still signs in normally.
    expect((await anonClient().auth.signInWithPassword({ email: regular.email, password: TEST_PASSWORD })).error).toBeNull();
  });

  it('refuses malformed JSON and missing fields with 400 and writes nothing', async () => {
    const [{ count: before }] = (await sql<{ count: number }>('select count(*)::int as count from public.super_admin_audit_log')) as [{ count: number }];
    expect(await call('login', { body: '{"email": "x@example.test",' })).toMatchObject({ status: 400, json: { error: 'Request body is not valid JSON' } });
    expect(await call('login', { body: { email: 'x@example.test' } })).toMatchObject({ status: 400, json: { error: 'Email and password are required' } });
    expect(await call('verify-mfa', { body: '[' })).toMatchObject({ status: 400 });
    expect(await call('verify-mfa', { body: { userId: randomUUID() } })).toMatchObject({ status: 400, json: { error: 'userId and code are required' } });
    const [{ count: after }] = (await sql<{ count: number }>('select count(*)::int as count from public.super_admin_audit_log')) as [{ count: number }];
    expect(after).toBe(before);
  });
});

describe('super-admin MFA', () => {
  it('setup-mfa needs the admin\'s own session and a correct code, and stores the secret encrypted', async () => {
    const admin = await createSuperAdmin();
    const other = await createSuperAdmin();
    const session = await signIn(admin.email);
    const secret = newSecret();
    const good = () => codeFor(secret, currentStep());

    expect(await call('setup-mfa', { body: { userId: admin.id, secret, token: good() } })).toMatchObject({ status: 401, json: { error: 'Session expired or invalid' } });
    expect(await call('setup-mfa', { session, body: { userId: other.id, secret, token: good() } })).toMatchObject({ status: 403 });
    expect(await call('setup-mfa', { session, body: { userId: admin.id, secret, token: wrongCode(secret) } })).toMatchObject({ status: 400, json: { error: 'Invalid MFA code' } });
    expect(await call('setup-mfa', { session, body: { userId: admin.id, secret: 'not base32!', token: good() } })).toMatchObject({ status: 400 });
    const before = await sql('select mfa_enabled, mfa_secret_encrypted from public.super_admins where user_id = any($1)', [[admin.id, other.id]]);
    expect(before).toEqual([
      { mfa_enabled: false, mfa_secret_encrypted: null },
      { mfa_enabled: false, mfa_secret_encrypted: null },
    ]);

    expect(await call('setup-mfa', { session, body: { userId: admin.id, secret: secret.toLowerCase(), token: good() } })).toMatchObject({ status: 200, json: { success: true, mfaEnabled: true } });
    const [row] = await sql<{ mfa_enabled: boolean; mfa_secret_encrypted: string }>('select mfa_enabled, mfa_secret_encrypted from public.super_admins where user_id = $1', [admin.id]);
    expect(row!.mfa_enabled).toBe(true);
    expect(row!.mfa_secret_encrypted).not.toContain(secret);
    expect(row!.mfa_secret_encrypted.toUpperCase()).not.toContain(secret.slice(0, 8));
    // Sealed under the server's JWT secret, bound to the admin's id.
    expect(createSecretBox(inject('jwtSecret')).open(row!.mfa_secret_encrypted, admin.id)).toBe(secret);
    expect(createSecretBox('some-other-secret-of-enough-length-000000').open(row!.mfa_secret_encrypted, admin.id)).toBeNull();

    expect((await call('session', { method: 'GET', session })).json.user).toMatchObject({ mfaEnabled: true });
  });

  it('login then asks for MFA; verify-mfa with the code signs in once; a replayed code is refused', async () => {
    const admin = await createSuperAdmin();
    const secret = await enableMfa(admin, await signIn(admin.email));
    await sql('delete from public.super_admin_sessions where user_id = $1', [admin.id]);

    const first = await login(admin.email);
    expect(first).toMatchObject({ status: 200, json: { error: null, requireMFA: true, userId: admin.id, sessionToken: null, user: null } });
    expect(await sql('select 1 from public.super_admin_sessions where user_id = $1', [admin.id])).toHaveLength(0);

    const wrong = await call('verify-mfa', { body: { userId: admin.id, code: wrongCode(secret) } });
    expect(wrong).toMatchObject({ status: 401, json: { valid: false, error: 'Invalid MFA code' } });

    const step = currentStep();
    const code = codeFor(secret, step);
    const ok = await call('verify-mfa', { body: { userId: admin.id, code } });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ valid: true, user: { id: admin.id, email: admin.email, mfaEnabled: true, role: 'super_admin' } });
    const token = ok.json.sessionToken as string;
    expect((await call('session', { method: 'GET', session: token })).json.user).toMatchObject({ id: admin.id, mfaEnabled: true });

    // The pending verification was used up.
    expect(await call('verify-mfa', { body: { userId: admin.id, code } })).toMatchObject({ status: 400, json: { error: 'No pending MFA verification' } });

    // Login with the same code again: a replay, so MFA is asked for again instead of a session.
    const replay = await login(admin.email, ADMIN_PASSWORD, code);
    expect(replay.json).toMatchObject({ requireMFA: true, userId: admin.id, sessionToken: null });
    // The next step's code (within the allowed drift) signs in directly.
    const direct = await login(admin.email, ADMIN_PASSWORD, codeFor(secret, Math.max(step + 1, currentStep())));
    expect(direct.json).toMatchObject({ requireMFA: false, user: { id: admin.id, mfaEnabled: true } });
    expect(direct.json.sessionToken).toMatch(/^sa_/);

    const events = (await sql<{ event: string }>('select event from public.super_admin_audit_log where user_id = $1 order by id', [admin.id])).map((e) => e.event);
    expect(events).toEqual(['login_succeeded', 'mfa_enabled', 'mfa_required', 'mfa_failed', 'mfa_succeeded', 'mfa_failed', 'mfa_required', 'login_succeeded']);
  });

  it('a wrong password never reaches the MFA step', async () => {
    const admin = await createSuperAdmin();
    const secret = await enableMfa(admin, await signIn(admin.email));
    const res = await login(admin.email, 'not-the-password', codeFor(secret, currentStep()));
    expect(res).toMatchObject({ status: 401, json: { error: 'Invalid credentials' } });
    expect(res.json.requireMFA).toBeUndefined();
    expect(await sql('select 1 from public.super_admin_mfa_challenges where user_id = $1', [admin.id])).toHaveLength(0);
  });

  it('verify-mfa without a pending verification is refused', async () => {
    const admin = await createSuperAdmin();
    const secret = await enableMfa(admin, await signIn(admin.email));
    expect(await call('verify-mfa', { body: { userId: admin.id, code: codeFor(secret, currentStep()) } })).toMatchObject({
      status: 400,
      json: { error: 'No pending MFA verification' },
    });
    expect(await call('verify-mfa', { body: { userId: 'not-a-uuid', code: '123456' } })).toMatchObject({ status: 400, json: { error: 'No pending MFA verification' } });
    expect(await sql('select 1 from public.super_admin_sessions where user_id = $1 and revoked_at is null', [admin.id])).toHaveLength(1);
  });

  it('a pending verification is discarded after five wrong codes', async () => {
    const admin = await createSuperAdmin();
    const secret = await enableMfa(admin, await signIn(admin.email));
    expect((await login(admin.email)).json.requireMFA).toBe(true);
    for (let i = 0; i < 4; i++) expect((await call('verify-mfa', { body: { userId: admin.id, code: wrongCode(secret) } })).status).toBe(401);
    expect((await call('verify-mfa', { body: { userId: admin.id, code: wrongCode(secret) } })).status).toBe(401);
    expect(await call('verify-mfa', { body: { userId: admin.id, code: codeFor(secret, currentStep()) } })).toMatchObject({
      status: 400,
      json: { error: 'No pending MFA verification' },
    });
  });
});

describe('super-admin login rate limit', () => {
  it('refuses a sixth attempt after five failures for an email from one address, even with the right password', async () => {
    const admin = await createSuperAdmin('sa-limit');
    const other = await createSuperAdmin('sa-limit-other');
    for (let i = 0; i < 5; i++) expect((await login(admin.email, `wrong-${i}`)).status).toBe(401);

    const limited = await login(admin.email);
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.json.sessionToken).toBeUndefined();
    expect(await sql('select 1 from public.super_admin_sessions where user_id = $1', [admin.id])).toHaveLength(0);
    expect(await sql(`select 1 from public.super_admin_audit_log where email = $1 and event = 'login_rate_limited'`, [admin.email])).toHaveLength(1);

    // Another email from the same address is not affected.
    expect((await login(other.email)).status).toBe(200);
  });

  it('a successful sign-in starts the count afresh', async () => {
    const admin = await createSuperAdmin('sa-reset');
    for (let i = 0; i < 4; i++) expect((await login(admin.email, `wrong-${i}`)).status).toBe(401);
    expect((await login(admin.email)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(admin.email, `wrong-again-${i}`)).status).toBe(401);
    expect((await login(admin.email)).status).toBe(200);
  });

  it('wrong MFA codes count too', async () => {
    const admin = await createSuperAdmin('sa-mfa-limit');
    const secret = await enableMfa(admin, await signIn(admin.email));
    for (let i = 0; i < 5; i++) {
      expect((await login(admin.email, ADMIN_PASSWORD, wrongCode(secret))).json.requireMFA).toBe(true);
    }
    expect((await call('verify-mfa', { body: { userId: admin.id, code: codeFor(secret, currentStep()) } })).status).toBe(429);
    expect((await login(admin.email)).status).toBe(429);
  });
});

// The renderer's own session controller, so this server is held to the exact client it serves. It is
// imported by a non-literal path because tsconfig.server.json (which checks this file) does not take
// in renderer sources; the local types below describe only what this test uses.
interface TokenStorage {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}
type Outcome = { kind: string; message?: string; userId?: string; user?: unknown };
interface RendererSessionController {
  getState(): { status: string; user?: unknown };
  restore(): Promise<void>;
  signIn(email: string, password: string): Promise<Outcome>;
  verifyMfa(code: string): Promise<Outcome>;
  setupMfa(secret: string, code: string): Promise<boolean>;
  signOut(): Promise<void>;
}
type RendererControllerClass = new (deps: {
  api: { supabaseUrl: string; anonKey?: string };
  storage: TokenStorage;
  notify?: (notice: { title: string; message?: string }) => void;
  clientInfo?: () => { ipAddress: string | null; userAgent: string };
}) => RendererSessionController;
const rendererControllerPath = '../../src/renderer/pages/super-admin/session/session-controller';

describe("the renderer's super-admin session controller against this server", () => {
  function memoryStorage(): TokenStorage & { map: Map<string, string> } {
    const map = new Map<string, string>();
    return {
      map,
      getItem: async (k) => map.get(k) ?? null,
      setItem: async (k, v) => void map.set(k, v),
      removeItem: async (k) => void map.delete(k),
    };
  }
  const controllerWith = async (storage: TokenStorage, notices: string[] = []) => {
    const { SuperAdminSessionController } = (await import(/* @vite-ignore */ rendererControllerPath)) as { SuperAdminSessionController: RendererControllerClass };
    return new SuperAdminSessionController({
      api: { supabaseUrl: serverUrl, anonKey },
      storage,
      notify: (n) => notices.push(`${n.title}: ${n.message ?? ''}`),
      clientInfo: () => ({ ipAddress: null, userAgent: USER_AGENT }),
    });
  };

  it('signs in, enables MFA, restores the session, signs out, then goes through MFA', async () => {
    const admin = await createSuperAdmin('sa-renderer');
    const storage = memoryStorage();
    const notices: string[] = [];
    const controller = await controllerWith(storage, notices);

    expect(await controller.signIn(admin.email, 'wrong-password-x')).toEqual({ kind: 'error', message: 'Invalid credentials' });
    expect(await controller.signIn(admin.email, ADMIN_PASSWORD)).toMatchObject({ kind: 'signed-in', user: { id: admin.id, role: 'super_admin' } });
    const token = storage.map.get('super_admin_session_token');
    expect(token).toMatch(/^sa_/);

    const secret = newSecret();
    expect(await controller.setupMfa(secret, codeFor(secret, currentStep()))).toBe(true);
    expect(controller.getState()).toMatchObject({ status: 'signed-in', user: { mfaEnabled: true } });

    const restored = await controllerWith(storage);
    await restored.restore();
    expect(restored.getState()).toMatchObject({ status: 'signed-in', user: { id: admin.id, mfaEnabled: true } });

    await controller.signOut();
    expect(storage.map.has('super_admin_session_token')).toBe(false);
    expect((await call('session', { method: 'GET', session: token })).status).toBe(401);

    expect(await controller.signIn(admin.email, ADMIN_PASSWORD)).toEqual({ kind: 'mfa-required', userId: admin.id });
    expect(await controller.verifyMfa(wrongCode(secret))).toEqual({ kind: 'error', message: 'Please check your authenticator app and try again' });
    expect(await controller.verifyMfa(codeFor(secret, currentStep()))).toMatchObject({ kind: 'signed-in', user: { id: admin.id } });
    expect(controller.getState()).toMatchObject({ status: 'signed-in' });
    expect(notices).toEqual(expect.arrayContaining(['Sign in failed: Invalid credentials', 'MFA enabled: Your next sign-in will ask for a code', 'Invalid MFA code: Please check your authenticator app and try again']));
  });
});

describe('operator command', () => {
  it('node scripts/create-super-admin.mjs EMAIL creates a super admin who can sign in', async () => {
    const email = uniqueEmail('sa-cli');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-cli-'));
    try {
      const run = (args: string[], input = '') =>
        new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, ['scripts/create-super-admin.mjs', ...args], {
            env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: dataDir, SUPER_ADMIN_PASSWORD: '' },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
          child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          child.stdin.end(input);
          child.on('close', (code) => resolve({ code, stdout, stderr }));
        });

      const missing = await run([email]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(`There is no account for ${email}; give a password to create it.`);

      const created = await run([email], `${ADMIN_PASSWORD}\n`);
      expect(created.stderr).toBe('');
      expect(created.code).toBe(0);
      expect(created.stdout).toContain(`${email} (`);
      expect(created.stdout).toContain('created the account');
      expect((await login(email)).status).toBe(200);

      const revoked = await run([email, '--revoke']);
      expect(revoked.code).toBe(0);
      expect(await login(email)).toMatchObject({ status: 401, json: { error: 'Invalid credentials' } });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
