import { decodeGcd, isValidGcs } from './consent';
import { LEGACY_UA_PARAMS } from './constants';
import { dict, KnownKeys, pairsToDict, parsePairs, privateSlot, type FormPairs } from './form';
import { GOOGLE_PARAM_NAMES, GOOGLE_PARAM_PREFIXES } from './google-params';
import { buildPage, cachedPage, decodeBrands } from './page';
import type {
  ClientHintBrand,
  ConsentInfo,
  DecodeNote,
  DecodedEvent,
  DecodedItem,
  DeviceInfo,
  Dict,
  PageInfo,
  ParamKind,
  ParamValue,
  UserProperty,
} from './types';

/** Upper bounds that keep decoding linear and bounded whatever the input. */
export const MAX_DECODED_EVENTS = 500;
export const MAX_DECODED_ITEMS = 200;

const ITEM_KEYS: Dict<string> = Object.assign(dict<string>(), {
  id: 'item_id',
  nm: 'item_name',
  af: 'affiliation',
  cp: 'coupon',
  ds: 'discount',
  lp: 'index',
  br: 'item_brand',
  ca: 'item_category',
  c2: 'item_category2',
  c3: 'item_category3',
  c4: 'item_category4',
  c5: 'item_category5',
  li: 'item_list_id',
  ln: 'item_list_name',
  va: 'item_variant',
  lo: 'location_id',
  pr: 'price',
  qt: 'quantity',
  cn: 'creative_name',
  cs: 'creative_slot',
  pi: 'promotion_id',
  pn: 'promotion_name',
});

const NUMERIC_ITEM_FIELDS = new Set(['discount', 'index', 'price', 'quantity']);

const CAMPAIGN_KEYS: Dict<string> = Object.assign(dict<string>(), {
  cm: 'campaign_medium',
  cs: 'campaign_source',
  cn: 'campaign_name',
  cc: 'campaign_content',
  ck: 'campaign_term',
  ct: 'campaign_term',
  ccf: 'campaign_creative_format',
  cmt: 'campaign_marketing_tactic',
  ci: 'campaign_id',
});

/** Request-level keys: read once from the query, not copied into each event. */
const REQUEST_KEYS = ['v', 'tid', 'cid', 'uid', '_p', 'gtm'] as const;
const PAGE_KEYS = ['dl', 'dr', 'dt'] as const;
const CONSENT_KEYS = ['gcs', 'gcd', 'gcu', 'gcut', 'npa', 'dma', 'dma_cps', 'pscdl', 'gdpr', 'gdpr_consent', 'us_privacy'] as const;
const DEVICE_KEYS = ['ul', 'sr', 'uaa', 'uab', 'uafvl', 'uamb', 'uam', 'uap', 'uapv', 'uaw'] as const;
/** Keys decoded into structured fields (never copied to `other`). */
const STRUCTURED_KEYS = [
  ...PAGE_KEYS,
  ...CONSENT_KEYS,
  ...DEVICE_KEYS,
  'en', 'cu', '_c', 'sid', 'sct', 'seg', '_s', '_et', '_ss', '_fv', '_nsi', '_ee',
] as const;
type StructuredKey = (typeof STRUCTURED_KEYS)[number];
/** The structured fields of one event (or of the shared query): a fixed shape, not a dictionary. */
export type StructuredFields = Partial<Record<StructuredKey, string>>;

/**
 * What a top-level wire key is, found with one lookup per key: a structured field (its canonical
 * name), a request-level key (skipped), a campaign override (its GA4 name) or `_dbg`.
 */
const enum KeyKind {
  Request = 1,
  Structured = 2,
  Campaign = 3,
  Debug = 4,
  /** Kept in `other`, but one of Google's own parameters or a UA leftover: never reported as unknown. */
  KnownOther = 5,
}
interface KeyInfo {
  kind: KeyKind;
  /** Canonical (internalized) field name: the structured key or the campaign field. */
  name: string;
  /** A structured key's position in STRUCTURED_KEYS (-1 for the other kinds). */
  index: number;
}
const KEY_INFO = new Map<string, KeyInfo>();
for (const k of REQUEST_KEYS) KEY_INFO.set(k, { kind: KeyKind.Request, name: k, index: -1 });
STRUCTURED_KEYS.forEach((k, index) => KEY_INFO.set(k, { kind: KeyKind.Structured, name: k, index }));
for (const k in CAMPAIGN_KEYS) if (!KEY_INFO.has(k)) KEY_INFO.set(k, { kind: KeyKind.Campaign, name: CAMPAIGN_KEYS[k] as string, index: -1 });
KEY_INFO.set('_dbg', { kind: KeyKind.Debug, name: '_dbg', index: -1 });
// What basic.gtag_unknown_params skips by name (isGoogleParam's table, LEGACY_UA_PARAMS); the other kinds never reach `other`.
for (const k of [...GOOGLE_PARAM_NAMES, ...LEGACY_UA_PARAMS]) if (!KEY_INFO.has(k)) KEY_INFO.set(k, { kind: KeyKind.KnownOther, name: k, index: -1 });

