import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { grantSuperAdmin } from '../../src/server/functions/super-admin/operator';
import type { RunningServer } from '../../src/server/server';
import { anonClient, latestMailTo, sql, testRealtimeOptions, uniqueEmail } from '../support/clients';
import { api, followAuthLink, signUpConfirmed, TEST_PASSWORD } from '../support/personas';
import { startSecondServer, type SecondServer } from '../support/second-server';

// Issue 8, section 4: auth as careful as GoTrue. Rate limits are counted in Postgres, so a second
// server process on the same database (started here, with strict per-IP limits) shares them.

const serverUrl = inject('serverUrl');
const anonKey = inject('anonKey');

let strict: RunningServer | undefined;
let strictServer: SecondServer | undefined;

beforeAll(async () => {
  strictServer = await startSecondServer('auth-strict', {
    ALERTS_SCHEDULER: 'false',
    // Each test sends its own X-Forwarded-For address, so per-IP counts start at zero for it.
    TRUST_PROXY: 'true',
    AUTH_RATE_LIMIT_TOKEN_PER_IP: '3',
    AUTH_RATE_LIMIT_VERIFY_PER_IP: '3',
    AUTH_RATE_LIMIT_EMAIL_PER_IP: '3',
    AUTH_RATE_LIMIT_SUPER_ADMIN_PER_IP: '3',
  });
  strict = strictServer.server;
}, 120_000);

afterAll(async () => {
  await strictServer?.stop();
});

let addressSeq = 0;
/** A client address no other test (or run) uses, for the strict server that trusts X-Forwarded-For. */
function freshAddress(): string {
  addressSeq++;
  return `2001:db8:${process.pid.toString(16)}:${Date.now().toString(16).slice(-4)}::${addressSeq.toString(16)}`;
}

function clientFor(url: string, headers: Record<string, string> = {}): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(url, anonKey, {
    realtime: testRealtimeOptions,
    global: { headers },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
    },
  });
}

