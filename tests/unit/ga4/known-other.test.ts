/**
 * A gtag event's `other` record is built on first read from the pairs the decoder kept, and the
 * decoder knows whether every key in it is one of Google's own parameters or a Universal Analytics
 * leftover (otherHasOnlyKnownKeys), so basic.gtag_unknown_params skips those events without building
 * the record. This pins that the answer is exact both ways (no unknown key is ever skipped, and the
 * skip is not a mere guess), that the lazily built record has the keys, values and order of an
 * eager build and behaves as an own, enumerable property, and that events the decoder did not build
 * (or whose record was replaced) are always checked in full.
 */
import { describe, expect, it } from 'vitest';
import { createValidator, decodeRequest, isGoogleParam, type CapturedRequest, type DecodedEvent, type DecodedRequest } from '../../../src/shared/ga4';
import { LEGACY_UA_PARAMS } from '../../../src/shared/ga4/constants';
import { otherHasOnlyKnownKeys } from '../../../src/shared/ga4/decode-gtag';
import { corpusAndFixtureRequests } from './corpus-requests';

const captured: CapturedRequest[] = corpusAndFixtureRequests();

const known = (key: string): boolean => isGoogleParam(key) || LEGACY_UA_PARAMS.has(key);

function decode(query: string, body = ''): DecodedRequest {
  const d = decodeRequest({ method: 'POST', url: `https://region1.google-analytics.com/g/collect?v=2&tid=G-TEST12345&cid=1.2&${query}`, body });
  if (!d.ok) throw new Error(d.error.message);
  return d.request;
}

const first = (req: DecodedRequest): DecodedEvent => req.events[0] as DecodedEvent;

describe('otherHasOnlyKnownKeys', () => {
  it('is true exactly when every key of a decoded gtag event`s other record is known (both corpora, every rule fixture)', () => {
    let marked = 0;
    let unmarked = 0;
    for (const r of captured) {
      const d = decodeRequest(r);
      if (!d.ok || d.request.format !== 'gtag') continue;
      for (const ev of d.request.events) {
        // Asked before the record is built, and again after.
        const before = otherHasOnlyKnownKeys(ev);
        const keys = Object.keys(ev.other);
        expect(before, keys.join(',')).toBe(keys.every(known));
        expect(otherHasOnlyKnownKeys(ev)).toBe(before);
        if (before) marked++;
        else unmarked++;
      }
    }
    // Both sides occur, so the equality above is tested in both directions.
    expect(marked).toBeGreaterThan(10);
    expect(unmarked).toBeGreaterThan(3);
  });

  it('marks records of known keys only: Google names, Google prefixes, UA leftovers, none', () => {
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view')))).toBe(true);
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view&tfd=12&_eu=AAA&gap.x=1&sst.y=2&ec=cat&t=event&frm=0')))).toBe(true);
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view&tfd=12&mystery=1')))).toBe(false);
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view&mystery=1&tfd=12')))).toBe(false);
    // A body line's unknown key concerns the line's event only.
    const batch = decode('tfd=1', 'en=a&_et=1\nen=b&amount=5');
    expect(batch.events.map((e) => otherHasOnlyKnownKeys(e))).toEqual([true, false]);
  });

  it('builds the record with the keys, values and order of an eager build (integer-like keys, __proto__, last value wins)', () => {
    const ev = first(decode('en=x&tfd=1&_eu=A&are=1&20=b&__proto__=p&mystery=m&3=c&tfd=2&gap.q=g&constructor=k'));
    expect(otherHasOnlyKnownKeys(ev)).toBe(false);
    expect(Object.keys(ev.other)).toEqual(['3', '20', 'tfd', '_eu', 'are', '__proto__', 'mystery', 'gap.q', 'constructor']);
    expect(JSON.stringify(ev.other)).toBe('{"3":"c","20":"b","tfd":"2","_eu":"A","are":"1","__proto__":"p","mystery":"m","gap.q":"g","constructor":"k"}');
    expect('toString' in ev.other).toBe(false);
    expect('mystery' in ev.other && '__proto__' in ev.other).toBe(true);
    // The same keys with the unknown one last decode to the same record.
    const late = first(decode('en=x&tfd=1&_eu=A&are=1&20=b&__proto__=p&3=c&tfd=2&gap.q=g&constructor=k&mystery=m'));
    expect(JSON.stringify(late.other)).toBe('{"3":"c","20":"b","tfd":"2","_eu":"A","are":"1","__proto__":"p","gap.q":"g","constructor":"k","mystery":"m"}');
  });

  it('is an own, enumerable property in its place, built once, replaceable', () => {
    const ev = first(decode('en=page_view&tfd=12&mystery=1&ep.a=1'));
    const keys = Object.keys(ev);
    expect(keys.slice(keys.indexOf('campaign'), keys.indexOf('campaign') + 3)).toEqual(['campaign', 'other', 'name']);
    expect(ev.other).toBe(ev.other);
    expect(JSON.parse(JSON.stringify(ev)).other).toEqual({ tfd: '12', mystery: '1' });
    expect(structuredClone(ev).other).toEqual({ tfd: '12', mystery: '1' });
    expect({ ...ev }.other).toEqual({ tfd: '12', mystery: '1' });
    expect('toString' in ev.other).toBe(false);
    const known = first(decode('en=page_view&tfd=12'));
    expect(otherHasOnlyKnownKeys(known)).toBe(true);
    known.other = { mine: 'x' };
    expect(known.other).toEqual({ mine: 'x' });
    expect(JSON.parse(JSON.stringify(known)).other).toEqual({ mine: 'x' });
    // A record set from outside is checked in full.
    expect(otherHasOnlyKnownKeys(known)).toBe(false);
  });

  it('is false for events the decoder did not build, so hand-made models are checked in full', () => {
    const ev = first(decode('en=page_view&tfd=12'));
    expect(otherHasOnlyKnownKeys(ev)).toBe(true);
    expect(otherHasOnlyKnownKeys({ ...ev })).toBe(false);
    expect(otherHasOnlyKnownKeys(structuredClone(ev))).toBe(false);
    const mp = decodeRequest({ method: 'POST', url: 'https://www.google-analytics.com/mp/collect?measurement_id=G-TEST12345&api_secret=x', body: '{"client_id":"1.2","events":[{"name":"a"}]}' });
    if (!mp.ok) throw new Error(mp.error.message);
    expect(otherHasOnlyKnownKeys(first(mp.request))).toBe(false);
  });

  it('leaves basic.gtag_unknown_params reporting every unknown key, in order', () => {
    const v = createValidator({});
    const paths = (req: DecodedRequest): string[] => v.validateDecoded(req).issues.filter((i) => i.ruleId === 'basic.gtag_unknown_params').map((i) => i.path);
    expect(paths(decode('en=page_view&tfd=12&_eu=AAA&ec=cat'))).toEqual([]);
    expect(paths(decode('en=page_view&tfd=12&mystery=1&_eu=AAA&7=x&amount=2'))).toEqual(['7', 'mystery', 'amount']);
    // A hand-made copy of a marked record (no mark) gets the full walk and finds nothing either.
    const req = decode('en=page_view&tfd=12');
    const copy: DecodedRequest = { ...req, events: [{ ...first(req), other: { ...first(req).other, extra: '1' } }] };
    expect(paths(copy)).toEqual(['extra']);
  });
});
