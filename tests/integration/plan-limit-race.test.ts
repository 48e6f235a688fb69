import { describe, expect, it } from 'vitest';
import { sql } from '../support/clients';
import { signUpConfirmed } from '../support/personas';

/**
 * The plan-limit trigger (public.enforce_plan_limit) takes an advisory lock per organization and
 * metric before it counts, so concurrent inserts cannot both take the last slot: without the lock
 * each transaction counts the rows committed before it and several of these inserts get in.
 */
describe('plan limits under concurrent inserts', () => {
  it('with one website slot left, exactly one of twelve simultaneous inserts succeeds', async () => {
    const owner = await signUpConfirmed('race');
    const slug = `race-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
    const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Race Co', org_slug: slug, org_plan: 'free' });
    expect(error).toBeNull();
    const orgId = (data as { organization_id: string }).organization_id;
    // The free plan allows one website; the organization has none.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => owner.client.from('websites').insert({ organization_id: orgId, name: `site ${i}`, domain: `s${i}.${slug}.example.com` })),
    );
    const failures = results.filter((r) => r.error).map((r) => r.error?.message);
    expect(results.length - failures.length).toBe(1);
    expect(new Set(failures)).toEqual(new Set(['Website limit reached for your plan. Upgrade to add more.']));
    expect(await sql('select id from websites where organization_id = $1', [orgId])).toHaveLength(1);
  });
});
