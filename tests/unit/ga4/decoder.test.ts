import { describe, expect, it } from 'vitest';
import { decodeGcd, decodeGcdLetter, decodeRequest, type DecodedEvent, type DecodedRequest } from '../../../src/shared/ga4';
import { isUniversalAnalyticsPayload } from '../../../src/shared/ga4/rules/util';

function ok(result: ReturnType<typeof decodeRequest>): DecodedRequest {
  if (!result.ok) throw new Error(`decode failed: ${result.error.code} ${result.error.message}`);
  return result.request;
}

describe('gcd decoding', () => {
  it.each([
    ['l', 'not_set', 'not_set'],
    ['p', 'denied', 'not_set'],
    ['q', 'denied', 'denied'],
    ['r', 'denied', 'granted'],
    ['t', 'granted', 'not_set'],
    ['u', 'granted', 'denied'],
    ['v', 'granted', 'granted'],
    ['m', 'not_set', 'denied'],
    ['n', 'not_set', 'granted'],
  ])('letter %s is default %s, update %s', (letter, def, upd) => {
    expect(decodeGcdLetter(letter)).toMatchObject({ default: def, update: upd });
  });

  it('rejects letters outside the GCD_LETTERS table (every letter is tested in gcd-letters.test.ts)', () => {
    for (const letter of ['a', 'g', 'k', 'o', 's', 'w', 'A', 'Q', 'U', 'Y', '0']) expect(decodeGcdLetter(letter)).toBeUndefined();
  });

  it('decodes the four signals in order and accepts the extra block', () => {
    const d = decodeGcd('13p3r3t2v5l1');
    expect(d.valid).toBe(true);
    expect(d.signals?.ad_storage.effective).toBe('denied');
    expect(d.signals?.analytics_storage.effective).toBe('granted');
    expect(d.signals?.ad_user_data.effective).toBe('granted');
    expect(d.signals?.ad_personalization.effective).toBe('granted');
    expect(decodeGcd('13p3p').valid).toBe(false);
  });
});

