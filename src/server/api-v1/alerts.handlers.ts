import type { RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { asPrincipal, iso, recordWrite } from './caller';
import { ApiV1Error } from './errors';
import { CURSOR_SQL, decodeCursor, toPage } from './pagination';
import type { ApiV1Env } from './principal';
import type { acknowledgeAlert, listAlerts, resolveAlert } from './alerts.routes';

const COLUMNS = `id, organization_id, rule_id, website_id, kind, severity, status, title, summary, ${iso('opened_at')} as opened_at,
  ${iso('acknowledged_at')} as acknowledged_at, ${iso('resolved_at')} as resolved_at`;

async function visible(client: SqlClient, id: string): Promise<{ organization_id: string }> {
  const { rows } = await client.query<{ organization_id: string }>('select organization_id from public.alerts where id = $1', [id]);
  if (!rows[0]) throw new ApiV1Error(404, 'not_found', 'Alert not found.');
  return rows[0];
}

export function alertHandlers(deps: AppDeps) {
  const list: RouteHandler<typeof listAlerts, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const cursor = decodeCursor(q.cursor);
    const rows = await asPrincipal(deps, c, async (client) =>
      (await client.query(
        `select ${COLUMNS}, ${CURSOR_SQL('opened_at')} as cursor_at from public.alerts
         where ($1::timestamptz is null or (opened_at, id) < ($1::timestamptz, $2::uuid))
           and ($3::text is null or status = $3) and ($4::uuid is null or website_id = $4)
         order by opened_at desc, id desc limit $5`,
        [cursor?.at ?? null, cursor?.id ?? null, q.status ?? null, q.website_id ?? null, q.limit + 1],
      )).rows as Array<{ cursor_at: string; id: string } & Record<string, unknown>>,
    );
    return c.json(toPage(rows, q.limit) as never, 200);
  };

  /**
   * The app's own functions decide (owners and admins, open -> acknowledged). They are security
   * definer, so the alert is first read under RLS: a website-limited key cannot reach other alerts.
   */
  const transition = (c: Context<ApiV1Env>, id: string, fn: 'acknowledge_alert' | 'resolve_alert', action: string) =>
    asPrincipal(deps, c, async (client) => {
      const { organization_id } = await visible(client, id);
      await client.query(`select public.${fn}($1)`, [id]);
      await recordWrite(client, organization_id, action, id);
      return (await client.query(`select ${COLUMNS} from public.alerts where id = $1`, [id])).rows[0] as Record<string, unknown>;
    });
  const acknowledge: RouteHandler<typeof acknowledgeAlert, ApiV1Env> = async (c) =>
    c.json((await transition(c, c.req.valid('param').id, 'acknowledge_alert', 'alert.acknowledge')) as never, 200);
  const resolve: RouteHandler<typeof resolveAlert, ApiV1Env> = async (c) =>
    c.json((await transition(c, c.req.valid('param').id, 'resolve_alert', 'alert.resolve')) as never, 200);
  return { list, acknowledge, resolve };
}
