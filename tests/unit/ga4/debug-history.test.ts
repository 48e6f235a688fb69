import { describe, expect, it } from 'vitest';
import {
  createInMemoryHistory,
  createValidator,
  decodeRequest,
  historyKeysFor,
  toDebugValidationResponse,
  validateRequest,
} from '../../../src/shared/ga4';
import { FACTS, NOW, PURCHASE, SID, gtag, mp } from './helpers';

describe('toDebugValidationResponse', () => {
  it('answers like /debug/mp/collect: Google codes in validationMessages, Tracklint findings beside them', () => {
    const req = mp({
      user_id: 'jane.doe@example.com',
      events: [
        { name: '_bad', params: { session_id: SID, engagement_time_msec: 1 } },
        { name: 'session_start', params: { session_id: SID, engagement_time_msec: 1 } },
        { name: 'purchase', params: { session_id: SID, engagement_time_msec: 1, currency: 'EUR', value: 10, items: [{ item_id: 'A', price: 10 }] } },
      ],
    });
    const result = validateRequest(req, { facts: FACTS }, { now: NOW });
    const debug = toDebugValidationResponse(result);
    expect(debug.validationMessages).toContainEqual({
      fieldPath: 'events',
      description: 'Event at index: [0] has invalid name [_bad]. Names must start with an alphabetic character.',
      validationCode: 'NAME_INVALID',
    });
    expect(debug.validationMessages).toContainEqual({ fieldPath: 'events', description: 'Event at index: [1] has reserved name [session_start].', validationCode: 'NAME_RESERVED' });
    expect(debug.validationMessages).toContainEqual({ fieldPath: 'events[2].params.transaction_id', description: 'purchase has no transaction_id.', validationCode: 'VALUE_REQUIRED' });
    expect(debug.tracklint.status).toBe('fail');
    // PII is not something Google's validation server reports: it goes to Tracklint's findings.
    expect(debug.tracklint.findings.map((f) => f.ruleId)).toEqual(['dq.pii_email']);
    expect(debug.validationMessages.map((m) => m.description).join(' ')).not.toContain('User-ID');
  });

  it('uses EXCEEDED_MAX_ENTITIES and VALUE_OUT_OF_BOUNDS for limits', () => {
    const events = Array.from({ length: 26 }, () => ({ name: 'login', params: { session_id: SID, engagement_time_msec: 1, method: 'x'.repeat(101) } }));
    const debug = toDebugValidationResponse(validateRequest(mp({ events }), { facts: FACTS }, { now: NOW }));
    const codes = new Set(debug.validationMessages.map((m) => m.validationCode));
    expect(codes.has('EXCEEDED_MAX_ENTITIES')).toBe(true);
    expect(codes.has('VALUE_OUT_OF_BOUNDS')).toBe(true);
  });

  it('returns no validationMessages for a clean request', () => {
    const debug = toDebugValidationResponse(validateRequest(mp(), { facts: FACTS }, { now: NOW }));
    expect(debug).toEqual({ validationMessages: [], tracklint: { status: 'pass', findings: [] } });
  });
});

describe('no double reporting', () => {
  it('reports a PII email in an MP page_location once', () => {
    const req = mp({ events: [{ name: 'page_view', params: { session_id: SID, engagement_time_msec: 1, page_location: 'https://shop.example.com/?email=jane@example.com' } }] });
    const issues = validateRequest(req, { facts: FACTS }, { now: NOW }).issues.filter((i) => i.ruleId === 'dq.pii_email');
    expect(issues.map((i) => i.path)).toEqual(['events[0].params.page_location']);
  });

  it('reports a shared query problem once for a batch', () => {
    const req = gtag({ en: null, amount: '5' }, { body: ['en=page_view', 'en=scroll&_et=5'] });
    const issues = validateRequest(req, { facts: FACTS }, { now: NOW }).issues;
    expect(issues.filter((i) => i.ruleId === 'basic.gtag_unknown_params')).toHaveLength(1);
  });
});

describe('history', () => {
  it('lists every key the rules will read, so a store can prefetch them in one batch', () => {
    const decoded = decodeRequest(gtag(PURCHASE));
    if (!decoded.ok) throw new Error('decode');
    const keys = historyKeysFor(decoded.request);
    const reads: string[] = [];
    const inner = createInMemoryHistory();
    const spy = { get: (k: string) => (reads.push(k), inner.get(k)), set: inner.set };
    createValidator({ facts: FACTS }).validateDecoded(decoded.request, { history: spy, now: NOW });
    expect(reads.length).toBeGreaterThan(5);
    for (const k of reads) expect(keys, k).toContain(k);
  });

  it('scopes history by measurement id: one tenant never sees another tenant’s transactions', () => {
    const history = createInMemoryHistory();
    const v = createValidator({});
    v.validate(gtag({ ...PURCHASE, tid: 'G-AAAA1111' }), { history, now: NOW - 1000 });
    const other = v.validate(gtag({ ...PURCHASE, tid: 'G-BBBB2222' }), { history, now: NOW });
    expect(other.issues.map((i) => i.ruleId)).not.toContain('ecom.duplicate_transaction');
    const same = v.validate(gtag({ ...PURCHASE, tid: 'G-AAAA1111' }), { history, now: NOW });
    expect(same.issues.map((i) => i.ruleId)).toContain('ecom.duplicate_transaction');
  });

  it('detects a repeat inside one batched request', () => {
    const req = gtag({ en: null, cu: 'EUR' }, { body: ['en=purchase&ep.transaction_id=T5&epn.value=10&pr1=idA~nmB~pr10', 'en=purchase&ep.transaction_id=T5&epn.value=10&pr1=idA~nmB~pr10'] });
    const result = validateRequest(req, { facts: FACTS }, { history: createInMemoryHistory(), now: NOW });
    expect(result.issues.filter((i) => i.ruleId === 'ecom.duplicate_transaction').map((i) => i.eventIndex)).toEqual([1]);
  });

  it('expires records after their TTL and stays within its size bound', () => {
    let clock = 0;
    const h = createInMemoryHistory({ maxEntries: 10, now: () => clock });
    h.set('a', { x: 1 }, 1000);
    expect(h.get('a')).toEqual({ x: 1 });
    clock = 1001;
    expect(h.get('a')).toBeUndefined();
    for (let i = 0; i < 100; i++) h.set(`k${i}`, { i }, 10_000);
    expect(h.size).toBeLessThanOrEqual(10);
    expect(h.get('k99')).toEqual({ i: 99 });
  });

  it('skips history rules when no history is passed', () => {
    const v = createValidator({ facts: FACTS });
    v.validate(gtag(PURCHASE), { now: NOW });
    expect(v.validate(gtag(PURCHASE), { now: NOW }).issues.map((i) => i.ruleId)).not.toContain('ecom.duplicate_transaction');
  });
});