describe('gtag /g/collect', () => {
  it("reads a page URL's own keys only: `constructor` or `toString` is neither a UTM field nor a click id", () => {
    const r = decodeRequest({ method: 'GET', url: `https://www.google-analytics.com/g/collect?v=2&tid=G-ABC1234567&cid=1.2&en=page_view&dl=${encodeURIComponent('https://shop.example.com/?constructor=a&toString=b&hasOwnProperty=c&utm_source=s&gclid=g')}` });
    if (!r.ok) throw new Error(r.error.message);
    const page = r.request.events[0]!.page;
    expect(page.utm).toEqual({ source: 's' });
    expect(page.utmKeys).toEqual(['utm_source']);
    expect(page.gclid).toBe('g');
  });

  it('decodes every part of a hit: params, user properties, items, session, page, device, consent, unknowns', () => {
    const url =
      'https://www.google-analytics.com/g/collect?v=2&tid=G-ABCDEF1234&cid=1.2&uid=u1&_p=99&sid=1700000000&sct=3&seg=1&_s=4&_et=250' +
      '&_ss=1&_fv=1&_nsi=1&_dbg=1&en=add_to_cart&cu=EUR&_c=1&ep.method=button&epn.value=12.5&up.tier=gold&upn.age=42' +
      '&pr2=idB~nmSecond~pr2&pr1=idA~nmFirst~pr10.5~qt1~zzodd~k0color~v0red~k1size~v1XL' +
      '&dl=https%3A%2F%2Fshop.example.com%2F%3Futm_source%3Dnews%26utm_medium%3Demail%26gbraid%3Dgb1%26_gl%3D1*x' +
      '&dr=https%3A%2F%2Fwww.google.com%2F&dt=Shop&ul=de-de&sr=1280x720&uafvl=Chromium%3B141%7CGoogle%2520Chrome%3B141' +
      '&gcs=G101&gcd=13q3r3q2q5&npa=1&dma=1&dma_cps=sypham&gdpr=1&gdpr_consent=abc&cm=cpc&mystery=42&sst.rnd=7';
    const req = ok(decodeRequest({ method: 'POST', url, body: '', headers: { 'User-Agent': 'Mozilla/5.0 Test' } }));
    expect(req).toMatchObject({ format: 'gtag', endpoint: 'g_collect', host: 'www.google-analytics.com', measurementId: 'G-ABCDEF1234', clientId: '1.2', userId: 'u1', pageLoadId: '99', protocolVersion: '2' });
    const ev = req.events[0];
    expect(ev?.name).toBe('add_to_cart');
    expect(ev?.params).toEqual({ method: 'button', value: 12.5 });
    expect(ev?.paramKinds).toEqual({ method: 'string', value: 'number' });
    expect(ev?.userProperties).toEqual({ tier: { value: 'gold', kind: 'string' }, age: { value: 42, kind: 'number' } });
    expect(ev?.items).toEqual([
      { item_id: 'A', item_name: 'First', price: 10.5, quantity: 1, zz: 'odd', color: 'red', size: 'XL' },
      { item_id: 'B', item_name: 'Second', price: 2 },
    ]);
    expect(ev?.itemKeys).toEqual(['pr1', 'pr2']);
    expect(ev?.currency).toBe('EUR');
    expect(ev?.currencySource).toBe('cu');
    expect(ev?.conversion).toBe(true);
    expect(ev?.debugMode).toBe(true);
    expect(ev?.session).toEqual({ id: '1700000000', number: '3', engaged: '1', hitSequence: '4', engagementTimeMsec: '250', sessionStart: true, firstVisit: true, newSessionId: true, externalEvent: false });
    expect(ev?.page).toMatchObject({ location: 'https://shop.example.com/?utm_source=news&utm_medium=email&gbraid=gb1&_gl=1*x', host: 'shop.example.com', referrerHost: 'www.google.com', title: 'Shop', gbraid: 'gb1', linker: '1*x' });
    expect(ev?.page.utm).toEqual({ source: 'news', medium: 'email' });
    expect(ev?.device).toMatchObject({ language: 'de-de', screenResolution: '1280x720', userAgent: 'Mozilla/5.0 Test' });
    expect(ev?.device.brands).toEqual([{ brand: 'Chromium', version: '141' }, { brand: 'Google Chrome', version: '141' }]);
    expect(ev?.consent).toMatchObject({ gcs: 'G101', gcsAdStorage: 'denied', gcsAnalyticsStorage: 'granted', npa: '1', dma: '1', dmaCps: 'sypham', gdpr: '1', gdprConsent: 'abc', gcdValid: true });
    expect(ev?.consent.signals?.analytics_storage).toMatchObject({ default: 'denied', update: 'granted' });
    expect(ev?.campaign).toEqual({ campaign_medium: 'cpc' });
    expect(ev?.other).toEqual({ mystery: '42', 'sst.rnd': '7' });
  });

  it('splits a batched body: each line adds to or overrides the shared query', () => {
    const req = ok(
      decodeRequest({
        method: 'POST',
        url: '/g/collect?v=2&tid=G-ABCDEF1234&cid=1.2&cu=USD&dt=Shared&_et=1',
        body: 'en=view_item&epn.value=5\r\nen=add_to_cart&dt=Override&cu=EUR\n\n',
      }),
    );
    expect(req.events.map((e) => [e.name, e.currency, e.page.title, e.params.value])).toEqual([
      ['view_item', 'USD', 'Shared', 5],
      ['add_to_cart', 'EUR', 'Override', undefined],
    ]);
    expect(req.events[1]?.line).toEqual({ en: 'add_to_cart', dt: 'Override', cu: 'EUR' });
    // Events that do not override page params share one decoded page.
    const again = ok(decodeRequest({ method: 'POST', url: '/g/collect?v=2&dl=https%3A%2F%2Fa.b%2F', body: 'en=a\nen=b' }));
    expect(again.events[0]?.page).toBe(again.events[1]?.page);
  });

  it('reads the request keys from the query (last value wins), else from the first body line', () => {
    // The first line overrides tid and cid for its own event, not for the request.
    const req = ok(decodeRequest({ method: 'POST', url: '/g/collect?v=2&tid=G-AAAA1111&cid=1.1&cid=1.2&_p=123', body: 'en=a&tid=G-BBBB2222&cid=9.9&uid=u1&gtm=45je\nen=b&uid=u2' }));
    expect([req.measurementId, req.clientId, req.pageLoadId, req.protocolVersion, req.userId, req.gtm]).toEqual(['G-AAAA1111', '1.2', '123', '2', 'u1', '45je']);
    const single = ok(decodeRequest({ method: 'GET', url: '/g/collect?v=2&tid=G-AAAA1111&gtm=45je&en=page_view&uid=u1&uid=u3&cid=1.2' }));
    expect([single.measurementId, single.clientId, single.userId, single.gtm, single.pageLoadId]).toEqual(['G-AAAA1111', '1.2', 'u3', '45je', undefined]);
  });

  it('flags a name given twice in the same query or line, but not a line overriding the query', () => {
    const req = ok(decodeRequest({ method: 'POST', url: '/g/collect?v=2&ep.x=1&up.tier=a', body: 'en=a&ep.x=2\nen=b&ep.y=1&epn.y=2&upn.tier=3&up.tier=4' }));
    expect(req.events[0]?.duplicateParams).toBeUndefined();
    expect(req.events[0]?.params.x).toBe('2');
    expect(req.events[1]?.duplicateParams).toEqual(['epn.y', 'up.tier']);
  });

  it('keeps malformed percent-encoding verbatim and notes it', () => {
    const req = ok(decodeRequest({ method: 'GET', url: '/g/collect?v=2&en=x&ep.bad=%E0%A4%A' }));
    expect(req.events[0]?.params.bad).toBe('%E0%A4%A');
    expect(req.notes.map((n) => n.code)).toEqual(['MALFORMED_PERCENT_ENCODING']);
  });

  it('keeps a non-numeric epn value as text so the rule can report it', () => {
    const ev = ok(decodeRequest({ method: 'GET', url: '/g/collect?en=x&epn.value=NaN&epn.empty=' })).events[0];
    expect(ev?.params).toEqual({ value: 'NaN', empty: '' });
    expect(ev?.paramKinds).toEqual({ value: 'number', empty: 'number' });
  });

  it('treats keys such as __proto__ as plain data', () => {
    const ev = ok(decodeRequest({ method: 'GET', url: '/g/collect?en=x&ep.__proto__=polluted&__proto__=y&ep.constructor=c' })).events[0];
    expect(ev?.params.__proto__).toBe('polluted');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(ev?.params))).toEqual({ ['__proto__']: 'polluted', constructor: 'c' });
  });

  it('keeps every optional field of a request, its events, sessions, consent, pages and devices as own keys, so gtag and MP share their keys; JSON leaves unset ones out', () => {
    const g = ok(decodeRequest({ method: 'POST', url: '/g/collect?v=2&tid=G-AAAA1111&cid=1.2&en=page_view', body: '' }));
    const batch = ok(decodeRequest({ method: 'POST', url: '/g/collect?v=2&tid=G-AAAA1111&cid=1.2', body: 'en=a\nen=b' }));
    const m = ok(decodeRequest({ method: 'POST', url: 'https://www.google-analytics.com/mp/collect?measurement_id=G-AAAA1111&api_secret=x', body: '{"client_id":"1.2","events":[{"name":"a"}]}' }));
    expect(Object.keys(g)).toEqual(Object.keys(m));
    expect(Object.keys(batch)).toEqual(Object.keys(m));
    // So do their events, sessions and consent records.
    const events = [g, batch, m].map((r) => r.events[0] as DecodedEvent);
    for (const pick of [(e: DecodedEvent) => e, (e: DecodedEvent) => e.session, (e: DecodedEvent) => e.consent, (e: DecodedEvent) => e.page])
      expect(events.map((e) => Object.keys(pick(e)))).toEqual(events.map(() => Object.keys(pick(events[2] as DecodedEvent))));
    // gtag devices share one set of keys, MP devices another.
    expect(Object.keys(events[0]?.device ?? {})).toEqual(Object.keys(events[1]?.device ?? {}));
    // A page with click ids keeps them in the URL's order, as JSON always showed them.
    const clicks = ok(decodeRequest({ method: 'GET', url: `/g/collect?v=2&en=page_view&dl=${encodeURIComponent('https://a.b/?_gl=1*x&gclid=G1')}&dt=T` }));
    expect(Object.keys(JSON.parse(JSON.stringify(clicks.events[0]?.page)) as object)).toEqual(['query', 'utm', 'utmKeys', 'location', 'host', 'linker', 'gclid', 'title']);
    expect('userId' in g && g.userId === undefined).toBe(true);
    const json = JSON.parse(JSON.stringify(g)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['format', 'endpoint', 'method', 'url', 'host', 'path', 'hasApiSecret', 'bodyBytes', 'query', 'events', 'notes', 'measurementId', 'protocolVersion', 'clientId']);
    expect(Object.keys(JSON.parse(JSON.stringify(m)) as object)).toEqual(['format', 'endpoint', 'method', 'url', 'host', 'path', 'hasApiSecret', 'bodyBytes', 'query', 'events', 'notes', 'measurementId', 'mp', 'clientId']);
  });

  it('gives a single-event hit its query as an own, enumerable record, however it is read', () => {
    const req = ok(decodeRequest({ method: 'GET', url: '/g/collect?v=2&tid=G-1&en=x&tid=G-2&constructor=c' }));
    const expected = { v: '2', tid: 'G-2', en: 'x', constructor: 'c' };
    expect(Object.keys(req).slice(0, 10)).toEqual(['format', 'endpoint', 'method', 'url', 'host', 'path', 'hasApiSecret', 'bodyBytes', 'query', 'events']);
    expect(JSON.parse(JSON.stringify(req)).query).toEqual(expected);
    expect(structuredClone(req).query).toEqual(expected);
    expect({ ...req }.query).toEqual(expected);
    expect(req.query).toBe(req.query);
    expect('toString' in req.query).toBe(false);
    expect(req.measurementId).toBe('G-2');
    // The lazy state is a private field: no extra key or symbol, and UA detection reads the pairs.
    expect(Reflect.ownKeys(req).filter((k) => typeof k === 'symbol')).toEqual([]);
    expect(isUniversalAnalyticsPayload(ok(decodeRequest({ method: 'GET', url: '/g/collect?v=1&t=pageview&_v=j101&tid=UA-1-1' })))).toBe(true);
    expect(isUniversalAnalyticsPayload(req)).toBe(false);
    req.query = { v: '1' };
    expect(JSON.parse(JSON.stringify(req)).query).toEqual({ v: '1' });
  });

  it("shares one page and one consent between hits that send the same, but gives a body line's own an object of its own", () => {
    const url = (cid: string) => `https://www.google-analytics.com/g/collect?v=2&tid=G-ABCDEF1234&cid=${cid}&gcs=G111&gcd=13t3t3t2t5l1&en=page_view&dl=https%3A%2F%2Fshop.example.com%2Fa%3Futm_source%3Dx&dr=https%3A%2F%2Fref.example.org%2F&dt=A`;
    const first = ok(decodeRequest({ method: 'GET', url: url('1.1') })).events[0]!.page;
    const second = ok(decodeRequest({ method: 'GET', url: url('2.2') })).events[0]!.page;
    // The decoder's page cache: the second hit gets the page built for the first.
    expect(second).toBe(first);
    expect(first).toMatchObject({ location: 'https://shop.example.com/a?utm_source=x', host: 'shop.example.com', referrerHost: 'ref.example.org', title: 'A', utm: { source: 'x' } });
    // Another referrer or title is another page.
    const otherTitle = ok(decodeRequest({ method: 'GET', url: url('3.3').replace('&dt=A', '&dt=B') })).events[0]!.page;
    expect(otherTitle).not.toBe(first);
    expect(otherTitle.title).toBe('B');
    // In a batch, a line that sends the query's page again still gets a page of its own: the rules
    // (ctx.pages) tell a hit's pages apart by identity, as before the cache.
    const batch = (cid: string) =>
      ok(decodeRequest({ method: 'POST', url: url(cid).replace('&en=page_view', ''), body: 'en=scroll\nen=click&dl=https%3A%2F%2Fshop.example.com%2Fa%3Futm_source%3Dx&dr=https%3A%2F%2Fref.example.org%2F&dt=A' }));
    const [one, two] = [batch('4.4'), batch('5.5')];
    expect(one.events[0]!.page).toEqual(first);
    expect(two.events[0]!.page).toBe(one.events[0]!.page);
    expect(one.events[1]!.page).toEqual(first);
    expect(one.events[1]!.page).not.toBe(one.events[0]!.page);
    expect(two.events[1]!.page).not.toBe(one.events[1]!.page);
    // Consent the same way: shared between hits, a line's own is its own object.
    expect(ok(decodeRequest({ method: 'GET', url: url('8.8').replace('gcs=G111', 'gcs=G100') })).events[0]!.consent.gcsAdStorage).toBe('denied');
    const consent = ok(decodeRequest({ method: 'GET', url: url('6.6') })).events[0]!.consent;
    expect(ok(decodeRequest({ method: 'GET', url: url('7.7') })).events[0]!.consent).toBe(consent);
    expect(consent).toMatchObject({ gcs: 'G111', gcsAdStorage: 'granted', gcd: '13t3t3t2t5l1', gcdValid: true });
    const lines = ok(decodeRequest({ method: 'POST', url: url('9.9').replace('&en=page_view', ''), body: 'en=scroll\nen=click&gcs=G111' }));
    expect(lines.events[0]!.consent).toBe(consent);
    expect(lines.events[1]!.consent).toEqual(consent);
    expect(lines.events[1]!.consent).not.toBe(consent);
  });

  it('decodes a Uint8Array body as UTF-8', () => {
    const body = new TextEncoder().encode('en=page_view&ep.title=Caf%C3%A9&ep.raw=Gr\u00fc\u00df');
    const ev = ok(decodeRequest({ method: 'POST', url: '/g/collect?v=2', body })).events[0];
    expect(ev?.params).toEqual({ title: 'Café', raw: 'Grüß' });
  });
});

