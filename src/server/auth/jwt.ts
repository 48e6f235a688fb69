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
  /** Verifies signature and expiry; returns null for anything that is not a valid token of ours. */
  verify(token: string): Promise<AccessTokenClaims | null>;
  /** The project API keys: long-lived JWTs whose role is anon or service_role, as Supabase issues them. */
  anonKey: string;
  serviceRoleKey: string;
}

export async function createJwtService(secret: string): Promise<JwtService> {
  const key = new TextEncoder().encode(secret);
  const sign: JwtService['sign'] = async (claims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS) =>
    new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(key);
  const tenYears = 10 * 365 * 24 * 3600;
  const anonKey = await new SignJWT({ role: 'anon', iss: 'tracklint' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(0)
    .setExpirationTime(tenYears * 6)
    .sign(key);
  const serviceRoleKey = await new SignJWT({ role: 'service_role', iss: 'tracklint' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(0)
    .setExpirationTime(tenYears * 6)
    .sign(key);
  return {
    sign,
    anonKey,
    serviceRoleKey,
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const role = payload.role;
        if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') return null;
        return payload as AccessTokenClaims;
      } catch {
        return null;
      }
    },
  };
}
