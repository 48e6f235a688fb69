import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import type { SqlClient } from '../db/database';
import { validateCustomRuleDefinition } from '../../shared/ga4/custom-rules';
import { asPrincipal, iso, recordWrite, targetOrganization } from './caller';
import { ApiV1Error } from './errors';
import { decodeCursor, toPage } from './pagination';
import { deleteRow, listNewestFirst, updateRow } from './row-writes';
import type { ApiV1Env } from './principal';
import type { createCustomRule, deleteCustomRule, listCustomRules, updateCustomRule } from './custom-rules.routes';

const COLUMNS = `id, organization_id, website_id, name, description, definition, severity, enabled, ${iso('created_at')} as created_at, ${iso('updated_at')} as updated_at`;

/** The custom-rule editor's own validation (src/shared/ga4/custom-rules.ts); the database's size limits apply on top. */
function checkDefinition(definition: unknown) {
  const errors = validateCustomRuleDefinition(definition);
  if (errors.length) {
    throw new ApiV1Error(400, 'invalid_request', `The rule definition is not valid: ${errors.map((e) => `${e.path || '(root)'}: ${e.message}`).join('; ')}`, { field: 'definition', errors });
  }
}

async function one(client: SqlClient, id: string) {
  const { rows } = await client.query(`select ${COLUMNS} from public.custom_rules where id = $1`, [id]);
  if (!rows[0]) throw new ApiV1Error(404, 'not_found', 'Custom rule not found.');
  return rows[0] as Record<string, unknown>;
}

export function customRuleHandlers(deps: AppDeps) {
  const list: RouteHandler<typeof listCustomRules, ApiV1Env> = async (c) => {
    const q = c.req.valid('query');
    const cursor = decodeCursor(q.cursor);
    const rows = await asPrincipal(deps, c, (client) => listNewestFirst(client, 'custom_rules', COLUMNS, cursor, q.website_id, q.limit));
    return c.json(toPage(rows, q.limit) as never, 200);
  };

  const create: RouteHandler<typeof createCustomRule, ApiV1Env> = async (c) => {
    const b = c.req.valid('json');
    checkDefinition(b.definition);
    const row = await asPrincipal(deps, c, async (client, p) => {
      const orgId = targetOrganization(p, b.organization_id, 'organization_id');
      const { rows } = await client.query<{ id: string }>(
        `insert into public.custom_rules (organization_id, website_id, name, description, definition, severity, enabled)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [orgId, b.website_id ?? null, b.name, b.description ?? null, JSON.stringify(b.definition), b.severity ?? 'warning', b.enabled ?? true],
      );
      await recordWrite(client, orgId, 'custom_rule.create', rows[0]!.id);
      return one(client, rows[0]!.id);
    });
    return c.json(row as never, 201);
  };

  const update: RouteHandler<typeof updateCustomRule, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const b = c.req.valid('json');
    if (b.definition !== undefined) checkDefinition(b.definition);
    const values = { name: b.name, description: b.description, definition: b.definition === undefined ? undefined : JSON.stringify(b.definition), severity: b.severity, enabled: b.enabled };
    const row = await asPrincipal(deps, c, async (client) => {
      await updateRow(client, 'custom_rules', id, values, 'custom rule', 'custom_rule.update');
      return one(client, id);
    });
    return c.json(row as never, 200);
  };

  const remove: RouteHandler<typeof deleteCustomRule, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    await asPrincipal(deps, c, (client) => deleteRow(client, 'custom_rules', id, 'custom rule', 'custom_rule.delete'));
    return c.json({ id, deleted: true as const }, 200);
  };

  return { list, create, update, remove };
}