async function authPost(base: string, route: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/auth/v1${route}`, {
    method: 'POST',
    headers: { apikey: anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

async function mailsTo(email: string): Promise<number> {
  const all = (await (await fetch(`${serverUrl}/dev/mailbox.json`)).json()) as { to: string }[];
  return all.filter((m) => m.to === email).length;
}

function linkOf(mail: { links: string[] }, type: string): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify') && new URL(l).searchParams.get('type') === type);
  if (!link) throw new Error(`no ${type} link`);
  return link;
}

async function restStatus(accessToken: string): Promise<number> {
  const res = await fetch(`${serverUrl}/rest/v1/organizations?select=id`, { headers: { apikey: anonKey, authorization: `Bearer ${accessToken}` } });
  return res.status;
}

describe('rate limits', () => {
  it('refuses the right password after 30 wrong ones, counted across two server processes', async () => {
    const persona = await signUpConfirmed('brute');
    for (let i = 0; i < 30; i++) {
      const client = i % 2 === 0 ? clientFor(serverUrl) : clientFor(strict!.url, { 'x-forwarded-for': freshAddress() });
      const { error } = await client.auth.signInWithPassword({ email: persona.email, password: `wrong-guess-${i}` });
      if (error?.status === 429) break;
      expect(error?.code).toBe('invalid_credentials');
    }
    const right = await clientFor(strict!.url, { 'x-forwarded-for': freshAddress() }).auth.signInWithPassword({ email: persona.email, password: TEST_PASSWORD });
    expect(right.error?.status).toBe(429);
    expect(right.error?.code).toBe('over_request_rate_limit');
    expect(right.data.session).toBeNull();
  });

  it('checks at most 10 passwords for one email when 30 guesses arrive at once, at two processes', async () => {
    const persona = await signUpConfirmed('parallel');
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        (i % 2 === 0 ? clientFor(serverUrl) : clientFor(strict!.url, { 'x-forwarded-for': freshAddress() })).auth.signInWithPassword({
          email: persona.email,
          password: `parallel-guess-${i}`,
        }),
      ),
    );
    const checked = guesses.filter((g) => g.error?.code === 'invalid_credentials').length;
    const refused = guesses.filter((g) => g.error?.status === 429).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(checked + refused).toBe(30);
  });

  it('limits /token, /verify and email-sending routes per client address, in GoTrue\'s error shape', async () => {
    const cases: [string, (i: number) => unknown, string][] = [
      ['/token?grant_type=refresh_token', (i) => ({ refresh_token: `nope-${i}` }), 'over_request_rate_limit'],
      ['/token?grant_type=password', (i) => ({ email: uniqueEmail('ip'), password: `nope-${i}` }), 'over_request_rate_limit'],
      ['/verify', (i) => ({ type: 'magiclink', token_hash: `nope-${i}` }), 'over_request_rate_limit'],
      ['/signup', () => ({ email: uniqueEmail('ip'), password: 'a-long-enough-password-1' }), 'over_email_send_rate_limit'],
      ['/recover', () => ({ email: uniqueEmail('ip') }), 'over_email_send_rate_limit'],
      ['/otp', () => ({ email: uniqueEmail('ip') }), 'over_email_send_rate_limit'],
      ['/resend', () => ({ type: 'signup', email: uniqueEmail('ip') }), 'over_email_send_rate_limit'],
    ];
    for (const [route, body, code] of cases) {
      const address = freshAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await authPost(strict!.url, route, body(i), { 'x-forwarded-for': address });
        statuses.push(res.status);
        if (i === 3) expect(res.body, route).toMatchObject({ code: 429, error_code: code });
      }
      expect(statuses.slice(0, 3), route).not.toContain(429);
      expect(statuses[3], route).toBe(429);
      // Another address is not held back by this one's requests.
      expect((await authPost(strict!.url, route, body(9), { 'x-forwarded-for': freshAddress() })).status, route).not.toBe(429);
    }
  });

  it('limits emails per address, whether or not the address has an account', async () => {
    const unknown = uniqueEmail('nobody');
    expect((await anonClient().auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } })).error).toBeNull();
    const again = await anonClient().auth.signInWithOtp({ email: unknown, options: { shouldCreateUser: false } });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
  });
});

describe('password policy', () => {
  it.each(['password', '12345678', '        ', 'qwertyuiop'])('refuses %j with weak_password', async (password) => {
    const email = uniqueEmail('weak');
    const { error } = await anonClient().auth.signUp({ email, password });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect((error as { reasons?: string[] } | null)?.reasons?.length).toBeGreaterThan(0);
    expect(await sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
  });

  it('refuses a common password as a new password too', async () => {
    const persona = await signUpConfirmed('weak-update');
    const { error } = await persona.client.auth.updateUser({ password: 'password1' });
    expect(error?.code).toBe('weak_password');
  });
});

describe('no account enumeration', () => {
  it('answers a sign-up for a taken address like a new one, without touching the account', async () => {
    const persona = await signUpConfirmed('taken');
    await sql('delete from auth.rate_limits where key = $1', [`email_interval:signup:${persona.email}`]);
    const before = await mailsTo(persona.email);
    const again = await anonClient().auth.signUp({ email: persona.email, password: 'another-long-password-1' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user?.id).not.toBe(persona.user.id);
    expect(again.data.user?.identities).toEqual([]);
    expect(await mailsTo(persona.email)).toBe(before);
    expect((await anonClient().auth.signInWithPassword({ email: persona.email, password: TEST_PASSWORD })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email: persona.email, password: 'another-long-password-1' })).error?.code).toBe('invalid_credentials');
  });

  it('answers a magic link without account creation the same for known and unknown addresses', async () => {
    const persona = await signUpConfirmed('otp-known');
    const known = await anonClient().auth.signInWithOtp({ email: persona.email, options: { shouldCreateUser: false } });
    const unknownEmail = uniqueEmail('otp-unknown');
    const unknown = await anonClient().auth.signInWithOtp({ email: unknownEmail, options: { shouldCreateUser: false } });
    expect(known.error).toBeNull();
    expect(unknown.error).toBeNull();
    expect(await sql('select 1 from auth.users where email = $1', [unknownEmail])).toHaveLength(0);
  });
});

describe('magic-link sign-up', () => {
  it('creates the account without the profile the request asked for, since the requester need not own the address', async () => {
    const email = uniqueEmail('otp-profile');
    expect((await anonClient().auth.signInWithOtp({ email, options: { data: { full_name: 'Mallory', organization_name: 'Evil' } } })).error).toBeNull();
    const rows = await sql<{ m: Record<string, unknown> }>('select raw_user_meta_data as m from auth.users where email = $1', [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.m).toEqual({});
  });

  it('holds magic-link sign-up to the same metadata limit as sign-up', async () => {
    const email = uniqueEmail('otp-big');
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { data: { bio: 'x'.repeat(5000) } } });
    expect(error?.code).toBe('validation_failed');
    expect(await sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
  });
});

describe('pre-registration takeover', () => {
  it("a magic link to an address someone else signed up with leaves the squatter's password and profile useless", async () => {
    const email = uniqueEmail('victim');
    const squatter = await anonClient().auth.signUp({ email, password: 'squatters-password-77', options: { data: { full_name: 'Mallory' } } });
    expect(squatter.error).toBeNull();
    expect((await anonClient().auth.signInWithOtp({ email: email })).error).toBeNull();
    const landed = await followAuthLink(linkOf(await latestMailTo(email), 'magiclink'));
    const accessToken = new URLSearchParams(landed.hash.slice(1)).get('access_token');
    expect(accessToken).toBeTruthy();
    const attempt = await anonClient().auth.signInWithPassword({ email, password: 'squatters-password-77' });
    expect(attempt.error?.code).toBe('invalid_credentials');
    const me = await (await fetch(`${serverUrl}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${accessToken}` } })).json();
    expect(me.user_metadata).toEqual({});
  });

  it("the owner's own sign-up replaces an unconfirmed squatter's password", async () => {
    const email = uniqueEmail('victim2');
    await anonClient().auth.signUp({ email, password: 'squatters-password-77' });
    // Lets the owner's sign-up through the one-a-minute limit, as if they came back later.
    await sql('delete from auth.rate_limits where key = $1', [`email_interval:signup:${email}`]);
    expect((await anonClient().auth.signUp({ email, password: 'owners-password-88' })).error).toBeNull();
    await followAuthLink(linkOf(await latestMailTo(email), 'signup'));
    expect((await anonClient().auth.signInWithPassword({ email, password: 'squatters-password-77' })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'owners-password-88' })).error).toBeNull();
  });
});

describe('password change and live sessions', () => {
  it('needs the current password once the session is not recent, and signs out the other sessions', async () => {
    const persona = await signUpConfirmed('change');
    const other = anonClient();
    const otherSession = (await other.auth.signInWithPassword({ email: persona.email, password: TEST_PASSWORD })).data.session!;
    const mine = decodeJwt(persona.accessToken).session_id as string;
    await sql("update auth.sessions set created_at = now() - interval '2 days' where id = $1", [mine]);

    const bare = await persona.client.auth.updateUser({ password: 'a-fresh-password-31' });
    expect(bare.error?.code).toBe('reauthentication_needed');
    const wrong = await persona.client.auth.updateUser({ password: 'a-fresh-password-31', current_password: 'not-my-password' } as never);
    expect(wrong.error?.code).toBe('current_password_mismatch');
    const right = await persona.client.auth.updateUser({ password: 'a-fresh-password-31', current_password: TEST_PASSWORD } as never);
    expect(right.error).toBeNull();

    expect(await restStatus(otherSession.access_token)).toBe(401);
    expect(await restStatus(persona.accessToken)).toBe(200);
  });

  it('a recovery link counts as a recent sign-in', async () => {
    const persona = await signUpConfirmed('recover-change');
    await sql("update auth.sessions set created_at = now() - interval '2 days' where id = $1", [decodeJwt(persona.accessToken).session_id]);
    expect((await persona.client.auth.updateUser({ password: 'recovered-password-55' })).error?.code).toBe('reauthentication_needed');
    await anonClient().auth.resetPasswordForEmail(persona.email);
    const landed = await followAuthLink(linkOf(await latestMailTo(persona.email), 'recovery'));
    const fragment = new URLSearchParams(landed.hash.slice(1));
    const client = anonClient();
    await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await client.auth.updateUser({ password: 'recovered-password-55' })).error).toBeNull();
  });

  it('sign-out ends the access token on /rest at once', async () => {
    const persona = await signUpConfirmed('signout-rest');
    expect(await restStatus(persona.accessToken)).toBe(200);
    expect((await persona.client.auth.signOut()).error).toBeNull();
    expect(await restStatus(persona.accessToken)).toBe(401);
  });

  it('a ban ends the access token on /rest, /api and /auth at once', async () => {
    const persona = await signUpConfirmed('banned');
    expect(await restStatus(persona.accessToken)).toBe(200);
    await sql("update auth.users set banned_until = now() + interval '1 day' where id = $1", [persona.user.id]);
    expect(await restStatus(persona.accessToken)).toBe(401);
    expect((await api(persona, 'POST', '/api/organizations/00000000-0000-0000-0000-000000000000/invitations', {})).status).toBe(401);
    const user = await fetch(`${serverUrl}/auth/v1/user`, { headers: { apikey: anonKey, authorization: `Bearer ${persona.accessToken}` } });
    expect(user.status).toBe(401);
  });
});

describe('JWTs', () => {
  const key = new TextEncoder().encode(inject('jwtSecret'));

  it('refuses tokens without exp, or with the wrong issuer or audience', async () => {
    const persona = await signUpConfirmed('jwt');
    const claims = decodeJwt(persona.accessToken);
    expect(await restStatus(persona.accessToken)).toBe(200);
    const sign = (c: Record<string, unknown>, withExp = true) => {
      const jwt = new SignJWT(c).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
      return (withExp ? jwt.setExpirationTime('1h') : jwt).sign(key);
    };
    const base = { ...claims, exp: undefined, iat: undefined };
    expect(await restStatus(await sign(base, false))).toBe(401);
    expect(await restStatus(await sign({ ...base, iss: 'https://evil.example/auth/v1' }))).toBe(401);
    expect(await restStatus(await sign({ ...base, aud: 'someone-else' }))).toBe(401);
    expect(await restStatus(await sign(base))).toBe(200);
  });

  it('issues API keys that last ten years, not until 2029', () => {
    for (const k of [anonKey, inject('serviceRoleKey')]) {
      const { exp, iat } = decodeJwt(k);
      expect(exp! - iat!).toBeGreaterThanOrEqual(10 * 365 * 24 * 3600);
      expect(new Date(exp! * 1000).getUTCFullYear()).toBeGreaterThanOrEqual(2035);
    }
  });
});

describe('super-admin login limits', () => {
  const operatorDb = createDatabase(inject('databaseUrl'), 2);
  afterAll(() => operatorDb.close());
  const ADMIN_PASSWORD = 'super-admin-password-77';

  async function superAdmin(prefix: string): Promise<string> {
    const email = uniqueEmail(prefix);
    await grantSuperAdmin(operatorDb, { email, password: ADMIN_PASSWORD });
    return email;
  }

  async function login(base: string, email: string, password: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}/functions/v1/super-admin-auth/login`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email, password }),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown>, retryAfter: res.headers.get('retry-after') };
  }

  it('limits login and MFA verification per client address, whatever the email', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i++) {
      expect((await login(strict!.url, uniqueEmail('sa-ip'), `wrong-${i}`, { 'x-forwarded-for': address })).status).toBe(401);
    }
    const limited = await login(strict!.url, await superAdmin('sa-ip'), ADMIN_PASSWORD, { 'x-forwarded-for': address });
    expect(limited).toMatchObject({ status: 429, json: { error_code: 'over_request_rate_limit' } });
    expect(limited.json.sessionToken).toBeUndefined();
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    const mfa = await fetch(`${strict!.url}/functions/v1/super-admin-auth/verify-mfa`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ userId: '00000000-0000-4000-8000-000000000000', code: '123456' }),
    });
    expect(mfa.status).toBe(429);
    expect((await login(strict!.url, uniqueEmail('sa-ip'), 'wrong', { 'x-forwarded-for': freshAddress() })).status).toBe(401);
  });

  it('failures from other addresses do not lock an administrator out (no per-email lock across addresses)', async () => {
    const email = await superAdmin('sa-email');
    // 20 wrong passwords, half of them through the second server process from fresh addresses.
    for (let i = 0; i < 20; i++) {
      const res = i % 2 === 0 ? await login(serverUrl, email, `wrong-${i}`) : await login(strict!.url, email, `wrong-${i}`, { 'x-forwarded-for': freshAddress() });
      expect([401, 429], `attempt ${i}`).toContain(res.status);
    }
    // The administrator, from an address of their own, still signs in (issue 26: the lock was
    // the weapon; failures back off per email and address instead, see safety-round-two.test.ts).
    const right = await login(strict!.url, email, ADMIN_PASSWORD, { 'x-forwarded-for': freshAddress() });
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect(right.json.sessionToken).toEqual(expect.any(String));
  });
});

