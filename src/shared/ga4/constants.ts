/** GA4 limits and name lists (see /shared/ga4/REFERENCE.md for sources). */

export const LIMITS = {
  eventsPerRequest: 25,
  paramsPerEvent: 25,
  userProperties: 25,
  eventNameLength: 40,
  paramNameLength: 40,
  userPropertyNameLength: 24,
  paramValueLength: 100,
  userPropertyValueLength: 36,
  userIdLength: 256,
  pageTitleLength: 300,
  pageReferrerLength: 420,
  pageLocationLength: 1000,
  itemCustomParams: 27,
  mpBodyBytes: 130_000,
} as const;

/**
 * GA4 names "start with a letter" and use "letters, numbers and underscores"; letters are not
 * limited to English ones (https://support.google.com/analytics/answer/13316687), so this is Unicode-aware.
 */
export const NAME_RE = /^\p{L}[\p{L}\p{N}_]*$/u;
export const MEASUREMENT_ID_RE = /^G-[A-Z0-9]{4,}$/;
export const RESERVED_PREFIXES = ['google_', 'ga_', 'firebase_'] as const;

/** Event names Google reserves (Firebase / MP reference). */
export const RESERVED_EVENT_NAMES = new Set([
  'ad_activeview', 'ad_click', 'ad_exposure', 'ad_impression', 'ad_query', 'ad_reward', 'adunit_exposure',
  'app_background', 'app_clear_data', 'app_exception', 'app_remove', 'app_store_refund',
  'app_store_subscription_cancel', 'app_store_subscription_convert', 'app_store_subscription_renew',
  'app_update', 'app_upgrade', 'dynamic_link_app_open', 'dynamic_link_app_update', 'dynamic_link_first_open',
  'error', 'first_open', 'first_visit', 'in_app_purchase', 'notification_dismiss', 'notification_foreground',
  'notification_open', 'notification_receive', 'os_update', 'session_start', 'session_start_with_rollout',
  'user_engagement',
]);

/** Reserved names gtag itself sends on the web, so they are fine on `/g/collect`. */
export const WEB_AUTO_EVENTS = new Set(['user_engagement']);

export const RESERVED_USER_PROPERTIES = new Set([
  'first_open_time', 'first_visit_time', 'last_deep_link_referrer', 'user_id', 'first_open_after_install',
]);

/** Recommended event names: a different casing of one of these is a mistake, not a new event. */
export const RECOMMENDED_EVENTS = new Set([
  'add_payment_info', 'add_shipping_info', 'add_to_cart', 'add_to_wishlist', 'begin_checkout', 'close_convert_lead',
  'close_unconvert_lead', 'disqualify_lead', 'earn_virtual_currency', 'generate_lead', 'join_group', 'level_end',
  'level_start', 'level_up', 'login', 'post_score', 'purchase', 'qualify_lead', 'refund', 'remove_from_cart',
  'search', 'select_content', 'select_item', 'select_promotion', 'share', 'sign_up', 'spend_virtual_currency',
  'tutorial_begin', 'tutorial_complete', 'unlock_achievement', 'view_cart', 'view_item', 'view_item_list',
  'view_promotion', 'working_lead', 'page_view', 'scroll', 'click', 'file_download', 'form_start', 'form_submit',
  'video_start', 'video_progress', 'video_complete', 'view_search_results', 'user_engagement',
]);

/** Events whose reports are empty without items (Google's Event Builder required params). */
export const EVENTS_REQUIRING_ITEMS = new Set([
  'add_to_cart', 'remove_from_cart', 'view_item', 'view_cart', 'begin_checkout', 'add_payment_info',
  'add_shipping_info', 'add_to_wishlist', 'select_item', 'view_item_list', 'view_promotion', 'purchase',
]);

/** Events whose `value` should equal the items' total. */
export const VALUE_FROM_ITEMS_EVENTS = new Set([
  'add_to_cart', 'remove_from_cart', 'view_item', 'view_cart', 'begin_checkout', 'add_payment_info',
  'add_shipping_info', 'add_to_wishlist', 'purchase', 'refund',
]);

export const STANDARD_ITEM_FIELDS = new Set([
  'item_id', 'item_name', 'affiliation', 'coupon', 'discount', 'index', 'item_brand', 'item_category',
  'item_category2', 'item_category3', 'item_category4', 'item_category5', 'item_list_id', 'item_list_name',
  'item_variant', 'location_id', 'price', 'quantity', 'creative_name', 'creative_slot', 'promotion_id',
  'promotion_name',
]);

/** Active ISO 4217 codes (test codes XTS/XXX left out). */
export const ISO_4217 = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP BYN BZD ' +
    'CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP ' +
    'GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW ' +
    'KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN ' +
    'NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL ' +
    'SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES ' +
    'VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG ZWL'
  ).split(' '),
);


/** Universal Analytics (v1) params: on `/g/collect` they mean a UA tag is pointed at GA4. */
export const LEGACY_UA_PARAMS = new Set([
  't', '_v', 'a', 'jid', 'gjid', '_gid', '_u', 'z', '_r', 'ec', 'ea', 'el', 'ev', 'ni', 'de', 'sd', 'vp', 'je',
  'fl', 'ti', 'ta', 'tr', 'ts', 'tcc', 'pa', 'il1nm', 'cd1', 'cm1',
]);

export const PII_QUERY_KEYS = new Set([
  'email', 'e-mail', 'e_mail', 'mail', 'name', 'firstname', 'first_name', 'lastname', 'last_name', 'fullname',
  'full_name', 'address', 'street', 'zip', 'zipcode', 'postcode', 'postal_code', 'password', 'pass', 'pwd',
  'token', 'ssn', 'birthdate', 'dob', 'iban',
]);

export const PHONE_KEYS = new Set(['phone', 'tel', 'telephone', 'mobile', 'phone_number', 'phonenumber', 'cell']);

/**
 * Parameter names GA4 reserves on the web (https://support.google.com/analytics/answer/13316687,
 * "Reserved parameter names", checked 2026-11-23): sent as ep.* they are dropped or collide with
 * Google's own fields.
 */
export const RESERVED_WEB_PARAM_NAMES = new Set([
  'cid', 'customer_id', 'customerid', 'dclid', 'gclid', 'session_id', 'sessionid', 'sfmc_id', 'sid', 'srsltid', 'uid',
  'user_id', 'userid',
]);
