import type { RuleConfidence } from './types';

/**
 * How often an expert agrees with each rule's findings, judged on the two corpora in
 * tests/fixtures/ga4 (issue 9). "high" is the default; rules listed here rest on a heuristic or
 * an undocumented Google behaviour, and their findings deserve a second look.
 */
export const RULE_CONFIDENCE: Readonly<Record<string, RuleConfidence>> = {
  'basic.cid_format': 'medium',
  'basic.page_host_allowed': 'medium',
  'basic.gtag_unknown_params': 'medium',
  'gdpr.gcd_format': 'medium',
  'gdpr.gcs_gcd_consistent': 'medium',
  'gdpr.denied_hit_no_user_props': 'medium',
  'gdpr.dma_flags': 'low',
  'gdpr.consent_flapping': 'medium',
  'gdpr.consent_before_update': 'low',
  'gdpr.tcf_string_valid': 'medium',
  'ecom.value_matches_items': 'medium',
  'ecom.list_consistency': 'medium',
  'ecom.funnel_order': 'low',
  'ecom.zero_value_purchase': 'medium',
  'ecom.item_malformed': 'medium',
  'sess.sid_plausible': 'medium',
  'sess.seg_binary': 'medium',
  'sess.fv_implies_sct1': 'medium',
  'sess.sid_regression': 'medium',
  'sess.hit_counter_monotonic': 'medium',
  'sess.engagement_time_bounds': 'medium',
  'sess.landing_page_view': 'medium',
  'attr.utm_lowercase': 'low',
  'attr.self_referral': 'medium',
  'attr.referrer_loss': 'medium',
  'attr.cross_domain_linker': 'medium',
  'dq.pii_phone': 'medium',
  'dq.pii_query_keys': 'medium',
  'dq.event_name_case': 'medium',
  'dq.debug_in_prod': 'medium',
  'dq.bot_ua': 'medium',
  'dq.duplicate_hit': 'medium',
  // Two identical clicks can be real; a repeated list impression usually is not.
  'dq.duplicate_event_in_batch': 'medium',
  'sess.mp_id_format': 'medium',
};
