import { describe, expect, it } from 'vitest';
import { createCompileCache, createEngineAdapter } from '../../../../src/server/collector/engine-adapter';
import { runSteps } from '../../../../src/shared/ga4';
import { testWebsite } from './helpers';

describe('compiled validators are kept by what they were compiled from (issue 26)', () => {
  it('compiles once per key, however many times it is asked, and drops the oldest past its bound', () => {
    const compiles: string[] = [];
    const cache = createCompileCache<string>(2);
    const get = (key: string) => cache(key, () => (compiles.push(key), `compiled ${key}`));
    expect([get('a'), get('a'), get('b'), get('a')]).toEqual(['compiled a', 'compiled a', 'compiled b', 'compiled a']);
    expect(compiles).toEqual(['a', 'b']);
    get('c'); // past the bound: 'a', the oldest, is dropped
    get('a');
    expect(compiles).toEqual(['a', 'b', 'c', 'a']);
  });

  it('a website re-read with the same settings validates as before, and a changed rule set is compiled anew', () => {
    const engine = createEngineAdapter();
    const rule = (pattern: string) => ({ id: 'short', name: 'Short blob', severity: 'warning' as const, definition: { id: 'short', title: 'Short blob', assert: { field: 'params.blob', op: 'matches', pattern } } });
    const site = testWebsite({ customRules: [rule('^a{1,3}$')] });
    const decoded = engine.decode({ method: 'POST', url: 'https://www.google-analytics.com/g/collect?v=2&tid=G-SHOP1234&cid=1.2&en=page_view&ep.blob=aaaa', headers: {} });
    if (!decoded.ok) throw new Error('hit must decode');
    const customIds = (website: typeof site) => runSteps(engine.validatorFor(website)(decoded.request, undefined, Date.now())).issues.filter((i) => i.tier === 'custom').map((i) => i.ruleId);
    expect(customIds(site)).toEqual(['custom.short']);
    // A re-read (a new object, the same settings) and a changed rule (now satisfied).
    expect(customIds({ ...site, customRules: [rule('^a{1,3}$')] })).toEqual(['custom.short']);
    expect(customIds({ ...site, customRules: [rule('^a{1,4}$')] })).toEqual([]);
  });
});
