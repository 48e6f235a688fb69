import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  createValidator,
  decodeRequest,
  parseCaptureFile,
  toDebugValidationResponse,
  type DecodedRequest,
  type FileCapture,
  type ValidationResult,
} from '../../../src/shared/ga4';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HITS = path.join(repoRoot, 'tests/fixtures/ga4/shared-corpus/hits');

/**
 * What each corpus file's comments say. `expect`: rule ids that must be flagged; `forbid`: rule
 * ids that must not be (the file is valid in that respect); `noErrors`: no error-severity issue.
 * Corpus hits are historical, so the clock-based rules (sid_plausible, mp_timestamp_window) are off,
 * and the tenant has EU traffic (most files come from EU sites).
 */
interface Expectation {
  expect?: string[];
  forbid?: string[];
  noErrors?: boolean;
  check?: (decoded: DecodedRequest, result: ValidationResult) => void;
}

const ECOM_ALL = (r: ValidationResult) => r.issues.filter((i) => i.family === 'ecommerce');

const EXPECTATIONS: Record<string, Expectation> = {
  '01_page_view_consent_granted_utm_gclid.txt': {
    noErrors: true,
    check: (d) => {
      const ev = d.events[0];
      expect(ev?.page.utm).toMatchObject({ source: 'google', medium: 'demandgen', campaign: 'demandgenprodukte' });
      expect(ev?.page.gclid).toBe('Cj0KCQjwlrvBBhDnARIsAHEQgOSQ');
      expect(ev?.consent.signals?.ad_user_data).toMatchObject({ default: 'denied', update: 'granted', effective: 'granted' });
      expect(ev?.other['sst.etld']).toBe('google.de');
      expect(ev?.device.brands.map((b) => b.brand)).toEqual(['Chromium', 'Google Chrome', 'Not.A/Brand']);
    },
  },
  '02_add_to_cart_items_conversion.txt': {
    noErrors: true,
    forbid: ['ecom.value_matches_items', 'ecom.item_price_numeric'],
    check: (d) => {
      expect(d.events[0]?.conversion).toBe(true);
      expect(d.events[0]?.items[0]).toMatchObject({ item_id: 'SKU_12345', item_category5: 'Short sleeve', price: 10.01, quantity: 3, discount: 2.22 });
    },
  },
  '03_select_item_items.txt': { expect: ['ecom.list_consistency'] },
  '05_add_to_cart_consent_denied.txt': {
    noErrors: true,
    forbid: ['gdpr.npa_matches_ad_personalization', 'gdpr.denied_hit_no_uid', 'gdpr.gcs_gcd_consistent'],
    check: (d) => expect(d.events[0]?.consent.gcsAnalyticsStorage).toBe('denied'),
  },
  // _dbg=1 with dr=tagassistant.google.com: one root cause (a Tag Assistant session), reported once.
  '06_remove_from_cart_debug_no_gcs.txt': { expect: ['dq.preview_traffic', 'gdpr.consent_mode_v2_present'], forbid: ['dq.debug_in_prod'] },
  '07_page_view_real_shop_homemade_ch.txt': {
    expect: ['gdpr.consent_mode_v2_present'],
    check: (d) => expect(d.events[0]?.page.query.id).toBe('900047100'),
  },
  '08_add_to_cart_sgtm_sst_params_debug.txt': { expect: ['dq.preview_traffic'], forbid: ['ecom.value_matches_items', 'dq.debug_in_prod'] },
  '09_mp_json_toplevel_session_fields_nonstandard.txt': {
    // Session fields at the top level: one root cause, reported by the schema rule only.
    expect: ['basic.mp_json_schema', 'dq.debug_in_prod'],
    forbid: ['sess.mp_session_fields'],
    check: (d) => {
      expect(d.format).toBe('mp');
      expect(d.mp?.unknownTopLevelKeys.sort()).toEqual(['debug_mode', 'engagement_time_msec', 'session_id']);
    },
  },
  '11_scroll_percent_scrolled.txt': {
    forbid: ['sess.engagement_time_bounds', 'basic.epn_numeric'],
    check: (d) => expect(d.events[0]?.params.percent_scrolled).toBe(90),
  },
  '12_user_engagement.txt': { forbid: ['sess.engagement_time_bounds', 'sess.mp_session_fields'] },
  '13_malformed_tid_numeric_minimal.txt': { expect: ['basic.tid_format', 'sess.sid_present'] },
  '15_appweb_post_page_view_plus_scroll_space_separated.txt': {
    expect: ['basic.request_decodable'],
    check: (d) => expect(d.events.map((e) => e.name)).toEqual(['page_view', 'scroll']),
  },
  '16_page_view_v2_2019_style.txt': { forbid: ['basic.version', 'basic.tid_format', 'basic.cid_present', 'basic.en_present', 'sess.sid_present'] },
  // A Universal Analytics payload is one root cause: basic.version says so once.
  '17_malformed_ua_v1_payload_on_g_collect.txt': { expect: ['basic.version'], forbid: ['basic.tid_format', 'basic.en_present', 'sess.sid_present', 'sess.sct_present'] },
  '18_page_view_first_visit_fv_nsi_ss_headless.txt': {
    expect: ['dq.bot_ua'],
    forbid: ['sess.fv_implies_sct1', 'sess.sid_plausible'],
    check: (d) => expect(d.events[0]?.session).toMatchObject({ firstVisit: true, newSessionId: true, sessionStart: true }),
  },
  '19_page_view_first_visit_second_page_headless.txt': { expect: ['dq.bot_ua'], forbid: ['sess.fv_implies_sct1'] },
  '20_page_view_ga_ui_appweb_2019.txt': {
    forbid: ['basic.tid_format', 'basic.cid_present', 'basic.en_present', 'basic.param_name_syntax'],
    check: (d) => expect(d.events[0]?.params.page_path).toBe('/analytics/web/report/visitors-legacy-user-id/'),
  },
  '22_consent_denied_ping_npa_dma.txt': {
    forbid: ['gdpr.npa_matches_ad_personalization', 'gdpr.gcs_gcd_consistent', 'gdpr.gcd_format', 'gdpr.denied_default_in_eu'],
    check: (d) => {
      const s = d.events[0]?.consent.signals;
      expect(s && Object.values(s).map((x) => x.effective)).toEqual(['denied', 'denied', 'denied', 'denied']);
    },
  },
  '23_consent_granted_ping_region1_no_en.txt': { expect: ['basic.en_present', 'basic.cid_present'] },
  '24_consent_all_granted_default_gcd_v.txt': {
    expect: ['basic.version', 'basic.tid_format', 'basic.cid_present', 'basic.en_present', 'gdpr.denied_default_in_eu'],
  },
  '25_malformed_missing_tid.txt': { expect: ['basic.tid_format'] },
  '26_batch_crlf_custom_item_param_k0_v0.txt': {
    // A currency without a value is not a GA4 error; the item without a price is.
    expect: ['ecom.item_price_numeric'],
    forbid: ['ecom.currency_with_value'],
    check: (d) => {
      expect(d.events.map((e) => e.name)).toEqual(['view_item', 'add_to_cart']);
      expect(d.events.map((e) => e.currency)).toEqual(['USD', 'USD']);
      expect(d.events[0]?.items[0]?.color).toBe('red');
    },
  },
  '27_sgtm_batch_currency_as_ep_param.txt': { expect: ['ecom.items_required', 'ecom.currency_with_value'] },
  '29_purchase_txn_only_no_items.txt': {
    expect: ['ecom.items_required', 'ecom.purchase_value', 'basic.cid_present'],
    forbid: ['ecom.purchase_transaction_id'],
  },
  '30_purchase_complete_valid_minimal.txt': {
    expect: ['basic.cid_present'],
    check: (_d, r) => expect(ECOM_ALL(r)).toEqual([]),
  },
  '31_purchase_mock_no_cid_no_txn.txt': { expect: ['ecom.purchase_transaction_id', 'ecom.purchase_value', 'basic.cid_present'] },
  '32_sgtm_nonstandard_params_lowercase_currency.txt': {
    expect: ['basic.gtag_unknown_params', 'basic.cid_format', 'ecom.purchase_transaction_id', 'ecom.items_required'],
    check: (d) => expect(d.events[0]?.other.currency).toBe('eur'),
  },
  '33_real_params_list_and_batch_body_issue.txt': {
    forbid: ['basic.request_decodable', 'basic.gtag_unknown_params', 'basic.tid_format'],
    check: (d) => {
      expect(d.events.map((e) => e.name)).toEqual(['page_view', 'scroll']);
      expect(d.events[0]?.session.externalEvent).toBe(true);
      expect(d.events[1]?.session.engagementTimeMsec).toBe('8');
    },
  },
  '34_mp_json_login_docs.txt': { forbid: ['sess.mp_session_fields', 'basic.mp_json_schema', 'basic.mp_strict_json'] },
  '35_mp_json_campaign_details_docs.txt': {
    // Google's own example sends engagement_time_msec as the string "100": accepted.
    forbid: ['attr.campaign_params_mp', 'sess.mp_session_fields'],
    check: (d) => expect(d.events[0]?.campaign).toMatchObject({ campaign_source: 'google', campaign_medium: 'cpc' }),
  },
  '36_mp_debug_bad_event_name_docs.txt': {
    expect: ['basic.event_name_syntax'],
    check: (_d, r) => {
      const debug = toDebugValidationResponse(r);
      expect(debug.validationMessages).toContainEqual({
        fieldPath: 'events',
        description: 'Event at index: [0] has invalid name [_badEventName]. Names must start with an alphabetic character.',
        validationCode: 'NAME_INVALID',
      });
    },
  },
  '38_mp_params_fragment_purchase_valid.txt': {},
};

