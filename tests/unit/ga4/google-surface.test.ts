/**
 * Class 1 of issue 22: Google requests that are not GA4 collection (Ads and Merchant Center pings,
 * Floodlight, tag scripts, first-party paths without a GA4 payload) get exactly one information
 * finding saying what they are, and no GA4 rule runs on them, whatever they carry.
 */
import { describe, expect, it } from 'vitest';
import { createValidator, decodeRequest, GOOGLE_SURFACE, GOOGLE_SURFACE_CHECKED, type DecodedRequest, type ValidationResult } from '../../../src/shared/ga4';
import { corpusAndFixtureRequests } from './corpus-requests';
import { FACTS, gtag } from './helpers';

const validator = createValidator({ facts: FACTS });

function onlyTheInfoFinding(result: ValidationResult, surface: string): void {
  expect(result.notGa4Collection?.surface).toBe(surface);
  expect(result.issues).toHaveLength(1);
  expect(result.issues[0]).toMatchObject({ ruleId: 'basic.endpoint_known', severity: 'info', path: 'url' });
  expect(result.issues[0]?.message).toMatch(/, not a GA4 hit; not validated\.$/);
  expect(result.status).toBe('pass');
  expect(result.events).toEqual([]);
}

// GA4-looking parameters (tid, cid, en, gcs, gcd…) as the Google tag sends them with its Ads pings.
const GA4ISH = 'v=2&tid=G-TEST12345&cid=1.2&en=page_view&gcs=G111&gcd=13r3r3r2r5l1&dl=https%3A%2F%2Fshop.example.com%2F';

