import { describe, expect, it } from 'vitest';
import { contradictingTypes, hourOfWeekBaseline, judgeValueSet, judgeVolume, sharePct, VALUE_SET_BASELINE_MAX, valuesOutsidePlan } from '../../../../src/server/alerts/drift-baseline';

describe('hour-of-week baseline', () => {
  it('is the median of the same hour over the recent weeks, so one odd week does not move it', () => {
    expect(hourOfWeekBaseline([100, 110, 0, 105])).toBe(102.5);
    expect(hourOfWeekBaseline([100, 900, 110])).toBe(110);
    expect(hourOfWeekBaseline([])).toBe(0);
  });
});

describe('judging an hour against its baseline', () => {
  const t = { minBaseline: 20, minSharePct: 50, maxSharePct: 300 };

  it('a quiet night is not an incident: an hour that is usually empty never fires', () => {
    expect(judgeVolume({ lastHour: 0, currentHour: 0, baseline: hourOfWeekBaseline([0, 1, 0, 2]) }, t)).toBeNull();
  });

  it('a checkout that broke at 14:00: nothing in the 14:00 hour against a usual 120 is a stop', () => {
    expect(judgeVolume({ lastHour: 0, currentHour: 0, baseline: 120 }, t)).toBe('stopped');
  });

  it('an event that came back in the current hour is no longer stopped', () => {
    expect(judgeVolume({ lastHour: 0, currentHour: 3, baseline: 120 }, t)).toBeNull();
  });

  it('falls below and jumps above the shares of the baseline, and stays quiet in between', () => {
    expect(judgeVolume({ lastHour: 59, currentHour: 0, baseline: 120 }, t)).toBe('fell');
    expect(judgeVolume({ lastHour: 60, currentHour: 0, baseline: 120 }, t)).toBeNull();
    expect(judgeVolume({ lastHour: 360, currentHour: 0, baseline: 120 }, t)).toBeNull();
    expect(judgeVolume({ lastHour: 361, currentHour: 0, baseline: 120 }, t)).toBe('jumped');
  });

  it('needs the baseline to reach min_baseline', () => {
    expect(judgeVolume({ lastHour: 0, currentHour: 0, baseline: 19 }, t)).toBeNull();
    expect(judgeVolume({ lastHour: 0, currentHour: 0, baseline: 20 }, t)).toBe('stopped');
  });

  it('sizes a change as a share of the baseline', () => {
    expect(sharePct(30, 120)).toBe(25);
    expect(sharePct(5, 0)).toBe(100);
  });
});

describe('types and values against the plan', () => {
  it('text accepts anything GA4 sends; numbers accept integers; integers and booleans only themselves', () => {
    expect(contradictingTypes('string', ['integer', 'number', 'string'])).toEqual([]);
    expect(contradictingTypes('number', ['integer', 'number'])).toEqual([]);
    expect(contradictingTypes('number', ['string', 'number', 'string'])).toEqual(['string']);
    expect(contradictingTypes('integer', ['number', 'integer'])).toEqual(['number']);
    expect(contradictingTypes('boolean', ['boolean', 'integer', ''])).toEqual(['integer']);
  });

  it('names the values outside the allowed list (a currency now in lower case)', () => {
    expect(valuesOutsidePlan(['EUR', 'USD'], ['EUR', 'usd', 'usd', ''])).toEqual(['usd']);
    expect(valuesOutsidePlan(['EUR'], ['EUR'])).toEqual([]);
  });
});

describe('judging a value set against its baseline', () => {
  const baseline = { card: 600, paypal: 400 };
  const stable = { unseen: [] as string[], growing: false, allowed: null, minHits: 10 };

  it('names values no hour of the baseline weeks carried (a currency in lower case, a new payment_type)', () => {
    expect(judgeValueSet({ ...stable, window: { card: 20, paypal: 10, crypto: 2 }, baseline, unseen: ['crypto'] })).toEqual({ newValues: ['crypto'], vanished: [] });
    expect(judgeValueSet({ ...stable, window: { EUR: 3, eur: 1 }, baseline: { EUR: 500 }, unseen: ['eur'] })).toEqual({ newValues: ['eur'], vanished: [] });
    // Missing from the sampled hours but carried in another hour of the weeks: not new.
    expect(judgeValueSet({ ...stable, window: { card: 20, paypal: 10, klarna: 1 }, baseline, unseen: [] })).toBeNull();
  });

  it('a set that keeps gaining values (a date, a campaign id) has no new values worth saying', () => {
    expect(judgeValueSet({ ...stable, window: { '2026-11-27': 30 }, baseline: { '2026-11-26': 30 }, unseen: ['2026-11-27'], growing: true, minHits: 100 })).toBeNull();
  });

  it('names a usual value that the window should have carried several times and never did', () => {
    // paypal is 40% of the baseline: 30 hits without it would have had about 12.
    expect(judgeValueSet({ ...stable, window: { card: 30 }, baseline })).toEqual({ newValues: [], vanished: ['paypal'] });
    // 10 hits would have had about 4 paypal: too few to tell from chance.
    expect(judgeValueSet({ ...stable, window: { card: 10 }, baseline })).toBeNull();
    // Under min_hits in the window, nothing vanishes.
    expect(judgeValueSet({ ...stable, window: { card: 9 }, baseline: { card: 1, paypal: 999 } })).toBeNull();
  });

  it('a value set that did not change, a thin or too varied baseline, and a value a planned list allows are not drift', () => {
    expect(judgeValueSet({ ...stable, window: { card: 20, paypal: 12 }, baseline })).toBeNull();
    expect(judgeValueSet({ ...stable, window: { crypto: 20 }, baseline: { card: 9 }, unseen: ['crypto'] })).toBeNull();
    const varied = Object.fromEntries(Array.from({ length: VALUE_SET_BASELINE_MAX + 1 }, (_, i) => [`v${i}`, 24]));
    expect(judgeValueSet({ ...stable, window: { new: 24 }, baseline: varied, unseen: ['new'] })).toBeNull();
    expect(judgeValueSet({ ...stable, window: { EUR: 20, USD: 3 }, baseline: { EUR: 500 }, unseen: ['USD'], allowed: ['EUR', 'USD'] })).toBeNull();
  });

  it('treats values as data: a value named like an object property is still new', () => {
    expect(judgeValueSet({ ...stable, window: { constructor: 3, card: 20, paypal: 12 }, baseline, unseen: ['constructor'] })).toEqual({ newValues: ['constructor'], vanished: [] });
  });
});
