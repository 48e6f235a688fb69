import { decodeJwt, SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, inject, it } from 'vitest';
import { anonClient, latestMailTo, sql, testRealtimeOptions, uniqueEmail } from '../support/clients';

const serverUrl = inject('serverUrl');
const anonKey = inject('anonKey');
const PASSWORD = 'correct-horse-42';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
}

async function mailbox(): Promise<Mail[]> {
  return (await (await fetch(`${serverUrl}/dev/mailbox.json`)).json()) as Mail[];
}

function verifyLinkIn(mail: Mail, type: string): string {
  const link = mail.links.find((l) => l.startsWith(`${serverUrl}/auth/v1/verify?`) && new URL(l).searchParams.get('type') === type);
  if (!link) throw new Error(`no ${type} link in mail "${mail.subject}": ${mail.links.join(', ')}`);
  return link;
}

/** Follows an email link like a browser would, without going further than our redirect. */
async function follow(link: string): Promise<{ status: number; location: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  const location = new URL(res.headers.get('location') ?? '', serverUrl);
  return { status: res.status, location, fragment: new URLSearchParams(location.hash.slice(1)) };
}

async function authFetch(path: string, init: RequestInit & { json?: unknown; bearer?: string } = {}) {
  const headers: Record<string, string> = { apikey: anonKey, 'content-type': 'application/json' };
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`;
  const res = await fetch(`${serverUrl}/auth/v1${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null };
}

/** Forgets the one-a-minute email limit for an address, as if the user came back later. */
async function allowAnotherEmail(kind: string, email: string): Promise<void> {
  await sql('delete from auth.rate_limits where key = $1', [`email_interval:${kind}:${email}`]);
}

async function usersWithEmail(email: string): Promise<number> {
  const rows = await sql<{ n: string }>('select count(*) as n from auth.users where email = $1', [email]);
  return Number(rows[0]!.n);
}

/** Signs up and follows the confirmation link; returns the signed-up client and the email. */
async function confirmedUser(client: SupabaseClient = anonClient()) {
  const email = uniqueEmail('confirmed');
  const { error } = await client.auth.signUp({ email, password: PASSWORD });
  expect(error).toBeNull();
  const confirmation = await follow(verifyLinkIn(await latestMailTo(email), 'signup'));
  expect(confirmation.fragment.get('access_token')).toBeTruthy();
  return { client, email };
}

