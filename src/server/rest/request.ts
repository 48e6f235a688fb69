import type { Context } from 'hono';
import { decodeJwt } from 'jose';
import type { JwtService } from '../auth/jwt';
import type { RequestClaims } from '../db/database';
import { invalidBodyError, jwtError, RestError } from './errors';
import type { BodyShape } from './read-builder';

/** What a request carries besides its query string: who is calling and what they accept. */

/**
 * The caller's claims from `Authorization: Bearer <jwt>`, else the `apikey` header; no token at
 * all means the anon role. A token that does not verify is refused with PGRST301.
 */
export async function resolveClaims(c: Context, jwt: JwtService): Promise<RequestClaims> {
  const authorization = c.req.header('authorization');
  const bearer = authorization ? /^Bearer\s+(.*)$/i.exec(authorization)?.[1]?.trim() : undefined;
  const token = bearer !== undefined ? bearer : c.req.header('apikey')?.trim();
  if (token === undefined || token === '') return { role: 'anon' };
  const claims = await jwt.verify(token);
  if (!claims) throw jwtError(describeInvalidToken(token));
  return claims as RequestClaims;
}

/** PostgREST's wording for why a token was refused. */
export function describeInvalidToken(token: string, nowSeconds = Date.now() / 1000): string {
  const parts = token.split('.');
  if (parts.length !== 3) return `JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got ${parts.length})`;
  let payload: { exp?: number; role?: unknown };
  try {
    payload = decodeJwt(token);
  } catch {
    return 'JWSError (CompactDecodeError Invalid JSON)';
  }
  if (typeof payload.exp === 'number' && payload.exp <= nowSeconds) return 'JWT expired';
  return 'JWSError JWSInvalidSignature';
}

/** Only the `public` schema is exposed; Accept-Profile / Content-Profile may name it, nothing else. */
export function checkProfile(c: Context): void {
  const header = c.req.method === 'GET' || c.req.method === 'HEAD' ? 'accept-profile' : 'content-profile';
  const profile = c.req.header(header);
  if (profile !== undefined && profile !== 'public') {
    throw new RestError(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
  }
}

export interface MediaChoice {
  shape: BodyShape;
  stripNulls: boolean;
  contentType: string;
}

/** Picks the response media type from Accept, in the caller's order. */
export function negotiateMedia(accept: string | undefined): MediaChoice {
  const ranges = (accept ?? '').split(',').map((r) => r.trim()).filter(Boolean);
  if (ranges.length === 0) return { shape: 'array', stripNulls: false, contentType: 'application/json; charset=utf-8' };
  for (const range of ranges) {
    const [type = '', ...paramParts] = range.split(';').map((p) => p.trim());
    const params = new Map(paramParts.map((p) => p.split('=').map((x) => x.trim()) as [string, string]));
    const stripNulls = params.get('nulls') === 'stripped';
    switch (type.toLowerCase()) {
      case 'application/json':
      case 'application/*':
      case '*/*':
        return { shape: 'array', stripNulls: false, contentType: 'application/json; charset=utf-8' };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return {
          shape: 'array',
          stripNulls,
          contentType: `application/vnd.pgrst.array+json;${stripNulls ? ' nulls=stripped;' : ''} charset=utf-8`,
        };
      case 'text/csv':
        return { shape: 'csv', stripNulls: false, contentType: 'text/csv; charset=utf-8' };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          shape: 'object',
          stripNulls,
          contentType: `application/vnd.pgrst.object+json;${stripNulls ? ' nulls=stripped;' : ''} charset=utf-8`,
        };
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${ranges.join(', ')}`);
}

/** A parsed JSON body and its exact text: the text goes to Postgres, so numbers keep their full precision. */
export interface JsonBody {
  value: unknown;
  text: string;
}

/** The JSON body; malformed or (unless allowed) empty JSON is PGRST102. */
export async function readJsonBody(c: Context, { emptyAs }: { emptyAs?: unknown } = {}): Promise<JsonBody> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (emptyAs !== undefined) return { value: emptyAs, text: JSON.stringify(emptyAs) };
    throw invalidBodyError();
  }
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    throw invalidBodyError();
  }
}
