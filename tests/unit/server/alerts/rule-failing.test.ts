import { describe, expect, it } from 'vitest';
import { firingRules, findingLevel, ruleFailingTitle } from '../../../../src/server/alerts/kinds/rule-failing';

// A shop with PII, purchases without transaction ids (ongoing: they were there yesterday too) and new headless-browser traffic.
const SHOP = [
  { id: 'dq.bot_ua', recent: 40, previous: 0 },
  { id: 'dq.pii_email', recent: 6, previous: 30 },
  { id: 'ecom.purchase_transaction_id', recent: 12, previous: 50 },
  { id: 'sess.sct_present', recent: 9, previous: 0 },
];
const defaults = { chosen: null, minCount: 5, includeInfo: false, overrides: {} };

describe('rule_failing: alerts rank by the severity of the findings behind them', () => {
  it('info-level rules never fire without the opt-in; critical findings fire while they last, ranked first', () => {
    const firing = firingRules(SHOP, defaults);
    expect(firing.map((f) => [f.id, f.level])).toEqual([
      ['ecom.purchase_transaction_id', 'critical'],
      ['dq.pii_email', 'critical'],
      ['sess.sct_present', 'warning'],
    ]);
    expect(ruleFailingTitle('Shop', firing, null)).toBe('Shop: Purchases or refunds without transaction_id (cannot be deduplicated) (+2 more problems)');
  });

  it('an info-level rule alone opens nothing; with include_info it does, at info level and titled by what is wrong', () => {
    const bots = [{ id: 'dq.bot_ua', recent: 40, previous: 0 }];
    expect(firingRules(bots, defaults)).toEqual([]);
    const optedIn = firingRules(bots, { ...defaults, includeInfo: true });
    expect(optedIn).toEqual([{ id: 'dq.bot_ua', recent: 40, previous: 0, level: 'info' }]);
    expect(ruleFailingTitle('Shop', optedIn, null)).toBe('Shop: Headless-browser traffic reaching production');
  });

  it("warnings fire only when they start; the website's severity override decides a rule's level", () => {
    expect(firingRules([{ id: 'sess.sct_present', recent: 9, previous: 3 }], defaults)).toEqual([]);
    expect(findingLevel('sess.sct_present', { 'sess.sct_present': 'error' })).toBe('critical');
    expect(findingLevel('dq.pii_email', { 'dq.pii_email': 'info' })).toBe('info');
    expect(findingLevel('custom.coupon', {})).toBe('warning');
  });

  it('a rule chosen by id fires whenever it reaches min_count, whatever its level (choosing it is asking for it)', () => {
    expect(firingRules([{ id: 'dq.bot_ua', recent: 5, previous: 90 }], { ...defaults, chosen: 'dq.bot_ua' })).toEqual([{ id: 'dq.bot_ua', recent: 5, previous: 90, level: 'info' }]);
  });
});
