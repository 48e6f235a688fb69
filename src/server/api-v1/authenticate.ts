import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps } from '../deps';
import { authenticateRequest } from '../auth';
import { ApiV1Error } from './errors';
import type { ApiV1Env, Principal, Scope } from './principal';

interface KeyRow {
  id: string;
  organization_id: string;
  scopes: Scope[];
  website_ids: string[] | null;
  revoked_at: Date | null;
  api_access: boolean;
}

/**
 * Authenticates /api/v1 with an organization API key (`Bearer tlk_…`) or a member's session token.
 * The checks here give precise errors (revoked key, missing scope, plan); they are not the guard:
 * every handler then runs its SQL under the principal's claims (db.asCaller) and RLS decides again
 * (see supabase/migrations/20261127060000_api_v1_keys.sql for how has_org_role reads a key).
 */
export function authenticateV1(deps: AppDeps): MiddlewareHandler<ApiV1Env> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new ApiV1Error(401, 'unauthorized', 'Send an API key or a session token as Authorization: Bearer <token>.');
    const principal = token.startsWith('tlk_') ? await keyPrincipal(deps, token) : await memberPrincipal(deps, header!);
    const needed: Scope = c.req.method === 'GET' || c.req.method === 'HEAD' ? 'read' : 'write';
    if (principal.kind === 'key' && !grants(principal.scopes, needed)) {
      throw new ApiV1Error(403, 'insufficient_scope', `This API key lacks the ${needed} scope.`, { required_scope: needed, scopes: principal.scopes });
    }
    c.set('principal', principal);
    await next();
  };
}

/** write implies read (a write returns the row it changed); collect grants nothing here. */
function grants(scopes: Scope[], needed: Scope): boolean {
  return scopes.includes(needed) || (needed === 'read' && scopes.includes('write'));
}

async function keyPrincipal(deps: AppDeps, token: string): Promise<Principal> {
  const hash = createHash('sha256').update(token, 'utf8').digest('hex');
  // The server's own connection: the key is not yet a caller RLS knows. Reads only the key's row.
  const { rows } = await deps.db.pool.query<KeyRow>(
    `select k.id, k.organization_id, k.scopes, k.website_ids, k.revoked_at,
            public.plan_rank(tracklint_private.effective_plan(o)) >= public.plan_rank(public.feature_required_plan('api_access')) as api_access
     from public.api_keys k join public.organizations o on o.id = k.organization_id where k.key_hash = $1`,
    [hash],
  );
  const key = rows[0];
  if (!key || key.revoked_at) throw new ApiV1Error(401, 'unauthorized', 'This API key is invalid or has been revoked.');
  if (!key.api_access) throw new ApiV1Error(403, 'plan_required', 'The API needs the Pro plan. Upgrade to use API keys.', { feature: 'api_access' });
  // Last use, at most once a minute per key so busy keys do not write on every request.
  void deps.db.pool
    .query(`update public.api_keys set last_used_at = now() where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute')`, [key.id])
    .catch(() => {});
  return {
    kind: 'key',
    keyId: key.id,
    organizationId: key.organization_id,
    scopes: key.scopes,
    websiteIds: key.website_ids,
    claims: { role: 'authenticated', api_key_id: key.id },
  };
}

async function memberPrincipal(deps: AppDeps, header: string): Promise<Principal> {
  const claims = await authenticateRequest(deps, header);
  if (!claims || claims.role !== 'authenticated' || !claims.sub) {
    throw new ApiV1Error(401, 'unauthorized', 'Your session is invalid or has ended, or the API key is not valid.');
  }
  return { kind: 'member', userId: claims.sub, claims: claims as Principal['claims'] };
}