/** KEY_INFO for lookups (see KnownKeys): the query and body-line parsers hand out these keys' own strings. */
export const GTAG_KNOWN_KEYS = new KnownKeys(KEY_INFO);

function keyInfo(key: string): KeyInfo | undefined {
  return GTAG_KNOWN_KEYS.get(key);
}

/** isGoogleParam's prefix test (`_`, `gap.`, `sst.`), for the keys that are none of KEY_INFO's. */
function hasGooglePrefix(key: string): boolean {
  for (let i = 0; i < GOOGLE_PARAM_PREFIXES.length; i++) if (key.startsWith(GOOGLE_PARAM_PREFIXES[i] as string)) return true;
  return false;
}

/**
 * A gtag event's `other` record, built on first read from the pairs the decoder kept (the same
 * stores in the same order as an eager build: same keys, order, last value wins). Most hits carry
 * only Google's own keys there, and no rule reads the record of those: building it key by key was
 * the largest part of `take`. `unknown` says whether a key is neither Google's (by name or prefix)
 * nor a UA leftover, so basic.gtag_unknown_params knows without building it.
 */
interface LazyOther {
  keys: string[];
  values: string[];
  unknown: boolean;
  record: Dict<string> | undefined;
}

/** Each gtag event's lazy-other state (see privateSlot in form.ts). */
const LAZY_OTHER = privateSlot<LazyOther>();

function lazyOtherRecord(this: object): Dict<string> {
  const lazy = LAZY_OTHER.get(this) as LazyOther;
  if (lazy.record === undefined) {
    const record = dict<string>();
    for (let i = 0; i < lazy.keys.length; i++) record[lazy.keys[i] as string] = lazy.values[i] as string;
    lazy.record = record;
  }
  return lazy.record;
}

function replaceLazyOther(this: object, value: Dict<string>): void {
  // A record set from outside is no longer the decoder's: it is checked in full.
  (LAZY_OTHER.get(this) as LazyOther).unknown = true;
  Object.defineProperty(this, 'other', { value, writable: true, enumerable: true, configurable: true });
}

/** One getter/setter pair for every event, so gtag events keep one hidden class. */
const LAZY_OTHER_PROPERTY: PropertyDescriptor = { get: lazyOtherRecord, set: replaceLazyOther, enumerable: true, configurable: true };

/**
 * True only for a gtag event whose `other` record the decoder filled with known keys alone (Google's
 * own parameters, UA leftovers) and that was not set since. Events the decoder did not build answer
 * false, so they are checked in full. Decoded events are read-only: a key added to the record after
 * it was built would not be seen here.
 */
export function otherHasOnlyKnownKeys(ev: DecodedEvent): boolean {
  const lazy = LAZY_OTHER.get(ev);
  return lazy !== undefined && !lazy.unknown;
}

/** The request-level keys of a gtag query (last value wins, as in the query record). */
export class RequestKeys {
  v: string | undefined = undefined;
  tid: string | undefined = undefined;
  cid: string | undefined = undefined;
  uid: string | undefined = undefined;
  _p: string | undefined = undefined;
  gtm: string | undefined = undefined;
}

/** Records `key` when it is one of RequestKeys' (compared by length first: nearly every key differs in length or first letter). */
function noteRequestKey(q: RequestKeys, key: string, value: string): void {
  if (key.length === 1) {
    if (key === 'v') q.v = value;
  } else if (key.length === 2) {
    if (key === '_p') q._p = value;
  } else if (key.length === 3) {
    if (key === 'tid') q.tid = value;
    else if (key === 'cid') q.cid = value;
    else if (key === 'uid') q.uid = value;
    else if (key === 'gtm') q.gtm = value;
  }
}

