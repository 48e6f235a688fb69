import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_CATALOGUE, PLAN_TIERS } from '../../../src/shared/plans';

// The database (subscription_plan_limits) is what billing reads; the shared catalogue is what the
// prerendered /pricing page shows. They must say the same (issue 23, defect 6).
const MIGRATIONS = join(__dirname, '../../../supabase/migrations');
const SEED_FILE = '20261122000200_plans_billing.sql';
const COLUMNS = ['plan', 'display_name', 'monthly_price', 'monthly_requests', 'max_websites', 'max_team_members', 'max_custom_rules', 'retention_days'] as const;

function seededPlans(): Array<Record<(typeof COLUMNS)[number], string | number>> {
  const sql = readFileSync(join(MIGRATIONS, SEED_FILE), 'utf8');
  const insert = /insert into public\.subscription_plan_limits\s*\(([^)]*)\)\s*values([\s\S]*?);/.exec(sql);
  if (!insert) throw new Error(`no subscription_plan_limits seed in ${SEED_FILE}`);
  const columns = insert[1]!.split(',').map((c) => c.trim());
  expect(columns).toEqual(COLUMNS);
  return [...insert[2]!.matchAll(/\(([^)]*)\)/g)].map((row) => {
    const values = row[1]!.split(',').map((v) => v.trim());
    return Object.fromEntries(columns.map((c, i) => [c, /^'/.test(values[i]!) ? values[i]!.slice(1, -1) : Number(values[i])])) as Record<(typeof COLUMNS)[number], string | number>;
  });
}

describe('the plan catalogue', () => {
  it('has every plan tier once, cheapest first', () => {
    expect(PLAN_CATALOGUE.map((p) => p.plan)).toEqual([...PLAN_TIERS]);
    const prices = PLAN_CATALOGUE.map((p) => p.monthly_price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });

  it('matches the SQL seed of subscription_plan_limits, column for column', () => {
    expect(PLAN_CATALOGUE.map((p) => Object.fromEntries(COLUMNS.map((c) => [c, p[c]])))).toEqual(seededPlans());
  });

  it('no later migration changes a price or a limit the catalogue holds', () => {
    const later = readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f > SEED_FILE);
    for (const file of later) {
      const sql = readFileSync(join(MIGRATIONS, file), 'utf8');
      for (const update of sql.matchAll(/update\s+public\.subscription_plan_limits\s+set([\s\S]*?);/gi)) {
        for (const column of COLUMNS) expect(update[1], `${file} updates ${column}`).not.toMatch(new RegExp(`\\b${column}\\s*=`));
      }
      expect(sql, `${file} inserts plans`).not.toMatch(/insert\s+into\s+public\.subscription_plan_limits/i);
    }
  });
});