describe('email signup, confirmation and a full session lifecycle', () => {
  it('signs up, confirms by email link, signs in, refreshes, reads and updates the user, and signs out', async () => {
    const client = anonClient();
    const email = uniqueEmail('journey');

    const signUp = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { full_name: 'Ada Lovelace', organization_name: 'Analytical Engines' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      email_confirmed_at: null,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { full_name: 'Ada Lovelace', organization_name: 'Analytical Engines' },
    });
    expect(signUp.data.user?.confirmation_sent_at).toBeTruthy();
    expect(signUp.data.user?.identities?.[0]?.provider).toBe('email');

    // Stored safely: an scrypt hash, and the link token only as a SHA-256 hash.
    const [row] = await sql<{ encrypted_password: string; id: string }>('select id, encrypted_password from auth.users where email = $1', [email]);
    expect(row!.encrypted_password).toMatch(/^\$scrypt\$/);
    expect(row!.encrypted_password).not.toContain(PASSWORD);

    const mail = await latestMailTo(email);
    expect(mail.subject).toMatch(/confirm/i);
    expect(mail.html).toContain('<a href=');
    const link = verifyLinkIn(mail, 'signup');
    const linkToken = new URL(link).searchParams.get('token')!;
    const stored = await sql('select token_hash from auth.one_time_tokens where user_id = $1', [row!.id]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toBe(linkToken);

    const confirmation = await follow(link);
    expect(confirmation.status).toBe(303);
    expect(confirmation.location.origin + confirmation.location.pathname).toBe(`${serverUrl}/verify-email`);
    expect(confirmation.fragment.get('type')).toBe('signup');
    expect(confirmation.fragment.get('token_type')).toBe('bearer');
    expect(confirmation.fragment.get('expires_in')).toBe('3600');
    expect(Number(confirmation.fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const linkSession = await authFetch('/user', { method: 'GET', bearer: confirmation.fragment.get('access_token')! });
    expect(linkSession.status).toBe(200);
    expect(linkSession.body?.email_confirmed_at).toBeTruthy();

    const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(signIn.data.user?.last_sign_in_at).toBeTruthy();
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: row!.id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
      iss: `${serverUrl}/auth/v1`,
      user_metadata: { full_name: 'Ada Lovelace' },
      app_metadata: { provider: 'email' },
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect((claims.amr as { method: string }[])[0]!.method).toBe('password');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(session.expires_at).toBe(claims.exp);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(claims.session_id);

    const got = await client.auth.getUser();
    expect(got.error).toBeNull();
    expect(got.data.user?.email).toBe(email);

    const updated = await client.auth.updateUser({ data: { organization_slug: 'engines', full_name: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ organization_name: 'Analytical Engines', organization_slug: 'engines' });
    const [meta] = await sql<{ raw_user_meta_data: unknown }>('select raw_user_meta_data from auth.users where id = $1', [row!.id]);
    expect(meta!.raw_user_meta_data).toEqual({ organization_name: 'Analytical Engines', organization_slug: 'engines' });

    const lastRefreshToken = refreshed.data.session!.refresh_token;
    const lastAccessToken = refreshed.data.session!.access_token;
    expect((await client.auth.signOut()).error).toBeNull();

    const afterSignOut = await anonClient().auth.refreshSession({ refresh_token: lastRefreshToken });
    expect(afterSignOut.error?.code).toBe('refresh_token_not_found');
    const staleUser = await authFetch('/user', { method: 'GET', bearer: lastAccessToken });
    expect(staleUser.status).toBe(401);
    expect(staleUser.body).toMatchObject({ code: 401, error_code: 'session_not_found' });
  });

  it('refuses to sign in before the email is confirmed', async () => {
    const client = anonClient();
    const email = uniqueEmail('unconfirmed');
    expect((await client.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(data.session).toBeNull();
    expect(error?.message).toBe('Email not confirmed');
    expect(error?.code).toBe('email_not_confirmed');
    expect(error?.status).toBe(400);
  });

  it('rejects a wrong password and an unknown email with the same message', async () => {
    const { email } = await confirmedUser();
    const wrong = await anonClient().auth.signInWithPassword({ email, password: 'not-the-password' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');
    const unknown = await anonClient().auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.message).toBe('Invalid login credentials');
  });

  it('answers a second signup with the same email like a first one, and creates nothing', async () => {
    const { email } = await confirmedUser();
    await allowAnotherEmail('signup', email);
    const again = await anonClient().auth.signUp({ email: email.toUpperCase(), password: 'another-password' });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(await usersWithEmail(email)).toBe(1);
  });
});

describe('refresh tokens', () => {
  it('refuses a reused refresh token and ends that session', async () => {
    const { email } = await confirmedUser();
    const client = anonClient();
    const first = (await client.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    const rotated = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(rotated.error).toBeNull();
    const child = rotated.data.session!;

    const reused = await anonClient().auth.refreshSession({ refresh_token: first.refresh_token });
    expect(reused.error?.code).toBe('refresh_token_already_used');
    expect(reused.error?.message).toBe('Invalid Refresh Token: Already Used');

    // The replay may be an attacker: the whole family, including the child, is dead now.
    const childAfter = await anonClient().auth.refreshSession({ refresh_token: child.refresh_token });
    expect(childAfter.error?.code).toBe('refresh_token_already_used');
    const userAfter = await authFetch('/user', { method: 'GET', bearer: child.access_token });
    expect(userAfter.status).toBe(401);
  });

  it('refuses an unknown refresh token', async () => {
    const res = await authFetch('/token?grant_type=refresh_token', { method: 'POST', json: { refresh_token: 'not-a-real-token' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 400,
      error_code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    });
  });
});

describe('bad input changes nothing', () => {
  it('rejects a short password with a clear 422 and creates no user', async () => {
    const email = uniqueEmail('short');
    const { error } = await anonClient().auth.signUp({ email, password: 'short' });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 8 characters.');
    expect(error?.name).toBe('AuthWeakPasswordError');
    expect(await usersWithEmail(email)).toBe(0);
    expect((await mailbox()).some((m) => m.to === email)).toBe(false);
  });

  it('rejects a missing or malformed email with a clear message and creates no user', async () => {
    const before = await sql<{ n: string }>('select count(*) as n from auth.users');
    const missing = await authFetch('/signup', { method: 'POST', json: { password: PASSWORD } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 400, error_code: 'validation_failed', msg: 'Signup requires a valid email' });
    const malformed = await anonClient().auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(malformed.error?.message).toBe('Unable to validate email address: invalid format');
    const after = await sql<{ n: string }>('select count(*) as n from auth.users');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('answers malformed JSON with 400 and writes nothing', async () => {
    const email = uniqueEmail('badjson');
    const res = await authFetch('/signup', { method: 'POST', body: `{"email":"${email}","password":"${PASSWORD}"` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, error_code: 'bad_json' });
    expect(String(res.body?.msg)).toMatch(/^Could not parse request body as JSON/);
    expect(await usersWithEmail(email)).toBe(0);
    expect((await mailbox()).some((m) => m.to === email)).toBe(false);
  });

  it('refuses a wrong API key', async () => {
    const res = await fetch(`${serverUrl}/auth/v1/settings`, { headers: { apikey: 'not-a-key' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error_code: 'invalid_api_key' });
  });
});

describe('bearer tokens on /user', () => {
  it('requires a token and rejects a bad one with bad_jwt', async () => {
    const none = await authFetch('/user', { method: 'GET' });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, error_code: 'no_authorization' });
    const bad = await authFetch('/user', { method: 'GET', bearer: 'eyJhbGciOiJIUzI1NiJ9.e30.invalid' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 401, error_code: 'bad_jwt' });
    expect(String(bad.body?.msg)).toMatch(/^invalid JWT: /);
    const apiKeyAsUser = await authFetch('/user', { method: 'GET', bearer: anonKey });
    expect(apiKeyAsUser.status).toBe(401);
    expect(apiKeyAsUser.body).toMatchObject({ error_code: 'bad_jwt' });
  });
});

describe('tokens signed with our key but not for a live session', () => {
  const key = new TextEncoder().encode(inject('jwtSecret'));
  const mint = (claims: Record<string, unknown>, exp: number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(exp - 3600).setExpirationTime(exp).sign(key);

  it('rejects an expired access token with bad_jwt', async () => {
    const { email } = await confirmedUser();
    const session = (await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    const claims = decodeJwt(session.access_token);
    const expired = await mint({ ...claims, exp: undefined, iat: undefined }, Math.floor(Date.now() / 1000) - 60);
    const res = await authFetch('/user', { method: 'GET', bearer: expired });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, error_code: 'bad_jwt' });
  });

  it('rejects a token whose session never existed, whatever its session_id looks like', async () => {
    const now = Math.floor(Date.now() / 1000);
    for (const sessionId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', undefined]) {
      const token = await mint(
        { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated', iss: `${serverUrl}/auth/v1`, session_id: sessionId },
        now + 600,
      );
      const res = await authFetch('/user', { method: 'GET', bearer: token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error_code: 'session_not_found' });
    }
  });
});

describe('email links', () => {
  it('works once: following a confirmation link twice fails the second time', async () => {
    const email = uniqueEmail('twice');
    await anonClient().auth.signUp({ email, password: PASSWORD });
    const link = verifyLinkIn(await latestMailTo(email), 'signup');
    expect((await follow(link)).fragment.get('access_token')).toBeTruthy();
    const second = await follow(link);
    expect(second.status).toBe(303);
    expect(second.fragment.get('access_token')).toBeNull();
    expect(second.location.hash).toBe('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired');
  });

  it('does not follow redirect_to to another site', async () => {
    const email = uniqueEmail('redirect');
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = verifyLinkIn(await latestMailTo(email), 'signup');
    expect(link).not.toContain('evil.example');
    const tampered = new URL(link);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const result = await follow(tampered.toString());
    expect(result.location.origin).toBe(serverUrl);
    expect(result.location.pathname).toBe('/verify-email');
    expect(result.fragment.get('access_token')).toBeTruthy();
  });

  it('follows redirect_to within our own site', async () => {
    const email = uniqueEmail('own-redirect');
    await anonClient().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${serverUrl}/app/welcome` } });
    const result = await follow(verifyLinkIn(await latestMailTo(email), 'signup'));
    expect(result.location.pathname).toBe('/app/welcome');
    expect(result.fragment.get('type')).toBe('signup');
  });

  it('limits link emails to one a minute per address, and resends nothing for confirmed accounts', async () => {
    const email = uniqueEmail('resend');
    await anonClient().auth.signUp({ email, password: PASSWORD });
    const firstLink = verifyLinkIn(await latestMailTo(email), 'signup');
    const tooSoon = await anonClient().auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.status).toBe(429);
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect((await mailbox()).filter((m) => m.to === email)).toHaveLength(1);
    // The limit refused the new mail without touching the link already sent.
    expect((await follow(firstLink)).fragment.get('access_token')).toBeTruthy();

    await allowAnotherEmail('signup', email);
    expect((await anonClient().auth.resend({ type: 'signup', email })).error).toBeNull();
    expect((await mailbox()).filter((m) => m.to === email)).toHaveLength(1);

    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    expect((await mailbox()).filter((m) => m.to === email && /reset/i.test(m.subject))).toHaveLength(1);
  });

  it('emails a password reset link only for existing accounts, and the link lets the user set a new password', async () => {
    const { email } = await confirmedUser();
    const stranger = uniqueEmail('stranger');

    const forStranger = await anonClient().auth.resetPasswordForEmail(stranger);
    expect(forStranger.error).toBeNull();
    expect((await mailbox()).some((m) => m.to === stranger)).toBe(false);

    const forUser = await anonClient().auth.resetPasswordForEmail(email);
    expect(forUser.error).toBeNull();
    const mail = await latestMailTo(email);
    expect(mail.subject).toMatch(/reset/i);
    const recovery = await follow(verifyLinkIn(mail, 'recovery'));
    expect(recovery.location.pathname).toBe('/reset-password');
    expect(recovery.fragment.get('type')).toBe('recovery');

    const client = anonClient();
    const set = await client.auth.setSession({
      access_token: recovery.fragment.get('access_token')!,
      refresh_token: recovery.fragment.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const samePassword = await client.auth.updateUser({ password: PASSWORD });
    expect(samePassword.error?.code).toBe('same_password');
    expect((await client.auth.updateUser({ password: 'a-brand-new-password' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'a-brand-new-password' })).error).toBeNull();
  });

  it('signs in with a magic link, and verifyOtp accepts the emailed token once', async () => {
    const { email } = await confirmedUser();
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const viaLink = await follow(verifyLinkIn(await latestMailTo(email), 'magiclink'));
    expect(viaLink.fragment.get('type')).toBe('magiclink');
    expect(viaLink.fragment.get('access_token')).toBeTruthy();

    await allowAnotherEmail('magiclink', email);
    expect((await anonClient().auth.signInWithOtp({ email })).error).toBeNull();
    const token = new URL(verifyLinkIn(await latestMailTo(email), 'magiclink')).searchParams.get('token')!;
    const client = anonClient();
    const verified = await client.auth.verifyOtp({ token_hash: token, type: 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const again = await anonClient().auth.verifyOtp({ token_hash: token, type: 'magiclink' });
    expect(again.error?.code).toBe('otp_expired');
  });

  it('verifyOtp accepts the emailed token with the address it was sent to, and no other', async () => {
    const email = uniqueEmail('otp-email');
    await anonClient().auth.signUp({ email, password: PASSWORD });
    const token = new URL(verifyLinkIn(await latestMailTo(email), 'signup')).searchParams.get('token')!;
    const wrongAddress = await anonClient().auth.verifyOtp({ email: uniqueEmail('other'), token, type: 'email' });
    expect(wrongAddress.error?.code).toBe('otp_expired');
    expect(wrongAddress.error?.message).toBe('Token has expired or is invalid');

    const client = anonClient();
    const verified = await client.auth.verifyOtp({ email: email.toUpperCase(), token, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
  });

  it('creates an account for a new magic-link address unless told not to, and says the same either way', async () => {
    const refused = uniqueEmail('no-create');
    const { error } = await anonClient().auth.signInWithOtp({ email: refused, options: { shouldCreateUser: false } });
    expect(error).toBeNull();
    expect(await usersWithEmail(refused)).toBe(0);

    const created = uniqueEmail('otp-create');
    expect((await anonClient().auth.signInWithOtp({ email: created, options: { data: { full_name: 'Otto' } } })).error).toBeNull();
    expect(await usersWithEmail(created)).toBe(1);
    const result = await follow(verifyLinkIn(await latestMailTo(created), 'magiclink'));
    const user = await authFetch('/user', { method: 'GET', bearer: result.fragment.get('access_token')! });
    // Whoever asked for the link chose that profile, and need not own the address: it is not kept.
    expect(user.body).toMatchObject({ email: created, user_metadata: {} });
    expect(user.body?.email_confirmed_at).toBeTruthy();
  });

  it('changes the email only after the new address confirms it', async () => {
    const { email } = await confirmedUser();
    const client = anonClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const newEmail = uniqueEmail('moved');
    const requested = await client.auth.updateUser({ email: newEmail });
    expect(requested.error).toBeNull();
    expect(requested.data.user?.email).toBe(email);
    expect(requested.data.user?.new_email).toBe(newEmail);

    await follow(verifyLinkIn(await latestMailTo(newEmail), 'email_change'));
    expect(await usersWithEmail(newEmail)).toBe(1);
    expect(await usersWithEmail(email)).toBe(0);
    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error).toBeNull();
  });

  it('supports the PKCE flow: the link yields a code only the original client can exchange', async () => {
    const store = new Map<string, string>();
    const pkceClient = createClient(serverUrl, anonKey, {
      realtime: testRealtimeOptions,
      auth: {
        flowType: 'pkce',
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v), removeItem: (k) => void store.delete(k) },
      },
    });
    const email = uniqueEmail('pkce');
    expect((await pkceClient.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const result = await follow(verifyLinkIn(await latestMailTo(email), 'signup'));
    expect(result.location.hash).toBe('');
    const code = result.location.searchParams.get('code')!;
    expect(code).toBeTruthy();

    const stolen = await authFetch('/token?grant_type=pkce', { method: 'POST', json: { auth_code: code, code_verifier: 'x'.repeat(43) } });
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ error_code: 'bad_code_verifier' });

    const exchanged = await pkceClient.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
  });
});

describe('sign-out scopes', () => {
  it('local ends only this session; global ends all of them', async () => {
    const { email } = await confirmedUser();
    const laptop = anonClient();
    const phone = anonClient();
    const desk = anonClient();
    for (const c of [laptop, phone, desk]) expect((await c.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    expect((await laptop.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await phone.auth.getUser()).error).toBeNull();

    expect((await phone.auth.signOut({ scope: 'global' })).error).toBeNull();
    const deskUser = await desk.auth.getUser();
    expect(deskUser.data.user).toBeNull();
    expect(deskUser.error?.name).toBe('AuthSessionMissingError');
  });
});

describe('service endpoints', () => {
  it('reports settings and health', async () => {
    const settings = await authFetch('/settings', { method: 'GET' });
    expect(settings.body).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false });
    const health = await authFetch('/health', { method: 'GET' });
    expect(health.status).toBe(200);
  });
});
