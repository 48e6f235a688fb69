import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import { asPrincipal, targetOrganization } from './caller';
import type { ApiV1Env } from './principal';
import type { getUsage } from './usage.routes';

export function usageHandlers(deps: AppDeps) {
  const get: RouteHandler<typeof getUsage, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const status = await asPrincipal(deps, c, async (client, p) => {
      const orgId = targetOrganization(p, q.organization_id, 'organization_id');
      // The app's own usage function: it checks has_org_role itself.
      const { rows } = await client.query<{ s: Record<string, unknown> }>('select public.get_organization_usage_status($1) as s', [orgId]);
      const { current_usage: _dup, ...s } = rows[0]!.s;
      return s;
    });
    return c.json(status as never, 200);
  };
  return { get };
}
