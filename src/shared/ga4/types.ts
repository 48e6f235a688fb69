import type { NotGa4Collection } from './google-surface';
/**
 * The decoded model shared by both wire formats (gtag `/g/collect` and Measurement Protocol JSON).
 * Every rule reads only this model, so every rule runs on either format.
 * Everything here is plain data (records without Object.prototype in their chain, so every key is
 * data; arrays; primitives): JSON-serializable. A gtag hit's `query` is an own enumerable
 * property built on first read (see defineLazyQuery in form.ts).
 */

import type { PlanExpectation } from './plan/types';

/** A captured request as the collector (or a capture file) saw it. */
export interface CapturedRequest {
  method: string;
  /** Absolute (`https://host/g/collect?…`) or path-only (`/g/collect?…`). */
  url: string;
  /** Only the headers that matter (user-agent, content-type, host). Names are matched case-insensitively. */
  headers?: Readonly<Record<string, string>>;
  /** Raw body. Bytes are decoded as UTF-8. */
  body?: string | Uint8Array | null;
  /** When the collector received the request (ms since epoch). */
  receivedAtMs?: number;
}

/** A decoded parameter value. gtag gives strings (and numbers for `epn.`); MP gives any JSON value. */
export type ParamValue = string | number | boolean | null | ParamValue[] | { [key: string]: ParamValue };
export type ParamKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';
export type Dict<T> = Record<string, T>;

export type ConsentSignalName = 'ad_storage' | 'analytics_storage' | 'ad_user_data' | 'ad_personalization';
export type ConsentValue = 'granted' | 'denied' | 'not_set';

export interface ConsentSignalState {
  /** The `gcd` letter (or `MP` for Measurement Protocol consent). */
  letter: string;
  default: ConsentValue;
  update: ConsentValue;
  /** The update when set, otherwise the default. */
  effective: ConsentValue;
}

export interface ConsentInfo {
  gcs?: string;
  /** From `gcs` (`G1<ad><analytics>`), when it is well formed. */
  gcsAdStorage?: 'granted' | 'denied';
  gcsAnalyticsStorage?: 'granted' | 'denied';
  gcd?: string;
  /** True when `gcd` is present and every letter decodes to a valid state. */
  gcdValid?: boolean;
  /** The four signals, from `gcd` (gtag) or from the MP `consent` object. */
  signals?: Record<ConsentSignalName, ConsentSignalState>;
  gcu?: string;
  gcut?: string;
  npa?: string;
  dma?: string;
  dmaCps?: string;
  pscdl?: string;
  /** IAB TCF / USP strings. */
  gdpr?: string;
  gdprConsent?: string;
  usPrivacy?: string;
  /** The MP `consent` object verbatim. */
  mp?: ParamValue;
}

export interface SessionInfo {
  /** `sid` (gtag) or `params.session_id` (MP), verbatim. */
  id?: string | number;
  /** `sct` */
  number?: string;
  /** `seg` */
  engaged?: string;
  /** `_s` */
  hitSequence?: string;
  /** `_et` (gtag) or `params.engagement_time_msec` (MP), verbatim. */
  engagementTimeMsec?: string | number;
  /** `_ss` */
  sessionStart: boolean;
  /** `_fv` */
  firstVisit: boolean;
  /** `_nsi` */
  newSessionId: boolean;
  /** `_ee` */
  externalEvent: boolean;
}

export interface UtmInfo {
  source?: string;
  medium?: string;
  campaign?: string;
  id?: string;
  term?: string;
  content?: string;
}

export interface PageInfo {
  /** `dl` / `page_location` */
  location?: string;
  /** `dr` / `page_referrer` */
  referrer?: string;
  /** `dt` / `page_title` */
  title?: string;
  host?: string;
  referrerHost?: string;
  /** The page URL's own query parameters, decoded. */
  query: Dict<string>;
  /** utm_* taken from the page URL. */
  utm: UtmInfo;
  /** Which utm_* keys were present at all (even empty). */
  utmKeys: string[];
  gclid?: string;
  gbraid?: string;
  wbraid?: string;
  dclid?: string;
  /** Cross-domain linker `_gl`. */
  linker?: string;
}

