import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { asPrincipal, iso, recordWrite, refuseChange, targetOrganization } from './caller';
import { ApiV1Error } from './errors';
import { CURSOR_SQL, decodeCursor, toPage } from './pagination';
import type { ApiV1Env } from './principal';
import type { createWebsite, deactivateWebsite, getWebsite, listWebsites, updateWebsite } from './websites.routes';

const COLUMNS = `id, organization_id, name, domain, measurement_ids, site_key, is_active, verification_status,
  ${iso('verified_at')} as verified_at, ${iso('created_at')} as created_at`;

interface WebsiteRow {
  id: string;
  organization_id: string;
  name: string;
  domain: string;
  measurement_ids: string[];
  site_key: string;
  is_active: boolean;
  verification_status: 'pending' | 'verified' | 'failed';
  verified_at: string | null;
  created_at: string;
}

async function one(client: SqlClient, id: string): Promise<WebsiteRow> {
  const { rows } = await client.query<WebsiteRow>(`select ${COLUMNS} from public.websites where id = $1`, [id]);
  if (!rows[0]) throw new ApiV1Error(404, 'not_found', 'Website not found.');
  return rows[0];
}

export function websiteHandlers(deps: AppDeps) {
  const list: RouteHandler<typeof listWebsites, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const cursor = decodeCursor(q.cursor);
    const rows = await asPrincipal(deps, c, async (client) =>
      (await client.query<WebsiteRow & { cursor_at: string }>(
        `select ${COLUMNS}, ${CURSOR_SQL('created_at')} as cursor_at from public.websites
         where ($1::timestamptz is null or (created_at, id) < ($1::timestamptz, $2::uuid))
           and ($3::boolean is null or is_active = $3)
         order by created_at desc, id desc limit $4`,
        [cursor?.at ?? null, cursor?.id ?? null, q.is_active === undefined ? null : q.is_active === 'true', q.limit + 1],
      )).rows,
    );
    return c.json(toPage(rows, q.limit), 200);
  };

  const get: RouteHandler<typeof getWebsite, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await asPrincipal(deps, c, (client) => one(client, id)), 200);
  };

  const create: RouteHandler<typeof createWebsite, ApiV1Env> = async (c) => {
    const body = c.req.valid('json');
    const created = await asPrincipal(deps, c, async (client, p) => {
      const orgId = targetOrganization(p, body.organization_id, 'organization_id');
      const { rows } = await client.query<{ id: string }>(
        'insert into public.websites (organization_id, name, domain, measurement_ids) values ($1, $2, $3, $4) returning id',
        [orgId, body.name, body.domain, body.measurement_ids ?? []],
      );
      const id = rows[0]!.id;
      await recordWrite(client, orgId, 'website.create', id);
      return one(client, id);
    });
    return c.json(created, 201);
  };

  async function change(c: Parameters<RouteHandler<typeof updateWebsite, ApiV1Env>>[0], id: string, fields: Record<string, unknown>, action: string) {
    return asPrincipal(deps, c, async (client) => {
      const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
      if (entries.length === 0) throw new ApiV1Error(400, 'invalid_request', 'Send at least one field to change.');
      const sets = entries.map(([k], i) => `${k} = $${i + 2}`).join(', ');
      const { rows } = await client.query<{ id: string; organization_id: string }>(
        `update public.websites set ${sets} where id = $1 returning id, organization_id`,
        [id, ...entries.map(([, v]) => v)],
      );
      if (!rows[0]) return refuseChange(client, 'websites', id, 'website');
      await recordWrite(client, rows[0].organization_id, action, id);
      return one(client, id);
    });
  }

  const update: RouteHandler<typeof updateWebsite, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const b = c.req.valid('json');
    // Only these four columns, by name: the schema refused every other field already.
    return c.json(await change(c, id, { name: b.name, domain: b.domain, measurement_ids: b.measurement_ids, is_active: b.is_active }, 'website.update'), 200);
  };

  const deactivate: RouteHandler<typeof deactivateWebsite, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await change(c, id, { is_active: false }, 'website.deactivate'), 200);
  };

  return { list, get, create, update, deactivate };
}
