import { describe, expect, it } from 'vitest';
import {
  createInMemoryHistory,
  createValidator,
  GOOGLE_PARAMS,
  isGoogleParam,
  parseCaptureFile,
  ruleCatalogue,
  validateCaptureFiles,
  type FileCapture,
} from '../../../src/shared/ga4';
import { NOW, PURCHASE, SID, gtag, mp } from './helpers';

const validator = createValidator();
const ids = (r: { issues: Array<{ ruleId: string }> }) => r.issues.map((i) => i.ruleId);
// An archived hit: its session started a year before "today", and it carries no capture time.
const ARCHIVED_SID = String(Math.floor(NOW / 1000) - 365 * 86_400);

describe('rules judge only from the evidence they have', () => {
  it('does not compare an archived hit with the validator\'s clock: clock rules are not evaluated and say so', () => {
    const req = { ...gtag({ sid: ARCHIVED_SID, _p: '123456789' }), receivedAtMs: undefined };
    delete req.receivedAtMs;
    const result = validator.validate(req);
    expect(ids(result)).not.toContain('sess.sid_plausible');
    expect(result.notEvaluated).toContainEqual({ ruleId: 'sess.sid_plausible', reason: 'no_capture_time' });
  });

  it('uses the capture time when the hit has one (a HAR entry, a recorded time)', () => {
    const result = validator.validate(gtag({ sid: ARCHIVED_SID }, { at: NOW }));
    expect(ids(result)).toContain('sess.sid_plausible');
    expect(validator.validate(gtag({ sid: ARCHIVED_SID }, { at: Number(ARCHIVED_SID) * 1000 + 60_000 })).issues.map((i) => i.ruleId)).not.toContain('sess.sid_plausible');
  });

  it('reads a millisecond _p as the page-load time, and never flags a session that started after it', () => {
    const pageLoad = Number(SID) * 1000;
    const base = gtag({ _p: String(pageLoad) });
    delete base.receivedAtMs;
    expect(ids(validator.validate(base))).not.toContain('sess.sid_plausible');
    // A page left open can start a new session later: sid after _p is fine.
    const later = gtag({ _p: String(pageLoad), sid: String(Number(SID) + 4 * 3600) });
    delete later.receivedAtMs;
    expect(ids(validator.validate(later))).not.toContain('sess.sid_plausible');
    const old = gtag({ _p: String(pageLoad), sid: String(Number(SID) - 10 * 3600) });
    delete old.receivedAtMs;
    expect(ids(validator.validate(old))).toContain('sess.sid_plausible');
  });

  it('does not evaluate history rules without history: a refund or purchase sent alone is normal', () => {
    const result = validator.validate(gtag(PURCHASE));
    expect(ids(result)).not.toContain('ecom.funnel_order');
    expect(result.notEvaluated).toContainEqual({ ruleId: 'ecom.funnel_order', reason: 'no_history' });
    expect(result.notEvaluated).toContainEqual({ ruleId: 'ecom.duplicate_transaction', reason: 'no_history' });
    const withHistory = validator.validate(gtag(PURCHASE), { history: createInMemoryHistory() });
    expect(withHistory.notEvaluated?.some((n) => n.reason === 'no_history')).toBeFalsy();
  });

  it('lists rules whose tenant fact is not configured', () => {
    const result = validator.validate(gtag());
    expect(result.notEvaluated).toContainEqual({ ruleId: 'gdpr.consent_signal_present', reason: 'no_tenant_fact' });
    expect(createValidator({ facts: { euTraffic: true } }).validate(gtag()).notEvaluated?.map((n) => n.ruleId)).not.toContain('gdpr.consent_signal_present');
  });

  it('checks the 72-hour Measurement Protocol window against the capture time only', () => {
    const old = mp({ timestamp_micros: (NOW - 80 * 3_600_000) * 1000 });
    expect(ids(validator.validate(old))).toContain('sess.mp_timestamp_window');
    delete old.receivedAtMs;
    expect(ids(validator.validate(old))).not.toContain('sess.mp_timestamp_window');
  });
});

