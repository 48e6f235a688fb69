/**
 * Issue 26: custom rules cost at most CUSTOM_RULE_LIMITS.stepsPerRequest per request, across all
 * the hits of a tracker batch, not only stepsPerHit per hit. Through real HTTP and Postgres: a
 * batch whose hits are each under the per-hit budget, but together over the request's cap, is
 * stored whole, with the hits past the cap reporting the rule as not evaluated (naming the cap).
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { REQUEST_BUDGET_MESSAGE } from '../../src/shared/ga4';
import { sql } from '../support/clients';
import { signUpConfirmed, type Persona } from '../support/personas';

const url = (p: string) => `${inject('serverUrl')}${p}`;

// About 41,000 steps per hit on a 400-character value (tests/unit/ga4/custom-rule-budget.test.ts):
// under the per-hit budget (50,000), three hits over the per-request cap (100,000).
const RULE = { id: 'hashless', title: 'Blob has a hash', assert: { field: 'params.blob', op: 'matches', pattern: '.{0,20}#' } };

describe('custom rules: a cap per request, across the hits of a batch (issue 26)', () => {
  let owner: Persona;
  let site: { id: string; site_key: string };
  const run = Date.now().toString(36);

  beforeAll(async () => {
    owner = await signUpConfirmed('reqcap');
    const { data, error } = await owner.client.rpc('complete_user_signup', { user_id: owner.user.id, org_name: 'Request Cap Org', org_slug: `reqcap-${run}`, org_plan: 'pro' });
    if (error) throw error;
    const orgId = (data as { organization_id: string }).organization_id;
    const created = await owner.client.from('websites').insert({ organization_id: orgId, name: 'Capped shop', domain: 'capped.example.com' }).select('id, site_key').single();
    if (created.error) throw created.error;
    site = created.data as { id: string; site_key: string };
    const rule = await owner.client.from('custom_rules').insert({ organization_id: orgId, name: RULE.title, definition: RULE });
    expect(rule.error).toBeNull();
  });

  const hit = (key: string) => ({
    k: key,
    m: 'POST',
    u: `https://www.google-analytics.com/g/collect?v=2&tid=G-CAPPED001&cid=1.2&sid=1700000000&sct=1&seg=1&dl=https%3A%2F%2Fcapped.example.com%2F`,
    b: `en=page_view&ep.blob=${'a'.repeat(400)}`,
  });
  const send = async (keys: string[]) => {
    const res = await fetch(url(`/collect/g?site=${site.site_key}`), {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://capped.example.com' },
      body: JSON.stringify({ v: 1, hits: keys.map(hit) }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { results: Array<{ status: string }> };
  };
  /** The hashless rule's message on each stored hit, in the order of the keys. */
  const messages = async (keys: string[]) => {
    const rows = await sql<{ idempotency_key: string; issues: Array<{ ruleId: string; message: string }> }>(
      'select idempotency_key, issues from public.collected_requests where website_id = $1 and idempotency_key = any($2)',
      [site.id, keys],
    );
    const byKey = new Map(rows.map((r) => [r.idempotency_key, r.issues.filter((i) => i.ruleId === 'custom.hashless').map((i) => i.message)]));
    return keys.map((k) => byKey.get(k));
  };

  it('a batch of hits each under the per-hit budget is capped as a whole: every hit is stored, those past the cap say why their rule did not run', async () => {
    const keys = [1, 2, 3, 4].map((i) => `capped${run}batch${i}`);
    const answer = await send(keys);
    // The collector's contract holds: every hit sent is stored (nothing refused), and acknowledged.
    expect(answer.results.map((r) => r.status)).toEqual(['stored', 'stored', 'stored', 'stored']);
    expect(await messages(keys)).toEqual([['Blob has a hash'], ['Blob has a hash'], [REQUEST_BUDGET_MESSAGE], [REQUEST_BUDGET_MESSAGE]]);
    expect(REQUEST_BUDGET_MESSAGE).toContain('the hits of this request together needed more than the 100,000 steps custom rules may spend on one request');
  });

  it('the same hits in separate requests are each evaluated in full', async () => {
    const keys = [1, 2, 3].map((i) => `capped${run}single${i}`);
    for (const k of keys) expect((await send([k])).results.map((r) => r.status)).toEqual(['stored']);
    expect(await messages(keys)).toEqual([['Blob has a hash'], ['Blob has a hash'], ['Blob has a hash']]);
  });
});