const validator = createValidator({
  facts: { euTraffic: true },
  rules: { 'sess.sid_plausible': { enabled: false }, 'sess.mp_timestamp_window': { enabled: false } },
});

function load(file: string): FileCapture {
  const parsed = parseCaptureFile(readFileSync(path.join(HITS, file), 'utf8'), file);
  if (!parsed.ok) throw new Error(parsed.error);
  const capture = parsed.captures[0];
  if (!capture) throw new Error(`${file}: no request`);
  return capture;
}

const files = readdirSync(HITS).filter((f) => f.endsWith('.txt')).sort();

describe('GA4 corpus', () => {
  it('has an expectation for every corpus file', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => !(f in EXPECTATIONS))).toEqual([]);
  });

  describe.each(files)('%s', (file) => {
    it('decodes without throwing and matches the expectations of its comments', () => {
      const capture = load(file);
      const decoded = decodeRequest(capture.request);
      const result = validator.validate(capture.request);
      const exp = EXPECTATIONS[file] ?? {};
      const ids = new Set(result.issues.map((i) => i.ruleId));
      for (const id of exp.expect ?? []) expect(ids, `${file} should be flagged by ${id}`).toContain(id);
      for (const id of exp.forbid ?? []) expect(ids, `${file} should not be flagged by ${id}`).not.toContain(id);
      if (exp.noErrors) expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
      if (exp.check) {
        expect(decoded.ok).toBe(true);
        if (decoded.ok) exp.check(decoded.request, result);
      }
    });
  });

  it('validates the Event Builder purchase params fragment (38) as a valid purchase', () => {
    const capture = load('38_mp_params_fragment_purchase_valid.txt');
    // The file holds only events[].params, as a JS object literal: wrap it as a purchase event.
    const body = `{"client_id":"123.456","events":[{"name":"purchase","params":${String(capture.request.body).replace(/'/g, '"')}}]}`;
    const result = validator.validate({ method: 'POST', url: 'https://www.google-analytics.com/mp/collect?measurement_id=G-ABCDEF1234&api_secret=x', body });
    expect(result.events[0]?.items).toEqual([{ item_id: '1234' }]);
    // Valid for Google: no error. (Tracklint still warns that the item has no price.)
    expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(result.issues.map((i) => i.ruleId)).not.toContain('ecom.purchase_transaction_id');
  });
});
