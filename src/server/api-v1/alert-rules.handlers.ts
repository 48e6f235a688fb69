import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { asPrincipal, iso, recordWrite, refuseChange, targetOrganization } from './caller';
import { ApiV1Error } from './errors';
import { CURSOR_SQL, decodeCursor, toPage } from './pagination';
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
    const rows = await asPrincipal(deps, c, async (client) =>
      (await client.query(
        `select ${COLUMNS}, ${CURSOR_SQL('created_at')} as cursor_at from public.alert_rules
         where ($1::timestamptz is null or (created_at, id) < ($1::timestamptz, $2::uuid)) and ($3::uuid is null or website_id = $3)
         order by created_at desc, id desc limit $4`,
        [cursor?.at ?? null, cursor?.id ?? null, q.website_id ?? null, q.limit + 1],
      )).rows as Array<{ cursor_at: string; id: string } & Record<string, unknown>>,
    );
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
    const fields = Object.entries({ name: b.name, params: b.params === undefined ? undefined : JSON.stringify(b.params), severity: b.severity, channel_ids: b.channel_ids, enabled: b.enabled })
      .filter(([, v]) => v !== undefined);
    if (fields.length === 0) throw new ApiV1Error(400, 'invalid_request', 'Send at least one field to change.');
    const row = await asPrincipal(deps, c, async (client) => {
      // Column names come from the fixed list above, never from the request.
      const { rows } = await client.query<{ organization_id: string }>(
        `update public.alert_rules set ${fields.map(([k], i) => `${k} = $${i + 2}`).join(', ')} where id = $1 returning organization_id`,
        [id, ...fields.map(([, v]) => v)],
      );
      if (!rows[0]) return refuseChange(client, 'alert_rules', id, 'alert rule');
      await recordWrite(client, rows[0].organization_id, 'alert_rule.update', id);
      return one(client, id);
    });
    return c.json(row as never, 200);
  };

  const remove: RouteHandler<typeof deleteAlertRule, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    await asPrincipal(deps, c, async (client) => {
      const { rows } = await client.query<{ organization_id: string }>('delete from public.alert_rules where id = $1 returning organization_id', [id]);
      if (!rows[0]) return refuseChange(client, 'alert_rules', id, 'alert rule');
      await recordWrite(client, rows[0].organization_id, 'alert_rule.delete', id);
    });
    return c.json({ id, deleted: true as const }, 200);
  };

  return { list, create, update, remove };
}
