import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import { asPrincipal, iso, targetOrganization } from './caller';
import { ApiV1Error } from './errors';
import { CURSOR_SQL, decodeCursor, toPage } from './pagination';
import type { ApiV1Env } from './principal';
import type { listAuditLog } from './audit-log.routes';

export function auditLogHandlers(deps: AppDeps) {
  const list: RouteHandler<typeof listAuditLog, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const cursor = decodeCursor(q.cursor);
    if (q.from && q.to && new Date(q.from) >= new Date(q.to)) throw new ApiV1Error(400, 'invalid_request', 'from must be before to.', { parameters: ['from', 'to'] });
    const rows = await asPrincipal(deps, c, async (client, p) => {
      const orgId = targetOrganization(p, q.organization_id, 'organization_id');
      // The log spans every website, so a key held to some websites may not read it.
      if (p.kind === 'key' && p.websiteIds) throw new ApiV1Error(403, 'forbidden', 'A key limited to some websites cannot read the organization\'s audit log.');
      // RLS alone would answer others with an empty page; say why instead. has_org_role reads keys too (write scope = admin).
      const { rows: role } = await client.query<{ ok: boolean }>(`select public.has_org_role($1, 'admin') as ok`, [orgId]);
      if (!role[0]?.ok) throw new ApiV1Error(403, 'forbidden', 'Only owners and admins (or a key with the write scope) can read the audit log.');
      return (await client.query(
        `select l.id, l.organization_id, l.api_key_id, k.name as api_key_name, l.user_id, l.action, l.target_id, ${iso('l.created_at')} as created_at,
                ${CURSOR_SQL('l.created_at')} as cursor_at
         from public.api_audit_log l left join public.api_keys k on k.id = l.api_key_id
         where l.organization_id = $1
           and ($2::timestamptz is null or (l.created_at, l.id) < ($2::timestamptz, $3::uuid))
           and ($4::uuid is null or l.api_key_id = $4)
           and ($5::timestamptz is null or l.created_at >= $5) and ($6::timestamptz is null or l.created_at < $6)
         order by l.created_at desc, l.id desc limit $7`,
        [orgId, cursor?.at ?? null, cursor?.id ?? null, q.api_key_id ?? null, q.from ?? null, q.to ?? null, q.limit + 1],
      )).rows as Array<{ cursor_at: string; id: string } & Record<string, unknown>>;
    });
    return c.json(toPage(rows, q.limit) as never, 200);
  };
  return { list };
}
