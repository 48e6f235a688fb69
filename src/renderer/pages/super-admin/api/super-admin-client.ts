/**
 * Plain fetchers for the super-admin-auth edge function. Each takes the configuration
 * explicitly (base URL, optional anon key and fetch), so tests can pass a fake fetch.
 */

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface SuperAdminApiConfig {
  /** The backend's base URL (the supabase URL); functions live under /functions/v1. */
  supabaseUrl: string;
  /** Sent as the apikey header when present, as hosted edge functions expect. */
  anonKey?: string;
  fetch?: FetchLike;
}

export interface SuperAdminUser {
  id: string;
  email: string;
  mfaEnabled: boolean;
  /** The guard lets in only 'super_admin' (the default for users from super-admin-auth). */
  role: string | null;
}

export interface LoginRequest {
  email: string;
  password: string;
  mfaCode: string | null;
  /** The browser cannot know its public address; null lets the server use the connection's. */
  ipAddress: string | null;
  userAgent: string;
}

export interface LoginResponse {
  error: string | null;
  requireMFA: boolean;
  userId: string | null;
  user: SuperAdminUser | null;
  sessionToken: string | null;
}

export interface VerifyMfaResponse {
  valid: boolean;
  /** Optional: a backend may complete the sign-in here instead of a second login call. */
  sessionToken: string | null;
  user: SuperAdminUser | null;
}

export interface SetupMfaRequest {
  userId: string;
  /** Base32 TOTP secret the authenticator app was given. */
  secret: string;
  /** The current 6-digit code from that app, proving it was set up. */
  token: string;
}

export const SESSION_HEADER = 'x-super-admin-session';

/** The role a user from the super-admin-auth function has unless it says otherwise. */
export const SUPER_ADMIN_ROLE_FROM_FUNCTION = 'super_admin';

/** Raised for transport failures and non-2xx answers; message is the server's error when it gave one. */
export class SuperAdminApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly serverError: string | null,
  ) {
    super(message);
    this.name = 'SuperAdminApiError';
  }
}

export function superAdminFunctionUrl(supabaseUrl: string, action: string): string {
  const base = supabaseUrl.trim().replace(/\/+$/, '');
  if (!/^https?:\/\//.test(base)) {
    throw new SuperAdminApiError(`The backend URL must start with http:// or https://, got "${supabaseUrl}"`, null, null);
  }
  return `${base}/functions/v1/super-admin-auth/${action}`;
}

type Json = Record<string, unknown>;

const asString = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

export function parseSuperAdminUser(value: unknown): SuperAdminUser | null {
  if (!value || typeof value !== 'object') return null;
  const raw = value as Json;
  const id = asString(raw.id);
  const email = asString(raw.email);
  if (!id || !email) return null;
  return {
    id,
    email,
    mfaEnabled: raw.mfaEnabled === true || raw.mfa_enabled === true,
    // super-admin-auth only ever answers with super-admin accounts (a super_admins row, not
    // auth.users.role), so a user without a role is one; an explicit other role is kept and refused.
    role: raw.role === undefined || raw.role === null ? SUPER_ADMIN_ROLE_FROM_FUNCTION : asString(raw.role),
  };
}

async function call(
  config: SuperAdminApiConfig,
  action: string,
  init: { method: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> },
): Promise<{ ok: boolean; status: number; body: Json }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (config.anonKey) {
    headers.apikey = config.anonKey;
    headers.Authorization ??= `Bearer ${config.anonKey}`;
  }
  const doFetch = config.fetch ?? ((input, requestInit) => globalThis.fetch(input, requestInit));
  let response: Response;
  try {
    response = await doFetch(superAdminFunctionUrl(config.supabaseUrl, action), {
      method: init.method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (cause) {
    if (cause instanceof SuperAdminApiError) throw cause;
    throw new SuperAdminApiError('Could not reach the server', null, null);
  }
  let body: Json = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Json;
  } catch {
    // A body that is not JSON is treated as empty; the status still decides.
  }
  return { ok: response.ok, status: response.status, body };
}

function failure(result: { status: number; body: Json }): SuperAdminApiError {
  const serverError = asString(result.body.error) ?? asString(result.body.message);
  return new SuperAdminApiError(serverError ?? `Request failed with status ${result.status}`, result.status, serverError);
}

/**
 * POST login. A refusal (a 4xx with an error) comes back as a response with error set rather than
 * a throw, so the caller maps every outcome in one place; only transport failures throw.
 */
export async function login(config: SuperAdminApiConfig, request: LoginRequest): Promise<LoginResponse> {
  const result = await call(config, 'login', { method: 'POST', body: request });
  return {
    error: asString(result.body.error),
    // An MFA challenge may arrive with 401; it still names the user to verify.
    requireMFA: result.body.requireMFA === true,
    userId: asString(result.body.userId),
    user: parseSuperAdminUser(result.body.user),
    sessionToken: result.ok ? asString(result.body.sessionToken) : null,
  };
}

export async function verifyMfa(config: SuperAdminApiConfig, request: { userId: string; code: string }): Promise<VerifyMfaResponse> {
  const result = await call(config, 'verify-mfa', { method: 'POST', body: request });
  if (!result.ok && result.status !== 400 && result.status !== 401) throw failure(result);
  const valid = result.ok && result.body.valid === true;
  return {
    valid,
    sessionToken: valid ? asString(result.body.sessionToken) : null,
    user: valid ? parseSuperAdminUser(result.body.user) : null,
  };
}

/** GET session: the user the token belongs to, or null when the token is no longer valid. */
export async function getSession(config: SuperAdminApiConfig, sessionToken: string): Promise<SuperAdminUser | null> {
  const result = await call(config, 'session', { method: 'GET', headers: { [SESSION_HEADER]: sessionToken } });
  if (!result.ok) {
    if (result.status === 401 || result.status === 403 || result.status === 404) return null;
    throw failure(result);
  }
  return parseSuperAdminUser(result.body.user);
}

export async function logout(config: SuperAdminApiConfig, sessionToken: string): Promise<void> {
  const result = await call(config, 'logout', {
    method: 'POST',
    headers: { Authorization: `Bearer ${sessionToken}`, [SESSION_HEADER]: sessionToken },
  });
  if (!result.ok) throw failure(result);
}

export async function setupMfa(config: SuperAdminApiConfig, sessionToken: string, request: SetupMfaRequest): Promise<void> {
  const result = await call(config, 'setup-mfa', {
    method: 'POST',
    body: request,
    headers: { [SESSION_HEADER]: sessionToken },
  });
  if (!result.ok || asString(result.body.error) || result.body.success === false) throw failure(result);
}
