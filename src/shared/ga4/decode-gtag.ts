import { decodeGcd, isValidGcs } from './consent';
import { dict, parseForm } from './form';
import { buildPage, decodeBrands } from './page';
import type {
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
const REQUEST_KEYS = new Set(['v', 'tid', 'cid', 'uid', '_p', 'gtm']);
const PAGE_KEYS = ['dl', 'dr', 'dt'];
const CONSENT_KEYS = ['gcs', 'gcd', 'gcu', 'gcut', 'npa', 'dma', 'dma_cps', 'pscdl', 'gdpr', 'gdpr_consent', 'us_privacy'];
const DEVICE_KEYS = ['ul', 'sr', 'uaa', 'uab', 'uafvl', 'uamb', 'uam', 'uap', 'uapv', 'uaw'];
/** Keys decoded into structured fields (never copied to `other`). */
const STRUCTURED_KEYS = new Set([
  ...PAGE_KEYS,
  ...CONSENT_KEYS,
  ...DEVICE_KEYS,
  'en', 'cu', '_c', 'sid', 'sct', 'seg', '_s', '_et', '_ss', '_fv', '_nsi', '_ee',
]);

/** Parses a numeric wire value; empty strings are not numbers (Number('') is 0). */
export function parseNumber(raw: string): number {
  if (raw === '' || raw.trim() === '') return NaN;
  return Number(raw);
}

function numericOrRaw(raw: string): ParamValue {
  const n = parseNumber(raw);
  return Number.isFinite(n) ? n : raw;
}

export function decodeItem(raw: string): DecodedItem {
  const item = dict<ParamValue>();
  const parts = raw.split('~');
  // Custom item params come as k<i><name> followed by v<i><value>.
  const customNames: Dict<string> = dict<string>();
  for (let i = 0; i < parts.length && i < 100; i++) {
    const part = parts[i] as string;
    if (part.length < 2) continue;
    const c0 = part.charCodeAt(0);
    const c1 = part.charCodeAt(1);
    if ((c0 === 107 /* k */ || c0 === 118) /* v */ && c1 >= 48 && c1 <= 57) {
      let j = 1;
      while (j < part.length && part.charCodeAt(j) >= 48 && part.charCodeAt(j) <= 57) j++;
      const slot = part.slice(1, j);
      const rest = part.slice(j);
      if (c0 === 107) customNames[slot] = rest;
      else {
        const name = customNames[slot];
        if (name !== undefined && name !== '') item[name] = rest;
        else item['v' + slot] = rest;
      }
      continue;
    }
    const code = part.slice(0, 2);
    const value = part.slice(2);
    const field = ITEM_KEYS[code];
    if (field) item[field] = NUMERIC_ITEM_FIELDS.has(field) ? numericOrRaw(value) : value;
    else item[code] = value; // unknown two-letter key, kept verbatim
  }
  return item;
}

function touches(line: Dict<string> | undefined, keys: readonly string[]): boolean {
  if (!line) return false;
  for (let i = 0; i < keys.length; i++) if ((keys[i] as string) in line) return true;
  return false;
}

export function buildConsent(m: Dict<string>): ConsentInfo {
  const c: ConsentInfo = {};
  const gcs = m.gcs;
  if (gcs !== undefined) {
    c.gcs = gcs;
    if (isValidGcs(gcs)) {
      c.gcsAdStorage = gcs.charAt(2) === '1' ? 'granted' : 'denied';
      c.gcsAnalyticsStorage = gcs.charAt(3) === '1' ? 'granted' : 'denied';
    }
  }
  const gcd = m.gcd;
  if (gcd !== undefined) {
    c.gcd = gcd;
    const decoded = decodeGcd(gcd);
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

function buildDevice(m: Dict<string>, userAgent: string | undefined): DeviceInfo {
  const d: DeviceInfo = { brands: decodeBrands(m.uafvl) };
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

/** Decodes one event from its merged param map (query params overridden by its body line). */
export function decodeGtagEvent(
  index: number,
  m: Dict<string>,
  line: Dict<string> | undefined,
  shared: Shared,
  userAgent: string | undefined,
  notes: DecodeNote[],
): DecodedEvent {
  const params = dict<ParamValue>();
  const paramKinds = dict<ParamKind>();
  const userProperties = dict<UserProperty>();
  const other = dict<string>();
  const campaign = dict<string>();
  let itemEntries: Array<[number, string, string]> | undefined;
  let debugMode = false;

  for (const key in m) {
    const value = m[key] as string;
    const c0 = key.charCodeAt(0);
    if (c0 === 101 /* e */ && key.charCodeAt(1) === 112 /* p */) {
      if (key.startsWith('ep.')) {
        const name = key.slice(3);
        params[name] = value;
        paramKinds[name] = 'string';
        continue;
      }
      if (key.startsWith('epn.')) {
        const name = key.slice(4);
        params[name] = numericOrRaw(value);
        paramKinds[name] = 'number';
        continue;
      }
    } else if (c0 === 117 /* u */ && key.charCodeAt(1) === 112 /* p */) {
      if (key.startsWith('up.')) {
        userProperties[key.slice(3)] = { value, kind: 'string' };
        continue;
      }
      if (key.startsWith('upn.')) {
        userProperties[key.slice(4)] = { value: numericOrRaw(value), kind: 'number' };
        continue;
      }
    } else if (c0 === 112 /* p */ && key.charCodeAt(1) === 114 /* r */ && key.length > 2) {
      const n = Number(key.slice(2));
      if (Number.isInteger(n) && n > 0) {
        (itemEntries ??= []).push([n, key, value]);
        continue;
      }
    }
    if (REQUEST_KEYS.has(key)) continue;
    const campaignField = CAMPAIGN_KEYS[key];
    if (campaignField) {
      campaign[campaignField] = value;
      continue;
    }
    if (STRUCTURED_KEYS.has(key)) continue;
    if (key === '_dbg') debugMode = FLAG_ON(value);
    else other[key] = value;
  }

  const items: DecodedItem[] = [];
  const itemKeys: string[] = [];
  if (itemEntries) {
    itemEntries.sort((a, b) => a[0] - b[0]);
    if (itemEntries.length > MAX_DECODED_ITEMS) {
      notes.push({
        code: 'TOO_MANY_ITEMS_DECODED',
        path: `events[${index}].items`,
        message: `Only the first ${MAX_DECODED_ITEMS} of ${itemEntries.length} items were decoded.`,
      });
      itemEntries.length = MAX_DECODED_ITEMS;
    }
    for (const [, key, raw] of itemEntries) {
      items.push(decodeItem(raw));
      itemKeys.push(key);
    }
  }

  if ('debug_mode' in params) debugMode = debugMode || FLAG_ON(String(params.debug_mode));

  const page = shared.page && !touches(line, PAGE_KEYS) ? shared.page : buildPage(m.dl, m.dr, m.dt);
  const consent = shared.consent && !touches(line, CONSENT_KEYS) ? shared.consent : buildConsent(m);
  const device = shared.device && !touches(line, DEVICE_KEYS) ? shared.device : buildDevice(m, userAgent);

  const event: DecodedEvent = {
    index,
    params,
    paramKinds,
    items,
    itemKeys,
    userProperties,
    conversion: FLAG_ON(m._c),
    debugMode,
    session: {
      sessionStart: FLAG_ON(m._ss),
      firstVisit: FLAG_ON(m._fv),
      newSessionId: FLAG_ON(m._nsi),
      externalEvent: FLAG_ON(m._ee),
    },
    page,
    consent,
    device,
    campaign,
    other,
  };
  if (m.en !== undefined) event.name = m.en;
  if (m.cu !== undefined && m.cu !== '') {
    event.currency = m.cu;
    event.currencySource = 'cu';
  } else if (typeof params.currency === 'string') {
    event.currency = params.currency;
    event.currencySource = 'param';
  }
  const s = event.session;
  if (m.sid !== undefined) s.id = m.sid;
  if (m.sct !== undefined) s.number = m.sct;
  if (m.seg !== undefined) s.engaged = m.seg;
  if (m._s !== undefined) s.hitSequence = m._s;
  if (m._et !== undefined) s.engagementTimeMsec = m._et;
  if (line) event.line = line;
  return event;
}

export interface GtagDecodeOutput {
  events: DecodedEvent[];
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

export function decodeGtagEvents(
  query: Dict<string>,
  body: string,
  userAgent: string | undefined,
  notes: DecodeNote[],
): DecodedEvent[] {
  const shared: Shared = {};
  const lines = body === '' ? [] : splitBodyLines(body, notes);
  if (lines.length === 0) return [decodeGtagEvent(0, query, undefined, shared, userAgent, notes)];
  shared.page = buildPage(query.dl, query.dr, query.dt);
  shared.consent = buildConsent(query);
  shared.device = buildDevice(query, userAgent);
  const events: DecodedEvent[] = [];
  const count = Math.min(lines.length, MAX_DECODED_EVENTS);
  if (lines.length > MAX_DECODED_EVENTS)
    notes.push({
      code: 'TOO_MANY_EVENTS_DECODED',
      path: 'body',
      message: `Only the first ${MAX_DECODED_EVENTS} of ${lines.length} body lines were decoded.`,
    });
  for (let i = 0; i < count; i++) {
    const line = parseForm(lines[i] as string, (key) =>
      notes.push({
        code: 'MALFORMED_PERCENT_ENCODING',
        path: `events[${i}].${key}`,
        message: `Body line ${i + 1}: the value of "${key}" has malformed percent-encoding and was kept verbatim.`,
      }),
    );
    const merged = Object.assign(dict<string>(), query, line);
    events.push(decodeGtagEvent(i, merged, line, shared, userAgent, notes));
  }
  return events;
}
