import type { DecodedEvent } from '../types';

/** The event fields a rule may read besides `index`, `name` and `params` (those have their own entries). */
export type EventField = Exclude<keyof DecodedEvent, 'index' | 'name' | 'params'>;

/**
 * What a rule reads of each event of a hit, whether through its `ev` argument, `ctx.req.events`,
 * `ctx.consents` or `ctx.pages`. Request-level fields (ids, query, user agent, the MP envelope)
 * are not listed: the decoder reads them from the wire for every hit anyway.
 */
export interface RuleReads {
  /** The parameters read by name, or `any`: the rule lists them (for-in, keysOf) and may read any. */
  params: readonly string[] | 'any';
  /** The other event fields read. */
  fields: readonly EventField[];
}

/**
 * Every built-in rule's reads. The engine's plan keys rules by event name and by the parameters
 * they need (Rule.onlyWithParams, which must be among the params listed here); the lazy parts of
 * the decoded model are built only when a listed field is read.
 * tests/unit/ga4/rule-reads.test.ts runs every rule alone over both corpora and every rule
 * fixture with the model wrapped in recording proxies, and fails when a rule reads a field or a
 * parameter it does not list here: add it here with the rule.
 */
export const RULE_READS: Readonly<Record<string, RuleReads>> = {
  'basic.request_decodable': { params: [], fields: [] },
  'basic.endpoint_known': { params: [], fields: [] },
  'basic.version': { params: [], fields: ['other'] },
  'basic.tid_format': { params: [], fields: [] },
  'basic.tid_expected': { params: [], fields: [] },
  'basic.cid_present': { params: [], fields: [] },
  'basic.cid_format': { params: [], fields: [] },
  'basic.en_present': { params: [], fields: [] },
  'basic.event_name_syntax': { params: [], fields: [] },
  'basic.param_name_syntax': { params: 'any', fields: ['userProperties'] },
  'basic.param_name_duplicated': { params: [], fields: ['duplicateParams'] },
  'basic.param_value_length': { params: 'any', fields: ['page', 'userProperties'] },
  'basic.param_count': { params: 'any', fields: ['userProperties'] },
  'basic.mp_event_count': { params: [], fields: [] },
  'basic.mp_json_schema': { params: [], fields: [] },
  'basic.epn_numeric': { params: 'any', fields: ['line', 'paramKinds', 'session', 'userProperties'] },
  'basic.mp_strict_json': { params: [], fields: [] },
  'basic.page_host_allowed': { params: [], fields: ['page'] },
  'basic.gtag_unknown_params': { params: [], fields: ['line', 'other'] },
  'gdpr.consent_signal_present': { params: [], fields: ['consent'] },
  'gdpr.consent_mode_v2_present': { params: [], fields: ['consent'] },
  'gdpr.gcs_format': { params: [], fields: ['consent'] },
  'gdpr.gcd_format': { params: [], fields: ['consent'] },
  'gdpr.gcs_gcd_consistent': { params: [], fields: ['consent'] },
  'gdpr.denied_default_in_eu': { params: [], fields: ['consent'] },
  'gdpr.denied_hit_no_uid': { params: [], fields: ['consent'] },
  'gdpr.denied_hit_no_user_props': { params: [], fields: ['consent', 'userProperties'] },
  'gdpr.npa_matches_ad_personalization': { params: [], fields: ['consent'] },
  'gdpr.mp_consent_values': { params: [], fields: [] },
  'gdpr.mp_consent_present_eu': { params: [], fields: [] },
  'gdpr.dma_flags': { params: [], fields: ['consent'] },
  'gdpr.consent_flapping': { params: [], fields: ['consent'] },
  'gdpr.consent_before_update': { params: [], fields: ['consent', 'session'] },
  'gdpr.tcf_string_valid': { params: [], fields: ['consent'] },
  'ecom.purchase_transaction_id': { params: ['transaction_id'], fields: [] },
  'ecom.purchase_value': { params: ['value'], fields: [] },
  'ecom.value_numeric': { params: ['value'], fields: ['paramKinds'] },
  'ecom.currency_with_value': { params: ['value'], fields: ['currency', 'items'] },
  'ecom.currency_iso4217': { params: [], fields: ['currency'] },
  'ecom.items_required': { params: [], fields: ['items'] },
  'ecom.item_id_or_name': { params: [], fields: ['items'] },
  'ecom.item_price_numeric': { params: [], fields: ['items'] },
  'ecom.item_quantity_positive_int': { params: [], fields: ['items'] },
  'ecom.item_param_length': { params: [], fields: ['items'] },
  'ecom.value_matches_items': { params: ['shipping', 'tax', 'value'], fields: ['items'] },
  'ecom.value_non_negative': { params: ['value'], fields: [] },
  'ecom.tax_shipping_numeric': { params: ['shipping', 'tax'], fields: ['paramKinds'] },
  'ecom.search_term': { params: ['search_term'], fields: [] },
  'ecom.list_consistency': { params: ['item_list_id', 'item_list_name'], fields: ['items'] },
  'ecom.promotion_fields': { params: ['promotion_id', 'promotion_name'], fields: ['items'] },
  'ecom.item_malformed': { params: [], fields: ['itemKeys', 'items'] },
  'ecom.duplicate_transaction': { params: ['transaction_id'], fields: [] },
  'ecom.funnel_order': { params: [], fields: ['session'] },
  'ecom.zero_value_purchase': { params: ['value'], fields: [] },
  'sess.sid_present': { params: [], fields: ['session'] },
  'sess.sct_present': { params: [], fields: ['session'] },
  'sess.seg_binary': { params: [], fields: ['session'] },
  'sess.sid_plausible': { params: [], fields: ['session'] },
  'sess.fv_implies_sct1': { params: [], fields: ['session'] },
  'sess.session_start_once': { params: [], fields: ['session'] },
  'sess.sid_regression': { params: [], fields: ['session'] },
  'sess.hit_counter_monotonic': { params: [], fields: ['session'] },
  'sess.engagement_time_bounds': { params: [], fields: ['session'] },
  'sess.mp_session_fields': { params: ['engagement_time_msec', 'session_id'], fields: [] },
  'sess.mp_timestamp_window': { params: [], fields: [] },
  'sess.mp_id_format': { params: ['session_id'], fields: [] },
  'sess.page_view_location': { params: ['page_location'], fields: ['page'] },
  'sess.landing_page_view': { params: [], fields: ['session'] },
  'attr.utm_complete': { params: [], fields: ['page'] },
  'attr.utm_lowercase': { params: [], fields: ['page'] },
  'attr.self_referral': { params: [], fields: ['page', 'session'] },
  'attr.referrer_loss': { params: [], fields: ['page', 'session'] },
  'attr.cross_domain_linker': { params: [], fields: ['other', 'page'] },
  'attr.campaign_params_mp': { params: ['medium', 'source'], fields: [] },
  'dq.pii_email': { params: 'any', fields: ['items', 'page', 'userProperties'] },
  'dq.pii_phone': { params: 'any', fields: ['page'] },
  'dq.pii_query_keys': { params: [], fields: ['page'] },
  'dq.reserved_event_name': { params: [], fields: [] },
  'dq.reserved_prefix': { params: 'any', fields: ['userProperties'] },
  'dq.event_name_case': { params: [], fields: [] },
  'dq.undefined_values': { params: 'any', fields: ['items', 'page', 'userProperties'] },
  'dq.debug_in_prod': { params: [], fields: ['debugMode', 'page'] },
  'dq.bot_ua': { params: [], fields: ['device'] },
  'dq.debug_mode_false': { params: ['debug_mode'], fields: [] },
  'dq.preview_traffic': { params: [], fields: ['page'] },
  'dq.language_tag': { params: [], fields: ['device', 'page'] },
  'dq.duplicate_event_in_batch': { params: [], fields: ['line'] },
  'dq.reserved_param_name': { params: 'any', fields: ['paramKinds'] },
  'dq.duplicate_hit': { params: [], fields: ['session'] },
};
