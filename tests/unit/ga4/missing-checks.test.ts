/**
 * The checks issue 22 found missing on real traffic, each fitted into an existing rule:
 * placeholders and types in Measurement Protocol, debug mode by host, empty user ids, empty page
 * locations on any event, item strings with spaces or unpaired keys.
 */
import { describe, expect, it } from 'vitest';
import { createValidator, type CapturedRequest, type Issue } from '../../../src/shared/ga4';
import { FACTS, MID, NOW, gtag, mp, mpEvent } from './helpers';

const HOUR_MS = 3_600_000;

const validator = createValidator({ facts: FACTS });
const found = (req: CapturedRequest, ruleId: string): Issue[] => validator.validate(req).issues.filter((i) => i.ruleId === ruleId);

describe('Measurement Protocol placeholders and types', () => {
  it.each(['G-XXXXXXXXXX', 'G-XXXXXXX', 'GA_MEASUREMENT_ID', 'TAG_ID', '<MEASUREMENT_ID>', 'YOUR_MEASUREMENT_ID', '{{GA4 ID}}', 'G-0000000000'])(
    'measurement id %s is a documentation placeholder (basic.tid_format)',
    (id) => {
      const m = mp();
      const onMp = found({ ...m, url: m.url.replace(MID, encodeURIComponent(id)) }, 'basic.tid_format');
      expect(onMp.map((i) => i.message).join()).toContain('placeholder');
      expect(found(gtag({ tid: id }), 'basic.tid_format').map((i) => i.message).join()).toContain('placeholder');
    },
  );

  it('in Measurement Protocol any all-X id is a placeholder; in a browser hit a short run of X is a redacted real id', () => {
    const m = mp();
    for (const id of ['G-XXX', 'G-XXXXXX']) expect(found({ ...m, url: m.url.replace(MID, id) }, 'basic.tid_format').map((i) => i.message).join(), id).toContain('placeholder');
    expect(found(gtag({ tid: 'G-XXXXX' }), 'basic.tid_format')).toEqual([]);
  });

  it('a real measurement id is not a placeholder', () => {
    expect(found(mp(), 'basic.tid_format')).toEqual([]);
    expect(found(gtag({ tid: 'G-X1Y2Z3W4V5' }), 'basic.tid_format')).toEqual([]);
  });

  it('timestamp_micros as a string, or outside 72 h back / in the future (sess.mp_timestamp_window)', () => {
    expect(found(mp({ timestamp_micros: String((NOW - 60_000) * 1000) }), 'sess.mp_timestamp_window').map((i) => i.message).join()).toContain('string');
    expect(found(mp({ timestamp_micros: (NOW - 73 * HOUR_MS) * 1000 }), 'sess.mp_timestamp_window')).toHaveLength(1);
    expect(found(mp({ timestamp_micros: (NOW + 2 * HOUR_MS) * 1000 }), 'sess.mp_timestamp_window')).toHaveLength(1);
    expect(found(mp({ timestamp_micros: (NOW - 71 * HOUR_MS) * 1000 }), 'sess.mp_timestamp_window')).toEqual([]);
  });

  it('value sent as a string (ecom.value_numeric)', () => {
    const req = mp({ events: [mpEvent('purchase', { transaction_id: 'T1', currency: 'EUR', value: '19.99', items: [{ item_id: 'A', price: 19.99 }] })] });
    expect(found(req, 'ecom.value_numeric')).toHaveLength(1);
  });
});

describe('debug mode by host (dq.debug_in_prod)', () => {
  it('_dbg=1 or ep.debug_mode on a production host is a warning', () => {
    const cases: Array<Record<string, string>> = [{ _dbg: '1' }, { 'ep.debug_mode': 'true' }, { 'ep.debug_mode': '1' }];
    for (const o of cases) {
      const issues = found(gtag(o), 'dq.debug_in_prod');
      expect(issues, JSON.stringify(o)).toHaveLength(1);
      expect(issues[0]?.severity).toBe('warning');
    }
  });

  it('on a development host it is information only', () => {
    for (const dl of ['http://localhost:3000/', 'https://staging.shop.example.com/p']) {
      const issues = createValidator({}).validate(gtag({ _dbg: '1', dl })).issues.filter((i) => i.ruleId === 'dq.debug_in_prod');
      expect(issues, dl).toHaveLength(1);
      expect(issues[0]?.severity).toBe('info');
    }
  });
});

describe('empty user ids (dq.undefined_values)', () => {
  it('uid= and ep.user_id= are reported; an absent user id is not', () => {
    expect(found(gtag({ uid: '' }), 'dq.undefined_values').map((i) => i.path)).toEqual(['uid']);
    expect(found(gtag({ 'ep.user_id': '' }), 'dq.undefined_values').map((i) => i.path)).toEqual(['events[0].params.user_id']);
    expect(found(mp({ user_id: '' }), 'dq.undefined_values').map((i) => i.path)).toEqual(['user_id']);
    expect(found(gtag(), 'dq.undefined_values')).toEqual([]);
    expect(found(gtag({ uid: 'u-42' }), 'dq.undefined_values')).toEqual([]);
  });
});

describe('empty page location on any event (sess.page_view_location)', () => {
  it('reports dl= on a scroll or purchase, not a scroll without dl', () => {
    expect(found(gtag({ en: 'scroll', dl: '' }), 'sess.page_view_location').map((i) => i.message)).toEqual(['Event "scroll" has an empty page location (dl).']);
    expect(found(gtag({ en: 'scroll', dl: null }), 'sess.page_view_location')).toEqual([]);
    expect(found(gtag({ en: 'page_view', dl: null }), 'sess.page_view_location')).toHaveLength(1);
    expect(found(gtag(), 'sess.page_view_location')).toEqual([]);
  });
});

describe('item strings (ecom.item_malformed)', () => {
  it('reports spaces around ~ separators and keys that did not parse, instead of keeping them silently', () => {
    const spaced = found(gtag({ en: 'add_to_cart', cu: 'EUR', pr1: 'idSKU1 ~nmShirt ~pr10~qt1' }), 'ecom.item_malformed');
    expect(spaced.map((i) => i.message).join()).toContain('spaces around its ~ separators');
    const broken = found(gtag({ en: 'add_to_cart', cu: 'EUR', pr1: 'idSKU1 ~ nmShirt~pr10~k1size' }), 'ecom.item_malformed');
    expect(broken.map((i) => i.message).join()).toMatch(/" n".*"k1"/);
    expect(found(gtag({ en: 'add_to_cart', cu: 'EUR', pr1: 'idSKU1~nmShirt~pr10~k0color~v0red' }), 'ecom.item_malformed')).toEqual([]);
  });
});