describe('Measurement Protocol', () => {
  it('maps the JSON payload onto the same model', () => {
    const body = {
      client_id: 'c1',
      user_id: 'u1',
      timestamp_micros: 1727701064057701,
      user_properties: { tier: { value: 'gold' } },
      consent: { ad_user_data: 'GRANTED', ad_personalization: 'DENIED' },
      non_personalized_ads: true,
      ip_override: '203.0.113.9',
      events: [{ name: 'purchase', params: { currency: 'EUR', value: 20, transaction_id: 'T1', session_id: '123', engagement_time_msec: 5, page_location: 'https://a.example/x?utm_source=s', items: [{ item_id: 'A', price: 10, quantity: 2, color: 'red' }] } }],
    };
    const req = ok(decodeRequest({ method: 'POST', url: 'https://region1.google-analytics.com/debug/mp/collect?measurement_id=G-ABCDEF1234&api_secret=x', body: JSON.stringify(body) }));
    expect(req).toMatchObject({ format: 'mp', endpoint: 'mp_debug', measurementId: 'G-ABCDEF1234', hasApiSecret: true, clientId: 'c1', userId: 'u1' });
    expect(req.mp).toMatchObject({ timestampMicros: 1727701064057701, ipOverride: '203.0.113.9', strictJson: true, rawEventCount: 1, unknownTopLevelKeys: [] });
    const ev = req.events[0];
    expect(ev?.params).toEqual({ currency: 'EUR', value: 20, transaction_id: 'T1', session_id: '123', engagement_time_msec: 5, page_location: 'https://a.example/x?utm_source=s' });
    expect(ev?.items).toEqual([{ item_id: 'A', price: 10, quantity: 2, color: 'red' }]);
    expect(ev?.currency).toBe('EUR');
    expect(ev?.session).toMatchObject({ id: '123', engagementTimeMsec: 5 });
    expect(ev?.page).toMatchObject({ location: 'https://a.example/x?utm_source=s', utm: { source: 's' } });
    expect(ev?.userProperties).toEqual({ tier: { value: 'gold', kind: 'string' } });
    expect(ev?.consent.signals?.ad_personalization.effective).toBe('denied');
    expect(ev?.consent.npa).toBe('1');
  });

  it('reads app streams (firebase_app_id, app_instance_id)', () => {
    const req = ok(decodeRequest({ method: 'POST', url: '/mp/collect?firebase_app_id=1:2:android:3&api_secret=x', body: '{"app_instance_id":"abc","events":[{"name":"x"}]}' }));
    expect(req).toMatchObject({ firebaseAppId: '1:2:android:3', appInstanceId: 'abc' });
  });

  it('notes events and items of the wrong shape instead of failing', () => {
    const req = ok(decodeRequest({ method: 'POST', url: '/mp/collect', body: '{"client_id":"c","events":[1,{"name":"x","params":{"items":"nope"}}]}' }));
    expect(req.events.map((e) => e.index)).toEqual([1]);
    expect(req.notes.map((n) => n.code)).toEqual(['EVENT_NOT_OBJECT', 'ITEMS_NOT_ARRAY']);
  });

  it('reads JavaScript object literals leniently and marks them as not strict JSON', () => {
    const req = ok(decodeRequest({ method: 'POST', url: '/debug/mp/collect', body: "{ client_id: 'c', // comment\n events: [{ name: 'x', params: {a: 1,}, }], }" }));
    expect(req.mp?.strictJson).toBe(false);
    expect(req.events[0]?.params).toEqual({ a: 1 });
  });
});

