import { describe, expect, it } from 'vitest';
import { createInMemoryHistory, createValidator, decodeRequest, historyKeysFor, type CapturedRequest } from '../../../src/shared/ga4';
import { HOUR } from '../../../src/shared/ga4/history';
import { BASE, FACTS, MID, NOW, SID, gtag } from './helpers';

const SESSION_KEY = `sess|${MID}|${BASE.cid}|${SID}`;
const SESSION_RULES = ['sess.session_start_once', 'sess.landing_page_view', 'attr.referrer_loss', 'ecom.funnel_order', 'gdpr.consent_before_update'];

/** A session that starts denied with an add_to_cart: every session rule writes its field on this hit. */
const DENIED_CART_START = { en: 'add_to_cart', _ss: '1', gcs: 'G100', gcd: '13q3q3q2q5l1' };

function sessionFindings(validator: ReturnType<typeof createValidator>, request: CapturedRequest, history: ReturnType<typeof createInMemoryHistory>, now: number): string[] {
  return validator
    .validate(request, { history, now })
    .issues.filter((i) => SESSION_RULES.includes(i.ruleId))
    .map((i) => i.ruleId);
}

describe('the session history record', () => {
  it('is one record per (measurement id, client, session), holding every session rule’s field', () => {
    const request = gtag(DENIED_CART_START);
    const decoded = decodeRequest(request);
    if (!decoded.ok) throw new Error('decode');
    expect(historyKeysFor(decoded.request).filter((k) => k.startsWith('sess|'))).toEqual([SESSION_KEY]);

    const history = createInMemoryHistory({ now: () => NOW });
    createValidator({ facts: FACTS }).validate(request, { history, now: NOW });
    expect(history.get(SESSION_KEY)).toEqual({ starts: 1, first: 'add_to_cart', hits: 1, cart: true, checkout: false, firstDenied: true });
  });

  it('keeps each rule’s field when the other rules rewrite the record', () => {
    const history = createInMemoryHistory({ now: () => NOW });
    const v = createValidator({ facts: FACTS });
    expect(sessionFindings(v, gtag(DENIED_CART_START), history, NOW)).toEqual(['sess.landing_page_view']);
    // The cart written by the funnel rule survived the landing, hit and consent writes after it, and
    // the denied start survived the funnel's: a purchase is fine, a grant without an update is not.
    expect(sessionFindings(v, gtag({ en: 'purchase', _s: '3', gcs: 'G111', gcd: '13t3t3t2t5l1' }), history, NOW)).toEqual(['gdpr.consent_before_update']);
    // The session_start count survived every write since.
    expect(sessionFindings(v, gtag({ _ss: '1', _s: '4', gcs: 'G100', gcd: '13q3q3q2q5l1' }), history, NOW)).toEqual(['sess.session_start_once']);
    expect(history.get(SESSION_KEY)).toEqual({ starts: 2, first: 'add_to_cart', hits: 3, cart: true, checkout: false, firstDenied: true });
  });

  it('lives 8 hours after its last write, whichever rule wrote it', () => {
    let clock = NOW;
    const history = createInMemoryHistory({ now: () => clock });
    const v = createValidator({ facts: FACTS });
    sessionFindings(v, gtag(), history, clock);
    // 7 hours later a hit of the same session rewrites the record (the hit counter): the landing page
    // recorded at the start lives on with it, so an event 9 hours after the start is no new landing.
    clock = NOW + 7 * HOUR;
    sessionFindings(v, gtag({ en: 'scroll', _s: '3' }), history, clock);
    clock = NOW + 9 * HOUR;
    expect(sessionFindings(v, gtag({ en: 'scroll', _s: '4' }), history, clock)).toEqual([]);
    // Nothing for 8 hours: the whole record is gone, and the next event starts the landing page anew.
    clock = NOW + 17 * HOUR + 1;
    expect(sessionFindings(v, gtag({ en: 'scroll', _s: '5' }), history, clock)).toEqual(['sess.landing_page_view']);
  });
});
