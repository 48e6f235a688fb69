import { describe, expect, it } from 'vitest';
import { FEATURE_REQUIRED_PLAN, PLAN_TIERS, planRank, requiredPlanFor } from '../../src/shared/plans';
import { sql } from '../support/clients';

/**
 * The plan-to-feature map and the plan order are written twice: in src/shared/plans.ts (the
 * renderer gates pages and shows badges with it) and in SQL (feature_required_plan, plan_rank:
 * what RLS and the triggers enforce). This asks the migrated database for every entry, so the two
 * cannot drift apart unnoticed.
 */
describe('src/shared/plans.ts agrees with the database', () => {
  it('every feature needs the same plan in TypeScript and in feature_required_plan()', async () => {
    const features = [...Object.keys(FEATURE_REQUIRED_PLAN), 'a_feature_nobody_defined'];
    const rows = await sql<{ feature: string; plan: string }>('select f as feature, public.feature_required_plan(f) as plan from unnest($1::text[]) f', [features]);
    expect(Object.fromEntries(rows.map((r) => [r.feature, r.plan]))).toEqual(Object.fromEntries(features.map((f) => [f, requiredPlanFor(f)])));
  });

  it('plans rank the same, and the database knows exactly the plans TypeScript knows', async () => {
    const ranks = await sql<{ plan: string; rank: number }>('select p as plan, public.plan_rank(p) as rank from unnest($1::text[]) p', [[...PLAN_TIERS, 'unknown']]);
    expect(ranks.map((r) => [r.plan, r.rank])).toEqual([...PLAN_TIERS, 'unknown'].map((p) => [p, planRank(p)]));
    const stored = await sql<{ plan: string }>('select plan from public.subscription_plan_limits order by public.plan_rank(plan)');
    expect(stored.map((r) => r.plan)).toEqual([...PLAN_TIERS]);
  });
});