describe('treating files or a HAR as one visitor session (offline)', () => {
  const capture = (label: string, req: FileCapture['request']): FileCapture => ({ label, request: req, comments: [] });
  const first = capture('a', gtag(PURCHASE, { at: NOW - 60_000 }));
  const again = capture('b', gtag(PURCHASE, { at: NOW }));

  it('runs history rules across files in session mode, and counts them as not evaluated otherwise', () => {
    const alone = validateCaptureFiles([first, again]);
    expect(alone.results.flatMap((r) => ids(r.result))).not.toContain('ecom.duplicate_transaction');
    expect(alone.notEvaluated.no_history.rules).toContain('ecom.duplicate_transaction');
    expect(alone.notEvaluated.no_history.checks).toBeGreaterThan(0);
    const session = validateCaptureFiles([first, again], {}, { session: true });
    expect(ids(session.results[1]!.result)).toContain('ecom.duplicate_transaction');
    expect(session.notEvaluated.no_history.checks).toBe(0);
  });

  it('takes a raw file\'s "# captured-at:" comment as its capture time', () => {
    const text = `# captured-at: 2023-05-02T16:22:43.743Z\nMETHOD: GET\nURL: https://www.google-analytics.com/g/collect?v=2&tid=G-ABCDEF1234&cid=1.2&sid=1683043778&sct=1&en=page_view&dl=https%3A%2F%2Fa.example%2F`;
    const parsed = parseCaptureFile(text, 'x.txt');
    expect(parsed.ok && parsed.captures[0]?.request.receivedAtMs).toBe(Date.parse('2023-05-02T16:22:43.743Z'));
  });
});

describe("Google's own surface", () => {
  it('accepts tag gateway and first-party sGTM paths as GA4 endpoints', () => {
    for (const [origin, path] of [
      ['https://shop.example.com', '/0fb1/ag/g/c'],
      ['https://shop.example.com', '/metrics/ga/g/c'],
      ['https://sgtm.example.com', '/data'],
    ] as const)
      expect(ids(validator.validate(gtag({}, { origin, path }))), path).not.toContain('basic.endpoint_known');
    expect(ids(validator.validate(gtag({}, { path: '/collect' })))).toContain('basic.endpoint_known');
  });

  it("knows gtag's own parameters from a documented table, and reports unknown ones as information", () => {
    for (const key of ['excid', 'evnid', 'fp', 'ae', 'gap.gtb', 'sst.etld', '_gsid', 'ur']) expect(isGoogleParam(key), key).toBe(true);
    expect(GOOGLE_PARAMS.every((p) => p.source && /^\d{4}-\d{2}-\d{2}$/.test(p.checked))).toBe(true);
    const result = validator.validate(gtag({ excid: '1', evnid: '2', fp: '1', 'gap.gtb': '1', amount: '5' }));
    const unknown = result.issues.filter((i) => i.ruleId === 'basic.gtag_unknown_params');
    expect(unknown.map((i) => i.path)).toEqual(['amount']);
    expect(unknown[0]?.severity).toBe('info');
  });

  it('accepts non-English letters in names, G1-- consent and upper-case gcd letters', () => {
    const r = validator.validate(gtag({ en: 'bestellung_abgeschloßen', 'ep.größe': 'M', gcs: 'G1--', gcd: '13l3l3R3l5l1' }));
    expect(ids(r)).not.toContain('basic.event_name_syntax');
    expect(ids(r)).not.toContain('basic.param_name_syntax');
    expect(ids(r)).not.toContain('gdpr.gcs_format');
    expect(ids(r)).not.toContain('gdpr.gcd_format');
  });

  it('does not call development or staging hosts production (debug mode there is information only)', () => {
    for (const host of ['staging.shop.example.com', 'shop-dev.example.com', 'localhost:3000', 'preview-42.vercel.app'])
      expect(
        validator.validate(gtag({ _dbg: '1', dl: `https://${host}/` })).issues.filter((i) => i.ruleId === 'dq.debug_in_prod').map((i) => i.severity),
        host,
      ).toEqual(['info']);
    expect(ids(validator.validate(gtag({ _dbg: '1' })))).toContain('dq.debug_in_prod');
  });

  it('accepts utm_medium values such as demandgen next to a gclid', () => {
    const r = validator.validate(gtag({ dl: 'https://shop.example.com/?utm_source=google&utm_medium=demandgen&gclid=Cj0K' }));
    expect(r.issues).toEqual([]);
  });
});