describe('decode errors', () => {
  it.each([
    [{ method: 'GET', url: '' }, 'EMPTY_REQUEST'],
    [{ method: 'GET', url: 'https://example.com/favicon.ico' }, 'NOT_GA4'],
    [{ method: 'GET', url: 'https://stats.g.doubleclick.net/g/collect?v=2&tid=G-ABCDEF1234' }, 'NOT_EVENT_HIT'],
    [{ method: 'POST', url: '/mp/collect', body: '{"client_id": ' }, 'INVALID_JSON'],
    [{ method: 'POST', url: '/mp/collect', body: '' }, 'INVALID_JSON'],
    [{ method: 'POST', url: '/mp/collect', body: '[1,2]' }, 'JSON_NOT_OBJECT'],
    [{ method: 'POST', url: '/g/collect', body: 'x'.repeat(1_000_001) }, 'BODY_TOO_LARGE'],
  ])('%j → %s', (input, code) => {
    const result = decodeRequest(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.message.length).toBeGreaterThan(10);
    }
  });

  it('survives inputs that are not even requests', () => {
    for (const bad of [null, undefined, 42, {}, { url: 5 }, { url: '/g/collect', body: 7 }]) {
      // @ts-expect-error deliberately wrong input types
      expect(() => decodeRequest(bad)).not.toThrow();
    }
  });
});

describe('unknown gtag params', () => {
  it('keeps internal underscore flags without flagging them, but flags unknown data keys', async () => {
    const { validateRequest } = await import('../../../src/shared/ga4');
    const result = validateRequest({ method: 'GET', url: '/g/collect?v=2&tid=G-ABCDEF1234&cid=1.2&en=x&_newflag=1&amount=5' });
    expect(result.events[0]?.other).toMatchObject({ _newflag: '1', amount: '5' });
    expect(result.issues.filter((i) => i.ruleId === 'basic.gtag_unknown_params').map((i) => i.path)).toEqual(['amount']);
  });
});