/** A fresh StructuredFields with every field present (one hidden class for all events). */
class Fields implements StructuredFields {
  dl: string | undefined = undefined;
  dr: string | undefined = undefined;
  dt: string | undefined = undefined;
  gcs: string | undefined = undefined;
  gcd: string | undefined = undefined;
  gcu: string | undefined = undefined;
  gcut: string | undefined = undefined;
  npa: string | undefined = undefined;
  dma: string | undefined = undefined;
  dma_cps: string | undefined = undefined;
  pscdl: string | undefined = undefined;
  gdpr: string | undefined = undefined;
  gdpr_consent: string | undefined = undefined;
  us_privacy: string | undefined = undefined;
  ul: string | undefined = undefined;
  sr: string | undefined = undefined;
  uaa: string | undefined = undefined;
  uab: string | undefined = undefined;
  uafvl: string | undefined = undefined;
  uamb: string | undefined = undefined;
  uam: string | undefined = undefined;
  uap: string | undefined = undefined;
  uapv: string | undefined = undefined;
  uaw: string | undefined = undefined;
  en: string | undefined = undefined;
  cu: string | undefined = undefined;
  _c: string | undefined = undefined;
  sid: string | undefined = undefined;
  sct: string | undefined = undefined;
  seg: string | undefined = undefined;
  _s: string | undefined = undefined;
  _et: string | undefined = undefined;
  _ss: string | undefined = undefined;
  _fv: string | undefined = undefined;
  _nsi: string | undefined = undefined;
  _ee: string | undefined = undefined;
}

/**
 * Stores a structured field by its STRUCTURED_KEYS position. One named store per case: a keyed
 * store with a different name on every call goes through V8's megamorphic stub cache, which the
 * rules' loads share and evict.
 */
function setField(f: Fields, index: number, value: string): void {
  switch (index) {
    case 0:
      f.dl = value;
      return;
    case 1:
      f.dr = value;
      return;
    case 2:
      f.dt = value;
      return;
    case 3:
      f.gcs = value;
      return;
    case 4:
      f.gcd = value;
      return;
    case 5:
      f.gcu = value;
      return;
    case 6:
      f.gcut = value;
      return;
    case 7:
      f.npa = value;
      return;
    case 8:
      f.dma = value;
      return;
    case 9:
      f.dma_cps = value;
      return;
    case 10:
      f.pscdl = value;
      return;
    case 11:
      f.gdpr = value;
      return;
    case 12:
      f.gdpr_consent = value;
      return;
    case 13:
      f.us_privacy = value;
      return;
    case 14:
      f.ul = value;
      return;
    case 15:
      f.sr = value;
      return;
    case 16:
      f.uaa = value;
      return;
    case 17:
      f.uab = value;
      return;
    case 18:
      f.uafvl = value;
      return;
    case 19:
      f.uamb = value;
      return;
    case 20:
      f.uam = value;
      return;
    case 21:
      f.uap = value;
      return;
    case 22:
      f.uapv = value;
      return;
    case 23:
      f.uaw = value;
      return;
    case 24:
      f.en = value;
      return;
    case 25:
      f.cu = value;
      return;
    case 26:
      f._c = value;
      return;
    case 27:
      f.sid = value;
      return;
    case 28:
      f.sct = value;
      return;
    case 29:
      f.seg = value;
      return;
    case 30:
      f._s = value;
      return;
    case 31:
      f._et = value;
      return;
    case 32:
      f._ss = value;
      return;
    case 33:
      f._fv = value;
      return;
    case 34:
      f._nsi = value;
      return;
    case 35:
      f._ee = value;
      return;
  }
}

/** Parses a numeric wire value; empty strings are not numbers (Number('') is 0). */
export function parseNumber(raw: string): number {
  if (raw === '' || raw.trim() === '') return NaN;
  return Number(raw);
}

function numericOrRaw(raw: string): ParamValue {
  const n = parseNumber(raw);
  return Number.isFinite(n) ? n : raw;
}

/**
 * Item fields by two-letter wire code, indexed by the code's two character codes (ASCII only): a
 * part's code is read without slicing it into a string and looking that string up.
 */