describe("Google's surface (one table)", () => {
  it('is one documented table: every entry says what it is, where, and its source; the date checked is set', () => {
    expect(GOOGLE_SURFACE_CHECKED).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const s of GOOGLE_SURFACE) {
      expect(s.what.length, s.id).toBeGreaterThan(5);
      expect(s.source.length, s.id).toBeGreaterThan(5);
      expect(s.host !== undefined || s.path !== undefined, s.id).toBe(true);
    }
    expect(new Set(GOOGLE_SURFACE.map((s) => s.id)).size).toBe(GOOGLE_SURFACE.length);
  });

  it.each([
    ['https://www.google.com/ccm/collect?' + GA4ISH + '&frm=0&auid=123.456', 'ads_ccm', /conversion \/ consent ping/],
    ['https://sgtm.shop.example.com/ccm/collect?' + GA4ISH, 'ads_ccm', /ccm/],
    ['https://www.google.com/pagead/1p-conversion/123456789/?random=1&cv=11&fst=1&value=10&currency_code=EUR&label=abc&' + GA4ISH, 'ads_pagead', /Google Ads/],
    ['https://googleads.g.doubleclick.net/pagead/viewthroughconversion/123456789/?random=1&cv=11&fst=1&guid=ON&' + GA4ISH, 'ads_pagead', /Google Ads/],
    ['https://www.googleadservices.com/pagead/conversion/123456789/?label=abc&guid=ON&script=0', 'ads_pagead', /Google Ads/],
    ['https://www.google.com/measurement/conversion/?random=1&cv=11&tid=AW-123456789&' + GA4ISH, 'ads_measurement', /Google Ads conversion/],
    ['https://shop.example.com/measurement/1p-conversion/?tid=AW-1', 'ads_measurement', /Google Ads conversion/],
    ['https://www.merchant-center-analytics.goog/mc/collect?cv=11&fst=1&' + GA4ISH, 'merchant_center', /Merchant Center/],
    ['https://www.google.com/ads/ga-audiences?v=1&t=sr&slf_rd=1&_r=4&tid=G-TEST12345&cid=1.2', 'ads_audiences', /audience/],
    ['https://td.doubleclick.net/td/rul/123456789?random=1&cv=11&fst=1', 'ads_td', /remarketing/],
    ['https://123456.fls.doubleclick.net/activityi;src=123456;type=sales;cat=purch0;ord=1?', 'floodlight', /Floodlight/],
    ['https://stats.g.doubleclick.net/g/collect?' + GA4ISH, 'ga4_signals', /Signals/],
    ['https://www.googletagmanager.com/gtag/js?id=G-TEST12345', 'tag_loader', /script/],
    ['https://www.google.com/rmkt/collect/16910419249/?random=1&cv=11&fst=1&fmt=8&en=gtag.config&gcd=13l3l3R3l5l1', 'ads_rmkt', /remarketing/],
    ['https://ad.doubleclick.net/ccm/s/collect?gclid=x&auid=1.2', 'ads_ccm', /ccm/],
    ['https://6sense.com/pntd/g/d/ccm/conversion/969809790/?random=1&en=conversion&gcs=G111', 'ads_ccm', /ccm/],
    ['https://www.google-analytics.com/j/collect?v=1&_v=j101&t=pageview&tid=UA-1-1&cid=1.2', 'ua_collect', /Universal Analytics/],
    ['https://load.sgtm.shop.example.com/gtm.js?id=GTM-ABC1234', 'tag_loader', /script/],
  ])('%s → one info finding (%s)', (url, surface, what) => {
    for (const method of ['GET', 'POST']) {
      const result = validator.validate({ method, url, body: method === 'POST' ? 'en=purchase&epn.value=abc' : '' });
      onlyTheInfoFinding(result, surface);
      expect(result.issues[0]?.message).toMatch(what);
    }
  });

  it('names a first-party path without a GA4 v=2 payload (sGTM loader, base64 client) at information level', () => {
    const loader = validator.validate({ method: 'GET', url: 'https://sst.shop.example.com/x8j2kq.js?st=aWQ9R1RNLUFCQzEyMzQmZW52PTEmYXV0aD1hYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5eg' });
    onlyTheInfoFinding(loader, 'first_party_not_ga4');
    expect(loader.issues[0]?.message).toContain('a script load');
    const encoded = validator.validate({ method: 'POST', url: 'https://sst.shop.example.com/data/aWQ9R1RNLUFCQzEyMzQmZW52PTEmYXV0aD1hYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5eg', body: '' });
    onlyTheInfoFinding(encoded, 'first_party_not_ga4');
    expect(encoded.issues[0]?.message).toContain('an encoded (base64) payload');
  });

  it("names a first-party sGTM client's own JSON (not a Measurement Protocol body) instead of judging it as MP", () => {
    const data = validator.validate({
      method: 'POST',
      url: 'https://sgtm.shop.example.com/data?v=2&event=page_view&richsstsse',
      body: '{"event_name":"page_view","page_location":"https://shop.example.com/","client_hints":{"mobile":false},"user_data":{}}',
    });
    onlyTheInfoFinding(data, 'first_party_not_ga4');
    // A Measurement Protocol body relayed through a first-party path is still validated.
    const relayed = validator.validate({ method: 'POST', url: 'https://sgtm.shop.example.com/relay', body: '{"client_id":"1.2","events":[{"name":"login"}]}' });
    expect(relayed.notGa4Collection).toBeUndefined();
    expect(relayed.events).toHaveLength(1);
  });

  it('keeps validating GA4 on first-party hosts: /g/collect, the tag gateway, a renamed path with a v=2 payload', () => {
    for (const [origin, path] of [
      ['https://sgtm.shop.example.com', '/g/collect'],
      ['https://shop.example.com', '/0fb1/ag/g/c'],
      ['https://sgtm.shop.example.com', '/data'],
    ] as const) {
      const result = validator.validate(gtag({ dl: 'https://shop.example.com/' }, { origin, path }));
      expect(result.notGa4Collection, path).toBeUndefined();
      expect(result.events).toHaveLength(1);
    }
  });

  it('says nothing when the website switched basic.endpoint_known off, and still runs no rule', () => {
    const off = createValidator({ rules: { 'basic.endpoint_known': { enabled: false } } });
    const result = off.validate({ method: 'GET', url: 'https://www.google.com/ccm/collect?' + GA4ISH });
    expect(result.issues).toEqual([]);
    expect(result.notGa4Collection?.surface).toBe('ads_ccm');
  });

  it('no rule fires on non-GA4 collection: every decoded corpus and fixture request, moved to each non-GA4 family, gives only the one finding', () => {
    const decoded: DecodedRequest[] = [];
    for (const r of corpusAndFixtureRequests()) {
      const d = decodeRequest(r);
      if (d.ok) decoded.push(d.request);
    }
    expect(decoded.length).toBeGreaterThan(100);
    const families: Array<[string, string, string]> = [
      ['www.google.com', '/ccm/collect', 'ads_ccm'],
      ['www.google.com', '/pagead/1p-conversion/1/', 'ads_pagead'],
      ['www.google.com', '/measurement/conversion/', 'ads_measurement'],
      ['www.merchant-center-analytics.goog', '/mc/collect', 'merchant_center'],
      ['ad.doubleclick.net', '/activity;src=1', 'floodlight'],
      ['stats.g.doubleclick.net', '/g/collect', 'ga4_signals'],
    ];
    for (const req of decoded)
      for (const [host, path, surface] of families) onlyTheInfoFinding(validator.validateDecoded({ ...req, host, path }, { now: Date.UTC(2026, 5, 1) }), surface);
  });

  it('the decoder refuses them with what they are (never decodes an Ads ping as GA4 events)', () => {
    const d = decodeRequest({ method: 'GET', url: 'https://www.google.com/ccm/collect?' + GA4ISH });
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.error.notGa4?.surface).toBe('ads_ccm');
  });
});
