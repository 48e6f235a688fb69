import type { RouteHandler } from '@hono/zod-openapi';
import type { AppDeps } from '../deps';
import { ruleCatalogue } from '../../shared/ga4/rules';
import { asPrincipal, iso, recordWrite } from './caller';
import { ApiV1Error } from './errors';
import type { ApiV1Env } from './principal';
import type { listRuleSettings, listRules, putRuleSetting } from './rules.routes';

const COLUMNS = `website_id, rule_id, enabled, severity, ${iso('updated_at')} as updated_at`;

export function ruleHandlers(deps: AppDeps) {
  const catalogue = ruleCatalogue();
  const known = new Set(catalogue.map((r) => r.id));

  const list: RouteHandler<typeof listRules, ApiV1Env> = async (c) => c.json({ data: catalogue }, 200);

  const settings: RouteHandler<typeof listRuleSettings, ApiV1Env> = async (c) => {
    const { id } = c.req.valid('param');
    const rows = await asPrincipal(deps, c, async (client) => {
      const site = await client.query('select 1 from public.websites where id = $1', [id]);
      if (!site.rowCount) throw new ApiV1Error(404, 'not_found', 'Website not found.');
      return (await client.query(`select ${COLUMNS} from public.website_rule_settings where website_id = $1 order by rule_id`, [id])).rows;
    });
    return c.json({ data: rows } as never, 200);
  };

  const put: RouteHandler<typeof putRuleSetting, ApiV1Env> = async (c) => {
    const { id, rule_id } = c.req.valid('param');
    const body = c.req.valid('json');
    if (!known.has(rule_id)) throw new ApiV1Error(404, 'not_found', `No rule ${rule_id} in the catalogue.`);
    const row = await asPrincipal(deps, c, async (client) => {
      const site = await client.query<{ organization_id: string }>('select organization_id from public.websites where id = $1', [id]);
      if (!site.rows[0]) throw new ApiV1Error(404, 'not_found', 'Website not found.');
      const { rows } = await client.query(
        `insert into public.website_rule_settings (website_id, rule_id, enabled, severity) values ($1, $2, $3, $4)
         on conflict (website_id, rule_id) do update set enabled = excluded.enabled, severity = excluded.severity
         returning ${COLUMNS}`,
        [id, rule_id, body.enabled, body.severity ?? null],
      );
      await recordWrite(client, site.rows[0].organization_id, 'rule_setting.put', `${id}/${rule_id}`.slice(0, 100));
      return rows[0] as Record<string, unknown>;
    });
    return c.json(row as never, 200);
  };

  return { list, settings, put };
}