const ITEM_FIELD_BY_CODE: Array<string | undefined> = new Array<string | undefined>(128 * 128).fill(undefined);
const ITEM_FIELD_NUMERIC: boolean[] = new Array<boolean>(128 * 128).fill(false);
for (const code in ITEM_KEYS) {
  const at = code.charCodeAt(0) * 128 + code.charCodeAt(1);
  const field = ITEM_KEYS[code] as string;
  ITEM_FIELD_BY_CODE[at] = field;
  ITEM_FIELD_NUMERIC[at] = NUMERIC_ITEM_FIELDS.has(field);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

export function decodeItem(raw: string): DecodedItem {
  const item = dict<ParamValue>();
  // Custom item params come as k<i><name> followed by v<i><value>.
  let customNames: Dict<string> | undefined;
  // The `~`-separated parts, at most 100 (empty ones count), walked in place (no split array).
  const len = raw.length;
  let start = 0;
  for (let count = 0; start <= len && count < 100; count++) {
    let end = raw.indexOf('~', start);
    if (end === -1) end = len;
    const partStart = start;
    start = end + 1;
    if (end - partStart < 2) continue;
    const c0 = raw.charCodeAt(partStart);
    const c1 = raw.charCodeAt(partStart + 1);
    if ((c0 === 107 /* k */ || c0 === 118) /* v */ && isDigit(c1)) {
      let j = partStart + 1;
      while (j < end && isDigit(raw.charCodeAt(j))) j++;
      const slot = raw.slice(partStart + 1, j);
      const rest = raw.slice(j, end);
      if (c0 === 107) (customNames ??= dict<string>())[slot] = rest;
      else {
        const name = customNames?.[slot];
        if (name !== undefined && name !== '') {
          item[name] = rest;
          delete (customNames as Dict<string>)[slot];
        } else item['v' + slot] = rest;
      }
      continue;
    }
    const value = raw.slice(partStart + 2, end);
    const at = c0 < 128 && c1 < 128 ? c0 * 128 + c1 : -1;
    const field = at === -1 ? undefined : ITEM_FIELD_BY_CODE[at];
    if (field !== undefined) item[field] = ITEM_FIELD_NUMERIC[at] === true ? numericOrRaw(value) : value;
    else item[raw.slice(partStart, partStart + 2)] = value; // unknown two-letter key, kept verbatim
  }
  // A custom name without its value (k<n> and no v<n>): kept as k<n> so the rules can report it.
  if (customNames !== undefined) for (const slot in customNames) item['k' + slot] = customNames[slot] as string;
  return item;
}

function touches(line: Dict<string> | undefined, keys: readonly string[]): boolean {
  if (!line) return false;
  for (let i = 0; i < keys.length; i++) if ((keys[i] as string) in line) return true;
  return false;
}

/** Every field present from the start (see newConsent in decode-mp.ts: the same order): one hidden class. */
export function emptyConsent(): ConsentInfo {
  return {
    gcs: undefined,
    gcsAdStorage: undefined,
    gcsAnalyticsStorage: undefined,
    gcd: undefined,
    gcdValid: undefined,
    mp: undefined,
    signals: undefined,
    gcu: undefined,
    gcut: undefined,
    npa: undefined,
    dma: undefined,
    dmaCps: undefined,
    pscdl: undefined,
    gdpr: undefined,
    gdprConsent: undefined,
    usPrivacy: undefined,
  };
}

export function buildConsent(m: Readonly<StructuredFields>): ConsentInfo {
  const c = emptyConsent();
  const gcs = m.gcs;
  if (gcs !== undefined) {
    c.gcs = gcs;
    if (isValidGcs(gcs)) {
      // '-' (G1--, newer tags) means the signal is not set: no state.
      const ad = gcs.charAt(2);
      const an = gcs.charAt(3);
      if (ad !== '-') c.gcsAdStorage = ad === '1' ? 'granted' : 'denied';
      if (an !== '-') c.gcsAnalyticsStorage = an === '1' ? 'granted' : 'denied';
    }
  }
  const gcd = m.gcd;
  if (gcd !== undefined) {
    c.gcd = gcd;
    const decoded = cachedGcd(gcd);
    c.gcdValid = decoded.valid;
    if (decoded.signals) c.signals = decoded.signals;
  }
  if (m.gcu !== undefined) c.gcu = m.gcu;
  if (m.gcut !== undefined) c.gcut = m.gcut;
  if (m.npa !== undefined) c.npa = m.npa;
  if (m.dma !== undefined) c.dma = m.dma;
  if (m.dma_cps !== undefined) c.dmaCps = m.dma_cps;
  if (m.pscdl !== undefined) c.pscdl = m.pscdl;
  if (m.gdpr !== undefined) c.gdpr = m.gdpr;
  if (m.gdpr_consent !== undefined) c.gdprConsent = m.gdpr_consent;
  if (m.us_privacy !== undefined) c.usPrivacy = m.us_privacy;
  return c;
}

/**
 * The last consent built for each gcd (else gcs) value, with the other fields it was built from.
 * A site's hits carry a handful of consent states; like the page (see cachedPage in page.ts), only
 * the decoder's one-consent-per-hit cases use it, so a body line's own consent stays an object of
 * its own (ctx.consents tells a hit's consents apart by identity). Shared between hits: read-only.
 */
interface CachedConsent {
  gcs: string | undefined;
  gcd: string | undefined;
  gcu: string | undefined;
  gcut: string | undefined;
  npa: string | undefined;
  dma: string | undefined;
  dma_cps: string | undefined;
  pscdl: string | undefined;
  gdpr: string | undefined;
  gdpr_consent: string | undefined;
  us_privacy: string | undefined;
  consent: ConsentInfo;
}
const consentCache = new Map<string, CachedConsent>();
const CONSENT_CACHE_MAX_CHARS = 256;

function sameConsentFields(c: CachedConsent, m: Readonly<StructuredFields>): boolean {
  return (
    c.gcs === m.gcs && c.gcd === m.gcd && c.gcu === m.gcu && c.gcut === m.gcut && c.npa === m.npa && c.dma === m.dma && c.dma_cps === m.dma_cps &&
    c.pscdl === m.pscdl && c.gdpr === m.gdpr && c.gdpr_consent === m.gdpr_consent && c.us_privacy === m.us_privacy
  );
}

function cachedConsent(m: Readonly<StructuredFields>): ConsentInfo {
  const key = m.gcd ?? m.gcs;
  // TCF strings are long and per visitor: not worth keeping.
  if (key === undefined || key.length > CONSENT_CACHE_MAX_CHARS || m.gdpr_consent !== undefined || (m.us_privacy?.length ?? 0) > CONSENT_CACHE_MAX_CHARS) return buildConsent(m);
  const hit = consentCache.get(key);
  if (hit !== undefined && sameConsentFields(hit, m)) return hit.consent;
  const consent = buildConsent(m);
  if (hit === undefined && consentCache.size >= CACHE_MAX) consentCache.clear();
  consentCache.set(key, {
    gcs: m.gcs,
    gcd: m.gcd,
    gcu: m.gcu,
    gcut: m.gcut,
    npa: m.npa,
    dma: m.dma,
    dma_cps: m.dma_cps,
    pscdl: m.pscdl,
    gdpr: m.gdpr,
    gdpr_consent: m.gdpr_consent,
    us_privacy: m.us_privacy,
    consent,
  });
  return consent;
}

/**
 * Tiny caches for strings that repeat across hits (a site's gcd values, its visitors' browsers).
 * The cached objects are shared between results: treat decoded requests as read-only.
 */
const gcdCache = new Map<string, ReturnType<typeof decodeGcd>>();
const brandCache = new Map<string, ClientHintBrand[]>();
const CACHE_MAX = 256;

function cachedGcd(gcd: string): ReturnType<typeof decodeGcd> {
  let hit = gcdCache.get(gcd);
  if (!hit) {
    hit = decodeGcd(gcd);
    if (gcdCache.size >= CACHE_MAX) gcdCache.clear();
    gcdCache.set(gcd, hit);
  }
  return hit;
}

function cachedBrands(uafvl: string | undefined): ClientHintBrand[] {
  if (!uafvl) return [];
  let hit = brandCache.get(uafvl);
  if (!hit) {
    hit = decodeBrands(uafvl);
    if (brandCache.size >= CACHE_MAX) brandCache.clear();
    brandCache.set(uafvl, hit);
  }
  return hit;
}

function buildDevice(m: Readonly<StructuredFields>, userAgent: string | undefined): DeviceInfo {
  // Every field present from the start, in assignment order (JSON omits the unset ones): one hidden class.
  const d: DeviceInfo = {
    brands: cachedBrands(m.uafvl),
    language: undefined,
    screenResolution: undefined,
    architecture: undefined,
    bitness: undefined,
    fullVersionList: undefined,
    mobile: undefined,
    model: undefined,
    platform: undefined,
    platformVersion: undefined,
    wow64: undefined,
    userAgent: undefined,
  };
  if (m.ul !== undefined) d.language = m.ul;
  if (m.sr !== undefined) d.screenResolution = m.sr;
  if (m.uaa !== undefined) d.architecture = m.uaa;
  if (m.uab !== undefined) d.bitness = m.uab;
  if (m.uafvl !== undefined) d.fullVersionList = m.uafvl;
  if (m.uamb !== undefined) d.mobile = m.uamb;
  if (m.uam !== undefined) d.model = m.uam;
  if (m.uap !== undefined) d.platform = m.uap;
  if (m.uapv !== undefined) d.platformVersion = m.uapv;
  if (m.uaw !== undefined) d.wow64 = m.uaw;
  if (userAgent !== undefined) d.userAgent = userAgent;
  return d;
}

interface Shared {
  page?: PageInfo;
  consent?: ConsentInfo;
  device?: DeviceInfo;
}

const FLAG_ON = (v: string | undefined): boolean => v !== undefined && v !== '0' && v !== 'false';

/**
 * Collects one event's params in a single pass over the wire pairs. A class with a method
 * (instead of closures) keeps the hot loop free of per-hit function allocations.
 */
class EventBuilder {
  params = dict<ParamValue>();
  paramKinds = dict<ParamKind>();
  userProperties = dict<UserProperty>();
  /** `other`'s pairs in wire order (see LazyOther), and whether a key in it is unknown. */
  otherKeys: string[] = [];
  otherValues: string[] = [];
  unknownOther = false;
  campaign = dict<string>();
  items: Array<[number, string, string]> | undefined = undefined;
  /** Structured keys (en, cu, sid, dl, gcs, ul, …), looked up by the builders. */
  fields = new Fields();
  debugMode = false;
  /** 0 while reading the query, 1 while reading the body line: a line may override the query. */
  phase = 0;
  /** Param and user property names seen while reading the body line (`up:` prefixed for user properties). */
  private seenInLine: Dict<true> | undefined = undefined;
  duplicates: string[] | undefined = undefined;
  /** Where the first event's walk over the query records the request-level keys (the decoder's only walk for them). */
  request: RequestKeys | undefined = undefined;

  /**
   * A param / user property name given a second time in the same phase is a duplicate. While the
   * query is read, the params and user properties read so far are exactly the ones seen.
   */
  private isDuplicate(name: string, userProperty: boolean): boolean {
    if (this.phase === 0) {
      // One namespace as on the wire: a param literally named "up:x" collides with user property x.
      if (userProperty) return name in this.userProperties || `up:${name}` in this.params;
      return name in this.params || (name.startsWith('up:') && name.slice(3) in this.userProperties);
    }
    const seen = (this.seenInLine ??= dict<true>());
    const key = userProperty ? `up:${name}` : name;
    if (seen[key] === true) return true;
    seen[key] = true;
    return false;
  }

  take(key: string, value: string): void {
    const c0 = key.charCodeAt(0);
    if (c0 === 101 /* e */ && key.charCodeAt(1) === 112 /* p */) {
      if (key.startsWith('ep.')) {
        const name = key.slice(3);
        if (this.isDuplicate(name, false)) (this.duplicates ??= []).push(key);
        this.params[name] = value;
        this.paramKinds[name] = 'string';
        return;
      }
      if (key.startsWith('epn.')) {
        const name = key.slice(4);
        if (this.isDuplicate(name, false)) (this.duplicates ??= []).push(key);
        this.params[name] = numericOrRaw(value);
        this.paramKinds[name] = 'number';
        return;
      }
    } else if (c0 === 117 /* u */ && key.charCodeAt(1) === 112 /* p */) {
      if (key.startsWith('up.')) {
        const name = key.slice(3);
        if (this.isDuplicate(name, true)) (this.duplicates ??= []).push(key);
        this.userProperties[name] = { value, kind: 'string' };
        return;
      }
      if (key.startsWith('upn.')) {
        const name = key.slice(4);
        if (this.isDuplicate(name, true)) (this.duplicates ??= []).push(key);
        this.userProperties[name] = { value: numericOrRaw(value), kind: 'number' };
        return;
      }
    } else if (c0 === 112 /* p */ && key.charCodeAt(1) === 114 /* r */ && key.length > 2) {
      const n = Number(key.slice(2));
      if (Number.isInteger(n) && n > 0) {
        const list = (this.items ??= []);
        for (let i = 0; i < list.length; i++)
          if ((list[i] as [number, string, string])[0] === n) {
            list[i] = [n, key, value];
            return;
          }
        list.push([n, key, value]);
        return;
      }
    }
    const info = keyInfo(key);
    if (info === undefined) {
      if (!this.unknownOther && !hasGooglePrefix(key)) this.unknownOther = true;
      this.otherKeys.push(key);
      this.otherValues.push(value);
    } else if (info.kind === KeyKind.KnownOther) {
      this.otherKeys.push(info.name); // the same key, already internalized
      this.otherValues.push(value);
    }
    else if (info.kind === KeyKind.Structured) setField(this.fields, info.index, value);
    else if (info.kind === KeyKind.Campaign) this.campaign[info.name] = value;
    else if (info.kind === KeyKind.Debug) this.debugMode = FLAG_ON(value);
    else if (this.request !== undefined && this.phase === 0) noteRequestKey(this.request, key, value);
  }
}

const byItemIndex = (x: [number, string, string], y: [number, string, string]): number => x[0] - y[0];

/** Decodes one event: the query pairs, overridden by its body line's pairs. */
export function decodeGtagEvent(
  index: number,
  query: FormPairs,
  line: { pairs: FormPairs; dict: Dict<string> } | undefined,
  shared: Shared,
  userAgent: string | undefined,
  notes: DecodeNote[],
  requestKeys?: RequestKeys,
): DecodedEvent {
  const b = new EventBuilder();
  b.request = requestKeys;
  const qk = query.keys;
  const qv = query.values;
  const lineDict = line?.dict;
  for (let i = 0; i < qk.length; i++) {
    const key = qk[i] as string;
    if (lineDict !== undefined && key in lineDict) {
      // The line overrides the key for this event, but the request keys are the query's own.
      if (requestKeys !== undefined) noteRequestKey(requestKeys, key, qv[i] as string);
      continue;
    }
    b.take(key, qv[i] as string);
  }
  b.phase = 1;
  if (line) for (let i = 0; i < line.pairs.keys.length; i++) b.take(line.pairs.keys[i] as string, line.pairs.values[i] as string);
  const f = b.fields;

  const items: DecodedItem[] = [];
  const itemKeys: string[] = [];
  const entries = b.items;
  if (entries) {
    entries.sort(byItemIndex);
    if (entries.length > MAX_DECODED_ITEMS) {
      notes.push({
        code: 'TOO_MANY_ITEMS_DECODED',
        path: `events[${index}].items`,
        message: `Only the first ${MAX_DECODED_ITEMS} of ${entries.length} items were decoded.`,
      });
      entries.length = MAX_DECODED_ITEMS;
    }
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i] as [number, string, string];
      items.push(decodeItem(e[2]));
      itemKeys.push(e[1]);
    }
  }

  const params = b.params;
  let debugMode = b.debugMode;
  if ('debug_mode' in params) debugMode = debugMode || FLAG_ON(String(params.debug_mode));

  // One page per hit comes from the cache (a single-event hit's, a batch's shared one); a body line's own is built for it.
  const page = lineDict === undefined ? cachedPage(f.dl, f.dr, f.dt) : shared.page && !touches(lineDict, PAGE_KEYS) ? shared.page : buildPage(f.dl, f.dr, f.dt);
  const consent = lineDict === undefined ? cachedConsent(f) : shared.consent && !touches(lineDict, CONSENT_KEYS) ? shared.consent : buildConsent(f);
  const device = shared.device && !touches(lineDict, DEVICE_KEYS) ? shared.device : buildDevice(f, userAgent);

  // Built in two steps around `other` (an accessor, see LazyOther), in the same key order as before.
  const event = {
    index,
    params,
    paramKinds: b.paramKinds,
    items,
    itemKeys,
    userProperties: b.userProperties,
    conversion: FLAG_ON(f._c),
    debugMode,
    session: {
      sessionStart: FLAG_ON(f._ss),
      firstVisit: FLAG_ON(f._fv),
      newSessionId: FLAG_ON(f._nsi),
      externalEvent: FLAG_ON(f._ee),
      id: undefined,
      number: undefined,
      engaged: undefined,
      hitSequence: undefined,
      engagementTimeMsec: undefined,
    },
    page,
    consent,
    device,
    campaign: b.campaign,
  } as DecodedEvent;
  LAZY_OTHER.attach(event, { keys: b.otherKeys, values: b.otherValues, unknown: b.unknownOther, record: undefined });
  Object.defineProperty(event, 'other', LAZY_OTHER_PROPERTY);
  event.name = undefined;
  event.currency = undefined;
  event.currencySource = undefined;
  event.line = undefined;
  event.duplicateParams = undefined;
  if (f.en !== undefined) event.name = f.en;
  if (f.cu !== undefined && f.cu !== '') {
    event.currency = f.cu;
    event.currencySource = 'cu';
  } else if (typeof params.currency === 'string') {
    event.currency = params.currency;
    event.currencySource = 'param';
  }
  const s = event.session;
  if (f.sid !== undefined) s.id = f.sid;
  if (f.sct !== undefined) s.number = f.sct;
  if (f.seg !== undefined) s.engaged = f.seg;
  if (f._s !== undefined) s.hitSequence = f._s;
  if (f._et !== undefined) s.engagementTimeMsec = f._et;
  if (lineDict) event.line = lineDict;
  if (b.duplicates) event.duplicateParams = b.duplicates;
  return event;
}