describe('user metadata size', () => {
  it('refuses sign-up metadata over 4 KB as JSON, with a clear 400, and creates nothing', async () => {
    const email = uniqueEmail('big-meta');
    const { error } = await anonClient().auth.signUp({ email, password: 'a-long-enough-password-1', options: { data: { bio: 'x'.repeat(5000) } } });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toMatch(/at most 4096 bytes/);
    expect(await sql('select 1 from auth.users where email = $1', [email])).toHaveLength(0);
  });

  it('refuses an update whose merged metadata passes 4 KB, and a token near the limit still works on /rest', async () => {
    const persona = await signUpConfirmed('grow-meta');
    expect((await persona.client.auth.updateUser({ data: { a: 'x'.repeat(3000) } })).error).toBeNull();
    const grown = await persona.client.auth.updateUser({ data: { b: 'y'.repeat(3000) } });
    expect(grown.error?.status).toBe(400);
    expect(grown.error?.code).toBe('validation_failed');
    const stored = await sql<{ m: Record<string, unknown> }>('select raw_user_meta_data as m from auth.users where id = $1', [persona.user.id]);
    expect(stored[0]!.m.b).toBeUndefined();

    expect((await persona.client.auth.updateUser({ data: { a: 'z'.repeat(4000) } })).error).toBeNull();
    const { data } = await persona.client.auth.refreshSession();
    expect(data.session).not.toBeNull();
    expect(await restStatus(data.session!.access_token)).toBe(200);
  });
});