describe('one root cause, one finding', () => {
  it('reports a missing session cookie once', () => {
    const r = validator.validate(gtag({ sid: null, sct: null }));
    expect(ids(r)).toContain('sess.sid_present');
    expect(ids(r)).not.toContain('sess.sct_present');
  });

  it('reports a Universal Analytics payload once', () => {
    const r = validator.validate(gtag({ v: '1', t: 'pageview', _v: 'j68', tid: 'UA-123-1', en: null, sid: null }));
    expect(ids(r).filter((id) => id.startsWith('basic.') || id.startsWith('sess.'))).toEqual(['basic.version']);
  });

  it('reports a placeholder value once, not also as a text value', () => {
    const r = validator.validate(gtag({ en: 'begin_checkout', cu: 'USD', 'ep.value': 'NaN', pr1: 'idA~pr38~qt1' }));
    expect(ids(r)).toContain('dq.undefined_values');
    expect(ids(r)).not.toContain('ecom.value_numeric');
  });

  it('keeps dma_flags quiet on ordinary EU hits', () => {
    expect(ids(createValidator({ facts: { euTraffic: true } }).validate(gtag()))).not.toContain('gdpr.dma_flags');
    expect(ids(validator.validate(gtag({ dma: '0', dma_cps: '-' })))).not.toContain('gdpr.dma_flags');
  });
});

describe('the missing checks', () => {
  it('flags placeholder values in any parameter, item field or id', () => {
    for (const v of ['undefined', '{{Product Name}}', '%%order_id%%', '${sku}', 'undefined-ProductsCarousel', '[object Object]'])
      expect(ids(validator.validate(gtag({ 'ep.label': v }))), v).toContain('dq.undefined_values');
    expect(ids(validator.validate(gtag({ en: 'view_item', pr1: 'idnull~nmShirt' })))).toContain('dq.undefined_values');
    expect(ids(validator.validate(gtag({ cid: 'undefined' })))).toContain('dq.undefined_values');
    expect(ids(validator.validate(gtag({ 'ep.label': '' })))).not.toContain('dq.undefined_values');
  });

  it('reports the keys of an item string that did not parse', () => {
    const r = validator.validate(gtag({ en: 'view_item', cu: 'EUR', pr1: 'idSKU~zz9~v4blue' }));
    expect(r.issues.find((i) => i.ruleId === 'ecom.item_malformed')?.message).toMatch(/"zz".*"v4"/);
  });

  it('flags the Measurement Protocol id shapes that cannot join a web session', () => {
    for (const client_id of ['test_123', 'CLIENT_ID', '3f2a9c1e-1b2c-4d5e-8f90-123456789abc', '48211'])
      expect(ids(validator.validate(mp({ client_id }))), client_id).toContain('sess.mp_id_format');
    const ms = mp({ events: [{ name: 'login', params: { session_id: `${SID}000`, engagement_time_msec: 1 } }] });
    expect(validator.validate(ms).issues.find((i) => i.ruleId === 'sess.mp_id_format')?.message).toContain('milliseconds');
    expect(ids(validator.validate(mp()))).not.toContain('sess.mp_id_format');
  });
});

describe('the catalogue', () => {
  it('gives every rule its documentation, the evidence it needs and a confidence', () => {
    for (const r of ruleCatalogue()) {
      expect(r.reference, r.id).toMatch(/^https:\/\//);
      expect(['single_hit', 'history', 'tenant_facts', 'capture_time'], r.id).toContain(r.evidence);
      expect(['high', 'medium', 'low'], r.id).toContain(r.confidence);
      if (r.needsHistory) expect(r.evidence).toBe('history');
    }
    expect(ruleCatalogue().find((r) => r.id === 'sess.sid_plausible')?.evidence).toBe('capture_time');
  });
});