export interface ClientHintBrand {
  brand: string;
  version: string;
}

export interface DeviceInfo {
  language?: string;
  screenResolution?: string;
  architecture?: string;
  bitness?: string;
  /** `uafvl` verbatim (after the first URL decode). */
  fullVersionList?: string;
  brands: ClientHintBrand[];
  mobile?: string;
  model?: string;
  platform?: string;
  platformVersion?: string;
  wow64?: string;
  /** The request's User-Agent header. */
  userAgent?: string;
}

export interface UserProperty {
  value: ParamValue;
  kind: ParamKind;
}

/** An item, keyed by GA4 names (`item_id`, `price`…); custom item params under their own names. */
export type DecodedItem = Dict<ParamValue>;

export interface DecodedEvent {
  index: number;
  /** `en` / `name`; undefined when missing. */
  name?: string;
  /** Event params by GA4 name (`ep.`/`epn.` or MP `params`, without `items`). */
  params: Dict<ParamValue>;
  /** Declared kind of each param: gtag `ep.`→string, `epn.`→number (even when the value does not parse); MP: the JSON type. */
  paramKinds: Dict<ParamKind>;
  items: DecodedItem[];
  /** Where items came from: gtag `prN` keys (for paths), or MP `params.items`. */
  itemKeys: string[];
  userProperties: Dict<UserProperty>;
  /** `cu`, else `params.currency`. */
  currency?: string;
  currencySource?: 'cu' | 'param';
  /** `_c`: marked as a key event. */
  conversion: boolean;
  debugMode: boolean;
  session: SessionInfo;
  page: PageInfo;
  consent: ConsentInfo;
  device: DeviceInfo;
  /** Campaign overrides (`cm`, `cs`, `cn`, …) by GA4 name (`campaign_medium`, …), or MP `campaign_details` params. */
  campaign: Dict<string>;
  /** Params this decoder does not map (internal flags, sGTM `sst.*`, unknown keys), verbatim. */
  other: Dict<string>;
  /** gtag batches: this body line's own params, verbatim. */
  line?: Dict<string>;
  /** Params or user properties given twice in the same query or line (e.g. `ep.value` and `epn.value`), by wire name. */
  duplicateParams?: string[];
}

export type Endpoint = 'g_collect' | 'mp_collect' | 'mp_debug' | 'unknown';

export interface MpEnvelope {
  topLevelKeys: string[];
  /** Keys the MP schema does not define. */
  unknownTopLevelKeys: string[];
  timestampMicros?: ParamValue;
  ipOverride?: ParamValue;
  consent?: ParamValue;
  validationBehavior?: ParamValue;
  nonPersonalizedAds?: ParamValue;
  userLocation?: ParamValue;
  device?: ParamValue;
  userData?: ParamValue;
  /** False when the body only parsed with the lenient (JS object literal) parser. */
  strictJson: boolean;
  eventsIsArray: boolean;
  /** Entries in `events` (including ones that are not objects). */
  rawEventCount: number;
}

export type DecodeNoteCode =
  | 'MALFORMED_PERCENT_ENCODING'
  | 'WHITESPACE_SEPARATED_EVENTS'
  | 'EVENT_NOT_OBJECT'
  | 'PARAMS_NOT_OBJECT'
  | 'ITEM_NOT_OBJECT'
  | 'ITEMS_NOT_ARRAY'
  | 'USER_PROPERTY_SHAPE'
  | 'TOO_MANY_EVENTS_DECODED'
  | 'TOO_MANY_ITEMS_DECODED';

/** A recoverable decoding problem: the request decoded, but part of it was dropped or read leniently. */
export interface DecodeNote {
  code: DecodeNoteCode;
  path: string;
  message: string;
}

/**
 * A decoded request. Its optional fields are always own keys, holding undefined when unset (JSON
 * omits them), so every request shares a hidden class or two; test a field's value, not `in`.
 */
