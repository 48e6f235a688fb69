import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { asPrincipal, iso, recordWrite, targetOrganization } from './caller';
import { ApiV1Error } from './errors';
import { decodeCursor, toPage } from './pagination';
import { deleteRow, listNewestFirst, updateRow } from './row-writes';
import type { ApiV1Env } from './principal';
import type { createAlertRule, deleteAlertRule, listAlertRules, updateAlertRule } from './alert-rules.routes';

const COLUMNS = `id, organization_id, website_id, name, kind, params, severity, channel_ids, enabled, is_default,
  ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at`;

async function one(client: SqlClient, id: string) {
  const { rows } = await client.query(`select ${COLUMNS} from public.alert_rules where id = $1`, [id]);
  if (!rows[0]) throw new ApiV1Error(404, 'not_found', 'Alert rule not found.');
  return rows[0] as Record<string, unknown>;
}

/**
 * Alert rules as the app keeps them: RLS decides who may read and change them (admins, custom_alerts
 * for new rules) and the table's trigger checks each kind's parameters (alert_rule_params_problem),
 * the website and the channels, with the app's own messages.
 */
export function alertRuleHandlers(deps: AppDeps) {
  const list: RouteHandler<typeof listAlertRules, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const cursor = decodeCursor(q.cursor);
    const rows = await asPrincipal(deps, c, (client) => listNewestFirst(client, 'alert_rules', COLUMNS, cursor, q.website_id, q.limit));
    return c.json(toPage(rows, q.limit) as never, 200);
  };

  const create: RouteHandler<typeof createAlertRule, ApiV1Env> = async (c) => {
    const b = c.req.valid('json');
    const row = await asPrincipal(deps, c, async (client, p) => {
      const orgId = targetOrganization(p, b.organization_id, 'organization_id');
      const { rows } = await client.query<{ id: string }>(
        `insert into public.alert_rules (organization_id, website_id, name, kind, params, severity, channel_ids, enabled)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [orgId, b.website_id ?? null, b.name, b.kind, JSON.stringify(b.params ?? {}), b.severity ?? 'warning', b.channel_ids ?? [], b.enabled ?? true],
      );
      await recordWrite(client, orgId, 'alert_rule.create', rows[0]!.id);
      return one(client, rows[0]!.id);
    });
    return c.json(row as never, 201);
  };

  const update: RouteHandler<typeof updateAlertRule, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const b = c.req.valid('json');
    const values = { name: b.name, params: b.params === undefined ? undefined : JSON.stringify(b.params), severity: b.severity, channel_ids: b.channel_ids, enabled: b.enabled };
    const row = await asPrincipal(deps, c, async (client) => {
      await updateRow(client, 'alert_rules', id, values, 'alert rule', 'alert_rule.update');
      return one(client, id);
    });
    return c.json(row as never, 200);
  };

  const remove: RouteHandler<typeof deleteAlertRule, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    await asPrincipal(deps, c, (client) => deleteRow(client, 'alert_rules', id, 'alert rule', 'alert_rule.delete'));
    return c.json({ id, deleted: true as const }, 200);
  };

  return { list, create, update, remove };
}
