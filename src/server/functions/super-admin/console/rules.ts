import { z } from 'zod';
import type { Database } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { ruleCatalogue } from '../../../../shared/ga4';
import type { ActiveSession } from '../store';
import { consoleRulesSchema } from '../../../../shared/super-admin-console';
import { recordAction } from './audit';
import { parseInput, reason } from './inputs';

/**
 * The built-in catalogue with, per rule, how often it fired across all tenants in the last 7 days
 * and on how many websites (from the hourly rollups, never the raw log), and the operators'
 * default for everyone. Sorted by websites affected: a rule misfiring across many sites is first.
 */
export async function listRules(db: Database) {
  const { rows } = await db.pool.query<{ rule_id: string; fired: string; websites: string }>(
    `select value as rule_id, sum(count)::bigint as fired, count(distinct website_id)::bigint as websites
       from public.website_hourly_rollups
      where dimension = 'rule' and hour >= now() - interval '7 days'
      group by value`,
  );
  const usage = new Map(rows.map((r) => [r.rule_id, { fired: Number(r.fired), websites: Number(r.websites) }]));
  const overrides = new Map(
    (await db.pool.query<{ rule_id: string; enabled: boolean; severity: string | null; reason: string; updated_at: string }>('select * from public.rule_global_settings')).rows.map(
      (r) => [r.rule_id, r],
    ),
  );
  return consoleRulesSchema.parse({
    rules: ruleCatalogue()
      .map((rule) => {
        const o = overrides.get(rule.id);
        return {
          id: rule.id,
          title: rule.title,
          family: rule.family,
          tier: rule.tier,
          defaultSeverity: rule.defaultSeverity,
          fired7d: usage.get(rule.id)?.fired ?? 0,
          websites7d: usage.get(rule.id)?.websites ?? 0,
          globalEnabled: o ? o.enabled : true,
          globalSeverity: o?.severity ?? null,
          globalReason: o?.reason ?? null,
        };
      })
      .sort((a, b) => b.websites7d - a.websites7d || b.fired7d - a.fired7d || a.id.localeCompare(b.id)),
  });
}

const changeInput = z
  .object({ enabled: z.boolean(), severity: z.enum(['error', 'warning', 'info']).nullable(), reason })
  .strict();

/** Switches a built-in rule off for everyone, or changes its default severity; websites' own settings still apply on top. */
export async function changeRuleDefault(db: Database, admin: ActiveSession, ruleId: string, body: unknown) {
  const rule = ruleCatalogue().find((r) => r.id === ruleId);
  if (!rule) throw new HttpError(404, `No built-in rule ${ruleId}`);
  const input = parseInput(changeInput, body);
  return db.transaction(async (client) => {
    const before = (await client.query('select enabled, severity from public.rule_global_settings where rule_id = $1 for update', [ruleId])).rows[0] ?? { enabled: true, severity: null };
    const after = (
      await client.query(
        `insert into public.rule_global_settings (rule_id, enabled, severity, reason, updated_by) values ($1, $2, $3, $4, $5)
         on conflict (rule_id) do update set enabled = excluded.enabled, severity = excluded.severity, reason = excluded.reason,
           updated_by = excluded.updated_by, updated_at = now()
         returning enabled, severity`,
        [ruleId, input.enabled, input.severity, input.reason, admin.userId],
      )
    ).rows[0];
    await recordAction(client, admin, { action: 'rule.change_default', targetType: 'rule', targetId: ruleId, targetLabel: rule.title, reason: input.reason, before, after });
    return { rule: { id: ruleId, ...after } };
  });
}
