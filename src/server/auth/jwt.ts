import { jwtVerify, SignJWT, type JWTPayload } from 'jose';

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  role: 'authenticated' | 'anon' | 'service_role';
  email?: string;
  aud?: string;
  session_id?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  /** How the session was established, e.g. [{ method: 'password', timestamp: 1700000000 }]. */
  amr?: { method: string; timestamp: number }[];
  is_anonymous?: boolean;
}

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ISSUER_PATH = '/auth/v1';

export interface JwtService {
  sign(claims: Omit<AccessTokenClaims, 'iat' | 'exp'>, ttlSeconds?: number): Promise<string>;
  /** Verifies signature, expiry, issuer, audience and (for users) that the session is live; null for anything else. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  /** verify without the session check, for the auth service, which says why a session is gone. */
  verifyClaims(token: string): Promise<AccessTokenClaims | null>;
  /** The project API keys: long-lived JWTs whose role is anon or service_role, as Supabase issues them. */
  anonKey: string;
  serviceRoleKey: string;
  /**
   * Completes verification once the auth service is mounted: the exact issuer of access tokens
   * (a function: the public URL is known only once the server listens),
   * and a check that a token's session is still live (signed out or banned means refused), so
   * every caller of verify (/rest, /api, /functions, realtime) gets both.
   */
  bindAuthService(options: { issuer: () => string; isSessionLive: (claims: AccessTokenClaims) => Promise<boolean> }): void;
}

/** The API keys' issuer; access tokens carry the auth service's URL instead. */
export const API_KEY_ISSUER = 'tracklint';
/**
 * API keys are issued at a fixed time (so every restart and every process derives the same
 * keys from the secret) and last ten years from it, like Supabase's. Rotating JWT_SECRET
 * replaces them.
 */
export const API_KEY_ISSUED_AT = Date.UTC(2026, 0, 1) / 1000;
export const API_KEY_TTL_SECONDS = 10 * 365 * 24 * 3600;

export async function createJwtService(secret: string): Promise<JwtService> {
  const key = new TextEncoder().encode(secret);
  const sign: JwtService['sign'] = async (claims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);
  const apiKey = (role: 'anon' | 'service_role') =>
    new SignJWT({ role, iss: API_KEY_ISSUER })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(API_KEY_ISSUED_AT)
      .setExpirationTime(API_KEY_ISSUED_AT + API_KEY_TTL_SECONDS)
      .sign(key);
  const anonKey = await apiKey('anon');
  const serviceRoleKey = await apiKey('service_role');
  let issuer: (() => string) | undefined;
  let isSessionLive: ((claims: AccessTokenClaims) => Promise<boolean>) | undefined;
  return {
    sign,
    anonKey,
    serviceRoleKey,
    bindAuthService(options) {
      issuer = options.issuer;
      isSessionLive = options.isSessionLive;
    },
    async verify(token) {
      const claims = await verifyClaims(token);
      if (claims?.role === 'authenticated' && isSessionLive && !(await isSessionLive(claims))) return null;
      return claims;
    },
    verifyClaims,
  };

  async function verifyClaims(token: string): Promise<AccessTokenClaims | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'iss'] }));
    } catch {
      return null;
    }
    const role = payload.role;
    if (role === 'anon' || role === 'service_role') return payload.iss === API_KEY_ISSUER ? (payload as AccessTokenClaims) : null;
    if (role !== 'authenticated') return null;
    // A user's token is only one the auth service issued, for this audience, for a live session.
    if (payload.aud !== 'authenticated' || typeof payload.sub !== 'string') return null;
    if (issuer ? payload.iss !== issuer() : !payload.iss?.endsWith(ISSUER_PATH)) return null;
    return payload as AccessTokenClaims;
  }
}