/**
 * Splits the body into event lines. gtag separates events with `\n` (`\r\n` seen too); some
 * fixtures use spaces, which form encoding never produces raw, so whitespace before `en=` also splits.
 */
export function splitBodyLines(body: string, notes: DecodeNote[]): string[] {
  const out: string[] = [];
  const lines = body.split('\n');
  let whitespace = false;
  for (const rawLine of lines) {
    const line = rawLine.trim();
    if (line === '') continue;
    if (/\sen=/.test(line)) {
      whitespace = true;
      for (const part of line.split(/\s+/)) if (part !== '') out.push(part);
    } else out.push(line);
  }
  if (whitespace)
    notes.push({
      code: 'WHITESPACE_SEPARATED_EVENTS',
      path: 'body',
      message: 'Body events are separated by spaces; gtag separates them with line breaks.',
    });
  return out;
}

/** Decodes a gtag hit's events; the first event's walk over the query fills `requestKeys`. */
export function decodeGtagEvents(
  query: FormPairs,
  queryRecord: Dict<string> | undefined,
  body: string,
  userAgent: string | undefined,
  notes: DecodeNote[],
  requestKeys: RequestKeys,
): DecodedEvent[] {
  const shared: Shared = {};
  const lines = body === '' ? [] : splitBodyLines(body, notes);
  if (lines.length === 0) return [decodeGtagEvent(0, query, undefined, shared, userAgent, notes, requestKeys)];
  const queryDict = queryRecord ?? pairsToDict(query);
  shared.page = cachedPage(queryDict.dl, queryDict.dr, queryDict.dt);
  shared.consent = cachedConsent(queryDict);
  shared.device = buildDevice(queryDict, userAgent);
  const events: DecodedEvent[] = [];
  const count = Math.min(lines.length, MAX_DECODED_EVENTS);
  if (lines.length > MAX_DECODED_EVENTS)
    notes.push({
      code: 'TOO_MANY_EVENTS_DECODED',
      path: 'body',
      message: `Only the first ${MAX_DECODED_EVENTS} of ${lines.length} body lines were decoded.`,
    });
  for (let i = 0; i < count; i++) {
    const pairs = parsePairs(lines[i] as string, GTAG_KNOWN_KEYS);
    if (pairs.malformed)
      for (const key of pairs.malformed)
        notes.push({
          code: 'MALFORMED_PERCENT_ENCODING',
          path: `events[${i}].${key}`,
          message: `Body line ${i + 1}: the value of "${key}" has malformed percent-encoding and was kept verbatim.`,
        });
    events.push(decodeGtagEvent(i, query, { pairs, dict: pairsToDict(pairs) }, shared, userAgent, notes, i === 0 ? requestKeys : undefined));
  }
  return events;
}
