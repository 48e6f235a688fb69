/**
 * The gtag decoder marks `other` records whose every key is one of Google's own parameters or a
 * Universal Analytics leftover (otherHasOnlyKnownKeys), and basic.gtag_unknown_params skips those.
 * This pins that the mark is exact both ways (so no unknown key is ever skipped, and the skip is not
 * a mere guess), that a record unmarked part-way keeps its keys, values and order, and that records
 * the decoder did not build are always checked in full.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createValidator, decodeRequest, isGoogleParam, parseCaptureFile, type CapturedRequest, type DecodedEvent, type DecodedRequest } from '../../../src/shared/ga4';
import { LEGACY_UA_PARAMS } from '../../../src/shared/ga4/constants';
import { otherHasOnlyKnownKeys } from '../../../src/shared/ga4/decode-gtag';
import { RULE_FIXTURES } from './rule-fixtures';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const DIRS = [path.resolve(repoRoot, '../shared/ga4/hits'), path.join(repoRoot, 'tests/fixtures/ga4/corpus/hits')];

const captured: CapturedRequest[] = [
  ...DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.txt'))
      .sort()
      .flatMap((f) => {
        const parsed = parseCaptureFile(readFileSync(path.join(dir, f), 'utf8'), f);
        return parsed.ok ? parsed.captures.map((c) => c.request) : [];
      }),
  ),
  ...RULE_FIXTURES.flatMap((f) => [...(f.fail.before ?? []), f.fail.req, ...(f.pass.before ?? []), f.pass.req]),
];

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
        const keys = Object.keys(ev.other);
        expect(otherHasOnlyKnownKeys(ev.other), keys.join(',')).toBe(keys.every(known));
        if (otherHasOnlyKnownKeys(ev.other)) marked++;
        else unmarked++;
      }
    }
    // Both sides occur, so the equality above is tested in both directions.
    expect(marked).toBeGreaterThan(10);
    expect(unmarked).toBeGreaterThan(3);
  });

  it('marks records of known keys only: Google names, Google prefixes, UA leftovers, none', () => {
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view')).other)).toBe(true);
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view&tfd=12&_eu=AAA&gap.x=1&sst.y=2&ec=cat&t=event&frm=0')).other)).toBe(true);
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view&tfd=12&mystery=1')).other)).toBe(false);
    expect(otherHasOnlyKnownKeys(first(decode('en=page_view&mystery=1&tfd=12')).other)).toBe(false);
    // A body line's unknown key unmarks the line's event only.
    const batch = decode('tfd=1', 'en=a&_et=1\nen=b&amount=5');
    expect(batch.events.map((e) => otherHasOnlyKnownKeys(e.other))).toEqual([true, false]);
  });

  it('keeps the keys, values and order of a record unmarked part-way (integer-like keys, __proto__, last value wins)', () => {
    const ev = first(decode('en=x&tfd=1&_eu=A&are=1&20=b&__proto__=p&mystery=m&3=c&tfd=2&gap.q=g&constructor=k'));
    expect(otherHasOnlyKnownKeys(ev.other)).toBe(false);
    expect(Object.keys(ev.other)).toEqual(['3', '20', 'tfd', '_eu', 'are', '__proto__', 'mystery', 'gap.q', 'constructor']);
    expect(JSON.stringify(ev.other)).toBe('{"3":"c","20":"b","tfd":"2","_eu":"A","are":"1","__proto__":"p","mystery":"m","gap.q":"g","constructor":"k"}');
    expect('toString' in ev.other).toBe(false);
    expect('mystery' in ev.other && '__proto__' in ev.other).toBe(true);
    // The same keys with the unknown one last decode to the same record.
    const late = first(decode('en=x&tfd=1&_eu=A&are=1&20=b&__proto__=p&3=c&tfd=2&gap.q=g&constructor=k&mystery=m'));
    expect(JSON.stringify(late.other)).toBe('{"3":"c","20":"b","tfd":"2","_eu":"A","are":"1","__proto__":"p","gap.q":"g","constructor":"k","mystery":"m"}');
  });

  it('is false for records the decoder did not build, so hand-made models are checked in full', () => {
    expect(otherHasOnlyKnownKeys({})).toBe(false);
    expect(otherHasOnlyKnownKeys({ tfd: '1' })).toBe(false);
    expect(otherHasOnlyKnownKeys(Object.create(null) as Record<string, string>)).toBe(false);
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
