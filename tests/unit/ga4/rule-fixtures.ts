import type { CapturedRequest, TenantFacts } from '../../../src/shared/ga4';
import { BASE, NOW, PURCHASE, SID, gtag, mp, mpEvent } from './helpers';

export interface RuleCase {
  req: CapturedRequest;
  /** Requests validated first, with the same history (history-based rules). */
  before?: CapturedRequest[];
  facts?: TenantFacts;
}

export interface RuleFixture {
  id: string;
  fail: RuleCase;
  pass: RuleCase;
}

const c = (req: CapturedRequest, before?: CapturedRequest[]): RuleCase => (before ? { req, before } : { req });
const at = (ms: number) => ({ at: ms });
const DENIED = { gcs: 'G100', gcd: '13p3p3p2p5l1', npa: '1' };


export const RULE_FIXTURES: RuleFixture[] = [
  // ---- basic ----
  { id: 'basic.request_decodable', fail: c(gtag({}, { rawQuery: '&ep.note=%E0%A4%A' })), pass: c(gtag({ 'ep.note': 'ok' })) },
  // The tag gateway's /<prefix>/ag/g/c path is a GA4 endpoint; /collect (Universal Analytics) is not.
  { id: 'basic.endpoint_known', fail: c(gtag({}, { path: '/collect' })), pass: c(gtag({}, { origin: 'https://shop.example.com', path: '/0fb1/ag/g/c' })) },
  { id: 'basic.version', fail: c(gtag({ v: '1' })), pass: c(gtag()) },
  { id: 'basic.tid_format', fail: c(gtag({ tid: 'AW-1234567' })), pass: c(gtag()) },
  { id: 'basic.tid_expected', fail: c(gtag({ tid: 'G-OTHER9999' })), pass: c(gtag()) },
  { id: 'basic.cid_present', fail: c(gtag({ cid: null })), pass: c(gtag()) },
  { id: 'basic.cid_format', fail: c(gtag({ cid: 'johndoe' })), pass: c(gtag()) },
  { id: 'basic.en_present', fail: c(gtag({ en: null })), pass: c(gtag()) },
  { id: 'basic.event_name_syntax', fail: c(gtag({ en: '1st-event' })), pass: c(gtag({ en: 'first_event' })) },
  { id: 'basic.param_name_syntax', fail: c(gtag({ 'ep.bad-name': 'x' })), pass: c(gtag({ 'ep.good_name': 'x' })) },
  { id: 'basic.param_name_duplicated', fail: c(gtag({ 'ep.value': '20', 'epn.value': '20', cu: 'EUR' })), pass: c(gtag({ 'epn.value': '20', cu: 'EUR' })) },
  { id: 'basic.param_value_length', fail: c(gtag({ 'ep.note': 'x'.repeat(101) })), pass: c(gtag({ 'ep.note': 'x'.repeat(100) })) },
  {
    id: 'basic.param_count',
    fail: c(gtag(Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`ep.p${i}`, 'v'])))),
    pass: c(gtag(Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`ep.p${i}`, 'v'])))),
  },
  { id: 'basic.mp_event_count', fail: c(mp({ events: [] })), pass: c(mp()) },
  { id: 'basic.mp_json_schema', fail: c(mp({ session_id: SID })), pass: c(mp()) },
  { id: 'basic.epn_numeric', fail: c(gtag({ 'epn.percent': 'NaN' })), pass: c(gtag({ 'epn.percent': '90' })) },
  {
    id: 'basic.mp_strict_json',
    fail: c(mp({}, { rawBody: `{client_id: '1.2', timestamp_micros: ${(NOW - 1000) * 1000}, events: [{name: 'login', params: {session_id: '${SID}', engagement_time_msec: 1,},}],}` })),
    pass: c(mp()),
  },
  { id: 'basic.page_host_allowed', fail: c(gtag({ dl: 'https://copycat.example.org/' })), pass: c(gtag()) },
  { id: 'basic.gtag_unknown_params', fail: c(gtag({ amount: '100' })), pass: c(gtag({ 'epn.amount': '100' })) },

  // ---- gdpr ----
  { id: 'gdpr.consent_signal_present', fail: c(gtag({ gcs: null, gcd: null })), pass: c(gtag()) },
  { id: 'gdpr.consent_mode_v2_present', fail: c(gtag({ gcd: '13r3r3l3l5' })), pass: c(gtag()) },
  { id: 'gdpr.gcs_format', fail: c(gtag({ gcs: 'G1X1' })), pass: c(gtag()) },
  { id: 'gdpr.gcd_format', fail: c(gtag({ gcd: '13a3r3r2r5' })), pass: c(gtag()) },
  { id: 'gdpr.gcs_gcd_consistent', fail: c(gtag({ gcd: '13q3q3r2r5' })), pass: c(gtag()) },
  { id: 'gdpr.denied_default_in_eu', fail: c(gtag({ gcd: '13v3v3v3v5' })), pass: c(gtag()) },
  { id: 'gdpr.denied_hit_no_uid', fail: c(gtag({ ...DENIED, uid: 'cust_42' })), pass: c(gtag({ ...DENIED })) },
  { id: 'gdpr.denied_hit_no_user_props', fail: c(gtag({ ...DENIED, 'up.tier': 'gold' })), pass: c(gtag({ 'up.tier': 'gold' })) },
  { id: 'gdpr.npa_matches_ad_personalization', fail: c(gtag({ ...DENIED, npa: '0' })), pass: c(gtag({ ...DENIED })) },
  { id: 'gdpr.mp_consent_values', fail: c(mp({ consent: { ad_user_data: 'granted', ad_personalization: 'GRANTED' } })), pass: c(mp()) },
  { id: 'gdpr.mp_consent_present_eu', fail: c(mp({ consent: undefined })), pass: c(mp()) },
  // Only contradictions: dma=1 without purposes. dma=0 (or no dma at all) is not a finding.
  { id: 'gdpr.dma_flags', fail: c(gtag({ dma: '1', dma_cps: null })), pass: c(gtag({ dma: '0', dma_cps: null })) },
  {
    id: 'gdpr.consent_flapping',
    fail: c(gtag({ gcs: 'G111' }), [
      gtag({ gcs: 'G111' }, at(NOW - 50_000)),
      gtag({ gcs: 'G100' }, at(NOW - 40_000)),
      gtag({ gcs: 'G111' }, at(NOW - 30_000)),
      gtag({ gcs: 'G100' }, at(NOW - 20_000)),
    ]),
    pass: c(gtag({ gcs: 'G111' }), [gtag({ gcs: 'G111' }, at(NOW - 30_000)), gtag({ gcs: 'G100' }, at(NOW - 20_000))]),
  },
  {
    id: 'gdpr.consent_before_update',
    fail: c(gtag({ gcs: 'G111', gcd: '13t3t3t2t5l1' }), [gtag({ ...DENIED }, at(NOW - 20_000))]),
    pass: c(gtag({ gcs: 'G111', gcd: '13r3r3r2r5l1' }), [gtag({ ...DENIED }, at(NOW - 20_000))]),
  },
  {
    id: 'gdpr.tcf_string_valid',
    fail: c(gtag({ gdpr: '1' })),
    pass: c(gtag({ gdpr: '1', gdpr_consent: 'CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA' })),
  },

  // ---- e-commerce ----
  { id: 'ecom.purchase_transaction_id', fail: c(gtag({ ...PURCHASE, 'ep.transaction_id': null })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.purchase_value', fail: c(gtag({ ...PURCHASE, 'epn.value': null, cu: null })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.value_numeric', fail: c(gtag({ en: 'generate_lead', cu: 'EUR', 'ep.value': '20' })), pass: c(gtag({ en: 'generate_lead', cu: 'EUR', 'epn.value': '20' })) },
  {
    id: 'ecom.item_malformed',
    fail: c(gtag({ en: 'view_item', cu: 'EUR', 'epn.value': '10', pr1: 'idSKU1~nmShirt~pr10~xx5~v3red' })),
    pass: c(gtag({ en: 'view_item', cu: 'EUR', 'epn.value': '10', pr1: 'idSKU1~nmShirt~pr10~k3color~v3red' })),
  },
  // A list view with prices needs no currency (the event has no value parameter); a cart event does.
  { id: 'ecom.currency_with_value', fail: c(gtag({ en: 'add_to_cart', pr1: 'idSKU1~nmShirt~pr10' })), pass: c(gtag({ en: 'view_item_list', pr1: 'idSKU1~nmShirt~pr10' })) },
  { id: 'ecom.currency_iso4217', fail: c(gtag({ ...PURCHASE, cu: 'eur' })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.items_required', fail: c(gtag({ ...PURCHASE, pr1: null })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.item_id_or_name', fail: c(gtag({ ...PURCHASE, pr1: 'pr10~qt2' })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.item_price_numeric', fail: c(gtag({ ...PURCHASE, pr1: 'idSKU1~nmShirt~prten~qt2' })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.item_quantity_positive_int', fail: c(gtag({ ...PURCHASE, pr1: 'idSKU1~nmShirt~pr10~qt1.5' })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.item_param_length', fail: c(gtag({ ...PURCHASE, pr1: `idSKU1~nm${'x'.repeat(101)}~pr10~qt2` })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.value_matches_items', fail: c(gtag({ ...PURCHASE, 'epn.value': '25' })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.value_non_negative', fail: c(gtag({ ...PURCHASE, 'epn.value': '-20' })), pass: c(gtag(PURCHASE)) },
  { id: 'ecom.tax_shipping_numeric', fail: c(gtag({ ...PURCHASE, 'epn.tax': '-1' })), pass: c(gtag({ ...PURCHASE, 'epn.tax': '2' })) },
  { id: 'ecom.search_term', fail: c(gtag({ en: 'search' })), pass: c(gtag({ en: 'search', 'ep.search_term': 'shirts' })) },
  {
    id: 'ecom.list_consistency',
    fail: c(gtag({ en: 'select_item', 'ep.item_list_name': 'Related products', pr1: 'idA~nmShirt~lnRelated Products' })),
    pass: c(gtag({ en: 'select_item', 'ep.item_list_name': 'Related products', pr1: 'idA~nmShirt~lnRelated products' })),
  },
  {
    id: 'ecom.promotion_fields',
    fail: c(gtag({ en: 'view_promotion', pr1: 'idA~nmShirt' })),
    pass: c(gtag({ en: 'view_promotion', pr1: 'idA~nmShirt', 'ep.promotion_id': 'SUMMER' })),
  },
  {
    id: 'ecom.duplicate_transaction',
    fail: c(gtag(PURCHASE), [gtag(PURCHASE, at(NOW - 3_600_000))]),
    pass: c(gtag({ ...PURCHASE, 'ep.transaction_id': 'T2' }), [gtag(PURCHASE, at(NOW - 3_600_000))]),
  },

  {
    id: 'ecom.funnel_order',
    fail: c(gtag(PURCHASE)),
    pass: c(gtag(PURCHASE), [gtag({ en: 'add_to_cart', cu: 'EUR', 'epn.value': '20', pr1: 'idSKU1~nmShirt~pr10~qt2' }, at(NOW - 60_000))]),
  },
  { id: 'ecom.zero_value_purchase', fail: c(gtag({ ...PURCHASE, 'epn.value': '0' })), pass: c(gtag(PURCHASE)) },

  // ---- session & attribution ----
  { id: 'sess.sid_present', fail: c(gtag({ sid: null })), pass: c(gtag()) },
  { id: 'sess.sct_present', fail: c(gtag({ sct: null })), pass: c(gtag()) },
  { id: 'sess.seg_binary', fail: c(gtag({ seg: '2' })), pass: c(gtag()) },
  { id: 'sess.sid_plausible', fail: c(gtag({ sid: String(Math.floor(NOW / 1000) - 9 * 3600) })), pass: c(gtag()) },
  { id: 'sess.fv_implies_sct1', fail: c(gtag({ _fv: '1', sct: '3' })), pass: c(gtag({ _fv: '1', sct: '1' })) },
  {
    id: 'sess.session_start_once',
    fail: c(gtag({ _ss: '1', seg: '0', _s: '1' }), [gtag({ _ss: '1', seg: '0', _s: '1', _p: '1780314000000' }, at(NOW - 60_000))]),
    pass: c(gtag({ _ss: '1', seg: '0', _s: '1' }), [gtag({ _ss: '1', seg: '0', _s: '1', sid: String(Number(SID) - 7200) }, at(NOW - 60_000))]),
  },
  {
    id: 'sess.sid_regression',
    fail: c(gtag({ sct: '4' }), [gtag({ sct: '5' }, at(NOW - 60_000))]),
    pass: c(gtag({ sct: '5' }), [gtag({ sct: '4' }, at(NOW - 60_000))]),
  },
  {
    id: 'sess.hit_counter_monotonic',
    fail: c(gtag({ _s: '3' }), [gtag({ _s: '5' }, at(NOW - 5_000))]),
    pass: c(gtag({ _s: '6' }), [gtag({ _s: '5' }, at(NOW - 5_000))]),
  },
  {
    id: 'sess.mp_id_format',
    fail: c(mp({ client_id: 'order_48211', events: [{ name: 'purchase_offline', params: { session_id: String(Number(SID) * 1000), engagement_time_msec: 1 } }] })),
    pass: c(mp()),
  },
  { id: 'sess.page_view_location', fail: c(gtag({ dl: null })), pass: c(gtag()) },
  {
    id: 'sess.landing_page_view',
    fail: c(gtag({ en: 'view_item', sid: String(Number(SID) + 1), pr1: 'idSKU1~nmShirt', cu: 'EUR' })),
    pass: c(gtag({ en: 'view_item', pr1: 'idSKU1~nmShirt', cu: 'EUR' }), [gtag({}, at(NOW - 5_000))]),
  },
  { id: 'sess.engagement_time_bounds', fail: c(gtag({ _et: '4000000' })), pass: c(gtag({ _et: '1500' })) },
  {
    id: 'sess.mp_session_fields',
    fail: c(mp({ events: [{ name: 'login', params: { method: 'Google' } }] })),
    pass: c(mp()),
  },
  { id: 'sess.mp_timestamp_window', fail: c(mp({ timestamp_micros: (NOW - 80 * 3_600_000) * 1000 })), pass: c(mp()) },
  {
    id: 'attr.utm_complete',
    fail: c(gtag({ dl: 'https://shop.example.com/?utm_source=news' })),
    pass: c(gtag({ dl: 'https://shop.example.com/?utm_source=news&utm_medium=email' })),
  },
  {
    id: 'attr.utm_lowercase',
    fail: c(gtag({ dl: 'https://shop.example.com/?utm_source=Newsletter&utm_medium=email' })),
    pass: c(gtag({ dl: 'https://shop.example.com/?utm_source=newsletter&utm_medium=email' })),
  },

  {
    id: 'attr.self_referral',
    fail: c(gtag({ _ss: '1', seg: '0', _s: '1', dr: 'https://shop.example.com/cart' })),
    pass: c(gtag({ _ss: '1', seg: '0', _s: '1', dr: 'https://www.google.com/' })),
  },
  {
    id: 'attr.referrer_loss',
    fail: c(gtag({ _s: '3', dr: 'https://www.paypal.com/checkoutnow' }), [gtag({}, at(NOW - 120_000))]),
    pass: c(gtag({ _s: '3', dr: 'https://shop.example.com/cart' }), [gtag({}, at(NOW - 120_000))]),
  },
  {
    id: 'attr.cross_domain_linker',
    fail: c(gtag({ dl: 'https://shop.example.com/?_gl=1*abc*_ga*MTIz' })),
    pass: c(gtag({ dl: 'https://shop.example.com/?_gl=1*abc*_ga*MTIz', _glv: '1' })),
  },
  {
    id: 'attr.campaign_params_mp',
    fail: c(mp({ events: [mpEvent('campaign_details', { campaign: 'summer', source: 'google' })] })),
    pass: c(mp({ events: [mpEvent('campaign_details', { campaign: 'summer', source: 'google', medium: 'cpc' })] })),
  },

  // ---- data quality ----
  { id: 'dq.pii_email', fail: c(gtag({ 'ep.contact': 'john.doe@example.com' })), pass: c(gtag({ 'ep.contact': 'john doe' })) },
  { id: 'dq.pii_phone', fail: c(gtag({ dl: 'https://shop.example.com/thanks?phone=0049301234567' })), pass: c(gtag({ dl: 'https://shop.example.com/thanks?page=2' })) },
  { id: 'dq.pii_query_keys', fail: c(gtag({ dl: 'https://shop.example.com/thanks?firstname=John' })), pass: c(gtag({ dl: 'https://shop.example.com/thanks?ref=home' })) },
  { id: 'dq.reserved_event_name', fail: c(gtag({ en: 'session_start' })), pass: c(gtag({ en: 'user_engagement' })) },
  { id: 'dq.reserved_prefix', fail: c(gtag({ 'ep.ga_source': 'x' })), pass: c(gtag({ 'ep.source_x': 'x' })) },
  { id: 'dq.event_name_case', fail: c(gtag({ en: 'Page_View' })), pass: c(gtag({ en: 'page_view' })) },
  { id: 'dq.undefined_values', fail: c(gtag({ 'ep.category': 'undefined' })), pass: c(gtag({ 'ep.category': 'shirts' })) },
  // On a staging host debug mode is information only (missing-checks.test.ts); production without it passes.
  { id: 'dq.debug_in_prod', fail: c(gtag({ _dbg: '1' })), pass: c(gtag({})) },
  {
    id: 'dq.bot_ua',
    fail: c(gtag({ uafvl: 'HeadlessChrome;141.0.7390.37|Chromium;141.0.7390.37' })),
    pass: c(gtag()),
  },
  {
    id: 'dq.debug_mode_false',
    fail: c(gtag({ 'ep.debug_mode': 'false' })),
    pass: c(gtag()),
  },
  { id: 'dq.preview_traffic', fail: c(gtag({ dl: 'https://shop.example.com/?gtm_debug=1747981544829' })), pass: c(gtag()) },
  { id: 'dq.language_tag', fail: c(gtag({ ul: 'English (US)' })), pass: c(gtag({ ul: 'es-419' })) },
  {
    id: 'dq.duplicate_event_in_batch',
    fail: c(gtag({ en: null }, { body: ['en=view_item_list&pr1=idA&_et=5', 'en=view_item_list&pr1=idA&_et=9'] })),
    pass: c(gtag({ en: null }, { body: ['en=view_item_list&pr1=idA&_et=5', 'en=view_item_list&pr1=idB&_et=9'] })),
  },
  { id: 'dq.reserved_param_name', fail: c(gtag({ 'ep.session_id': '123' })), pass: c(gtag({ 'ep.visit_ref': '123' })) },
  {
    id: 'dq.duplicate_hit',
    fail: c(gtag(), [gtag({}, at(NOW - 1_000))]),
    pass: c(gtag(), [gtag({}, at(NOW - 10_000))]),
  },

];

export { BASE };