export interface DecodedRequest {
  format: 'gtag' | 'mp';
  endpoint: Endpoint;
  method: string;
  url: string;
  host: string;
  path: string;
  /** `tid` (gtag) or `measurement_id` query param (MP). */
  measurementId?: string;
  firebaseAppId?: string;
  hasApiSecret: boolean;
  /** `v` */
  protocolVersion?: string;
  clientId?: string;
  appInstanceId?: string;
  userId?: string;
  /** `_p`: page-load id. */
  pageLoadId?: string;
  /** `gtm` */
  gtm?: string;
  userAgent?: string;
  contentType?: string;
  bodyBytes: number;
  receivedAtMs?: number;
  /** Shared query params verbatim (gtag) or the URL's query (MP). */
  query: Dict<string>;
  events: DecodedEvent[];
  mp?: MpEnvelope;
  notes: DecodeNote[];
}

export type DecodeErrorCode =
  | 'EMPTY_REQUEST'
  | 'NOT_GA4'
  | 'NOT_EVENT_HIT'
  | 'INVALID_JSON'
  | 'JSON_NOT_OBJECT'
  | 'BODY_TOO_LARGE'
  | 'URL_TOO_LONG';

export interface DecodeError {
  code: DecodeErrorCode;
  message: string;
  /**
   * Set when the request is not GA4 collection at all (a Google Ads or Merchant Center ping, a tag
   * script, a first-party path without a GA4 payload): what it is. Such a request is not
   * validated; the validator reports it as one information finding (see google-surface.ts).
   */
  notGa4?: NotGa4Collection;
}

export type DecodeResult = { ok: true; request: DecodedRequest } | { ok: false; error: DecodeError };

// ---- rules -----------------------------------------------------------------------------------

export type Severity = 'error' | 'warning' | 'info';
export type RuleFamily = 'basic' | 'gdpr' | 'ecommerce' | 'session_attribution' | 'data_quality';
export type RuleTier = 'basic' | 'advanced';
/** Tiers a plan may be entitled to. */
export type PlanTier = 'basic' | 'advanced' | 'custom';

/** Google's `/debug/mp/collect` validation codes. */
export type ValidationCode =
  | 'VALUE_INVALID'
  | 'VALUE_REQUIRED'
  | 'NAME_INVALID'
  | 'NAME_RESERVED'
  | 'VALUE_OUT_OF_BOUNDS'
  | 'EXCEEDED_MAX_ENTITIES'
  | 'NAME_DUPLICATED';

export interface Issue {
  ruleId: string;
  severity: Severity;
  family: RuleFamily | 'custom' | 'plan';
  tier: RuleTier | 'custom' | 'plan';
  /** Path in the decoded model, e.g. `events[0].params.value`, `client_id`, `consent.gcs`. */
  path: string;
  message: string;
  eventIndex?: number;
  eventName?: string;
  /** The code Google's validation server would use, when Google would flag this too. */
  validationCode?: ValidationCode;
  /** Plan findings only (`plan.*`): the plan version checked against and what it says. */
  plan?: PlanExpectation;
}

export type ValidationStatus = 'pass' | 'warning' | 'fail';

export interface RequestSummary {
  format: 'gtag' | 'mp';
  endpoint: Endpoint;
  method: string;
  host: string;
  measurementId?: string;
  clientId?: string;
  userId?: string;
  eventCount: number;
}

/** Why a built-in rule was not evaluated on a hit (issue 9: never judge without the evidence). */
export type NotEvaluatedReason = 'no_history' | 'no_capture_time' | 'no_tenant_fact';

export interface NotEvaluated {
  ruleId: string;
  reason: NotEvaluatedReason;
}

export interface ValidationResult {
  status: ValidationStatus;
  counts: { error: number; warning: number; info: number };
  issues: Issue[];
  events: DecodedEvent[];
  request?: RequestSummary;
  /** Built-in rules skipped for lack of evidence (shared, read-only arrays). */
  notEvaluated?: readonly NotEvaluated[];
  /** Set when the request could not be decoded at all. */
  decodeError?: DecodeError;
  /**
   * Set when the request is not GA4 collection (google-surface.ts): no GA4 rule ran on it, and
   * its only finding is `basic.endpoint_known` at information level saying what it is.
   */
  notGa4Collection?: NotGa4Collection;
}
