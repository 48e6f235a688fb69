import {
  PHONE_KEYS,
  PII_QUERY_KEYS,
  RECOMMENDED_EVENTS,
  RESERVED_EVENT_NAMES,
  RESERVED_PREFIXES,
  RESERVED_USER_PROPERTIES,
  RESERVED_WEB_PARAM_NAMES,
  WEB_AUTO_EVENTS,
} from '../constants';
import { parseForm, splitUrl } from '../form';
import { DAY, MINUTE, hitFingerprint, historyKeys, scopeOf } from '../history';
import { hostMatches } from '../settings';
import type { DecodedEvent, DecodedRequest, Dict, PageInfo, ParamValue } from '../types';
import type { Rule, RuleContext } from './types';
import { deepDecode, isNonProductionHost, isPlaceholderValue, show, wireParam } from './util';

const PII_REF = 'https://support.google.com/analytics/answer/6366371';
const NAMING_REF = 'https://support.google.com/analytics/answer/13316687';

// Compiled once at module load: rules never build a RegExp per hit.
const EMAIL_RE = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
const E164_RE = /(?:^|[^\d+])\+[1-9]\d{7,14}(?:$|\D)/;
const PHONE_VALUE_RE = /^\+?[\d\s().-]{8,20}$/;
const SSN_RE = /^\d{3}-\d{2}-\d{4}$/;
const BOT_UA_RE = /bot\b|crawler|spider|headless|lighthouse|puppeteer|playwright|phantomjs|selenium|slurp|bingpreview/i;
const LANGUAGE_TAG_RE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;
const TAG_ASSISTANT_HOSTS = ['tagassistant.google.com', 'tagmanager.google.com'];
const PREVIEW_QUERY_KEYS = ['gtm_debug', 'gtm_preview', 'gtm_auth'];

/** Where a hit shows it comes from a Tag Assistant / GTM preview session, if it does. */
function previewSignal(req: DecodedRequest): { path: string; message: string } | undefined {
  for (const ev of req.events) {
    const page = ev.page;
    for (const key of PREVIEW_QUERY_KEYS) if (page.query[key] !== undefined) return { path: `events[${ev.index}].page.location`, message: `The page URL carries ${key}: this hit comes from a GTM preview / Tag Assistant session.` };
    const rh = page.referrerHost;
    if (rh && TAG_ASSISTANT_HOSTS.includes(rh)) return { path: `events[${ev.index}].page.referrer`, message: `The referrer is ${rh}: this hit comes from a Tag Assistant preview session.` };
    if (ev !== req.events[0] && page === req.events[0]?.page) break;
  }
  return undefined;
}

/** Name, parameters and items of an event, for spotting repeats inside one batch. */
function eventFingerprint(format: DecodedRequest['format'], ev: DecodedEvent): string | undefined {
  if (ev.name === undefined) return undefined;
  if (format === 'gtag') {
    const line = ev.line;
    if (!line) return undefined;
    // Timing fields differ between two firings of the same event; everything else must match.
    const keys: string[] = [];
    for (const k of Object.keys(line)) if (k !== '_et' && k !== '_s' && k !== 'tfd') keys.push(k);
    keys.sort();
    let out = '';
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i] as string;
      out += `${i === 0 ? '' : '&'}${k}=${line[k] ?? ''}`;
    }
    return out;
  }
  return `${ev.name}|${JSON.stringify(ev.params)}|${JSON.stringify(ev.items)}`;
}
const HEADLESS_RE = /headless/i;

/** An "@", plain or URL-encoded once or twice: one native scan instead of three. */
const AT_SIGN_RE = /@|%(?:25)?40/;

function containsEmail(v: string): boolean {
  if (!AT_SIGN_RE.test(v)) return false;
  return EMAIL_RE.test(v.indexOf('%') === -1 ? v : deepDecode(v));
}

/**
 * What dq.pii_email or dq.undefined_values needs somewhere in a value: an "@" or "%" (an encoded
 * "@"), a placeholder's brackets or words, or a leading _ or < after whitespace (isPlaceholderValue
 * trims). Values without any, not padded with whitespace and not as long as a placeholder word,
 * are neither an email nor a placeholder: one native scan clears them for both rules.
 */
const EMAIL_OR_PLACEHOLDER_HINT = /[@{%[]|^\s*[_<]|undefined|null|NaN/;
/** Lengths of the placeholder words ("nan", "null", "undefined", "[object object]"), matched case-insensitively without a hint. */
const PLACEHOLDER_WORD_LENGTH = [false, false, false, true, true, false, false, false, false, true, false, false, false, false, false, true];

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 160 || c > 0x167f;
}

/**
 * One event's string values (params, user properties, items) that are an email or a placeholder,
 * found in one walk for both rules (each used to walk every value with its own scan). Hits are
 * kept in walk order, so each rule reports in the order it did: where (0 params, 1 user
 * properties, 2 items), item index, key, value. Kept in `ctx.scratch` for the event: the two rules
 * run on the same event of the same validation.
 */
class ValueScan {
  email: Array<number | string> | undefined = undefined;
  placeholder: Array<number | string> | undefined = undefined;
  constructor(readonly ev: DecodedEvent) {}
}

function scanValue(scan: ValueScan, where: number, j: number, k: string, v: string): void {
  const n = v.length;
  if (n === 0) return;
  if (!EMAIL_OR_PLACEHOLDER_HINT.test(v) && !(n < 16 && PLACEHOLDER_WORD_LENGTH[n]) && !isSpace(v.charCodeAt(0)) && !isSpace(v.charCodeAt(n - 1))) return;
  if (containsEmail(v)) (scan.email ??= []).push(where, j, k, v);
  if (isPlaceholderValue(v)) (scan.placeholder ??= []).push(where, j, k, v);
}

function valueScan(ctx: RuleContext, ev: DecodedEvent): ValueScan {
  const last = ctx.scratch;
  if (last instanceof ValueScan && last.ev === ev) return last;
  const scan = new ValueScan(ev);
  const params = ev.params;
  for (const k of ctx.keysOf(params)) {
    const v = params[k];
    if (typeof v === 'string') scanValue(scan, 0, 0, k, v);
  }
  const ups = ev.userProperties;
  for (const k of ctx.keysOf(ups)) {
    const v = ups[k]?.value;
    if (typeof v === 'string') scanValue(scan, 1, 0, k, v);
  }
  const items = ev.items;
  for (let j = 0; j < items.length; j++) {
    const item = items[j] as Record<string, ParamValue>;
    for (const k of ctx.keysOf(item)) {
      const v = item[k];
      if (typeof v === 'string') scanValue(scan, 2, j, k, v);
    }
  }
  ctx.scratch = scan;
  return scan;
}

function emitScanned(ctx: RuleContext, at: string, hits: Array<number | string> | undefined, message: (value: string) => string): void {
  if (hits === undefined) return;
  for (let i = 0; i < hits.length; i += 4) {
    const where = hits[i] as number;
    const k = hits[i + 2] as string;
    const v = hits[i + 3] as string;
    ctx.emit(where === 0 ? `${at}.params.${k}` : where === 1 ? `${at}.user_properties.${k}` : `${at}.items[${hits[i + 1] as number}].${k}`, message(v));
  }
}

function digitsIn(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

function looksLikePhone(v: string): boolean {
  return PHONE_VALUE_RE.test(v) && digitsIn(v) >= 8 && /[\s().+-]/.test(v);
}

/**
 * Reports every key of the page and referrer URLs' query params that is in `keys` (lower-cased)
 * and has a value. No closure per hit: the message is a module-level function.
 */
function emitUrlQueryKeys(ctx: RuleContext, keys: ReadonlySet<string>, message: (key: string) => string): void {
  for (const { page, event } of ctx.pages) {
    emitQueryKeys(ctx, page.query, keys, message, event.index, 'location');
    const ref = referrerQuery(page);
    if (ref) emitQueryKeys(ctx, ref, keys, message, event.index, 'referrer');
  }
}

function emitQueryKeys(ctx: RuleContext, q: Dict<string>, keys: ReadonlySet<string>, message: (key: string) => string, index: number, field: string): void {
  for (const key of ctx.keysOf(q)) if (keys.has(key.toLowerCase()) && (q[key] ?? '').trim() !== '') ctx.emit(`events[${index}].page.${field}`, message(key));
}

const phoneKeyMessage = (key: string): string => `The URL carries a phone number in "${key}".`;
const piiKeyMessage = (key: string): string => `The URL carries "${key}", likely personal data.`;
const emailValueMessage = (): string => 'The value contains an email address.';
const placeholderValueMessage = (v: string): string => `The value is the placeholder "${show(v)}".`;

/** The reserved prefix a name starts with (case-insensitive), if any: google_, ga_, firebase_. */
function reservedPrefix(n: string): string | undefined {
  const c = n.charCodeAt(0) | 0x20; // lower-cases ASCII letters
  if (c !== 103 /* g */ && c !== 102 /* f */) return undefined;
  const lower = n.toLowerCase();
  for (const p of RESERVED_PREFIXES) if (lower.startsWith(p)) return p;
  return undefined;
}

const referrerQueryCache = new WeakMap<PageInfo, Dict<string>>();
function referrerQuery(page: PageInfo): Dict<string> | undefined {
  if (!page.referrer || page.referrer.indexOf('?') === -1) return undefined;
  let q = referrerQueryCache.get(page);
  if (!q) {
    q = parseForm(splitUrl(page.referrer).query);
    referrerQueryCache.set(page, q);
  }
  return q;
}

interface NamesRecord {
  names?: Record<string, string>;
}


export const dataQualityRules: Rule[] = [
  {
    id: 'dq.pii_email',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No email addresses',
    explanation: 'An email address was found in the page URL, referrer, title, a parameter, a user property or an item. Sending PII breaks Google\'s terms and can get the property deleted. Remove it at the source (form GET parameters, data layer) or redact it in the tag.',
    reference: PII_REF,
    checkRequest(ctx) {
      const uid = ctx.req.userId;
      if (uid && containsEmail(uid)) ctx.emit(ctx.req.format === 'gtag' ? 'uid' : 'user_id', 'The User-ID is an email address; Google forbids personal data as User-ID.');
      // MP page fields are event params, scanned per event below.
      if (ctx.req.format !== 'gtag') return;
      for (const { page, event } of ctx.pages) {
        const at = `events[${event.index}].page`;
        if (page.location && containsEmail(page.location)) ctx.emit(`${at}.location`, 'The page URL contains an email address.');
        if (page.referrer && containsEmail(page.referrer)) ctx.emit(`${at}.referrer`, 'The referrer contains an email address.');
        if (page.title && containsEmail(page.title)) ctx.emit(`${at}.title`, 'The page title contains an email address.');
      }
    },
    checkEvent(ctx, ev, at) {
      emitScanned(ctx, at, valueScan(ctx, ev).email, emailValueMessage);
    },
  },
  {
    id: 'dq.pii_phone',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No phone numbers or national IDs',
    explanation: 'A phone number was found (a phone/tel URL parameter, an international number in a value, or a User-ID shaped like a phone or national ID number). Google\'s terms forbid sending PII. Remove them from URLs and tracking values; use an opaque internal id as User-ID.',
    reference: PII_REF,
    checkRequest(ctx) {
      const uid = ctx.req.userId;
      if (uid && !containsEmail(uid) && (looksLikePhone(uid) || SSN_RE.test(uid)))
        ctx.emit(ctx.req.format === 'gtag' ? 'uid' : 'user_id', `The User-ID looks like a ${SSN_RE.test(uid) ? 'national ID' : 'phone'} number; Google forbids personal data as User-ID.`);
      emitUrlQueryKeys(ctx, PHONE_KEYS, phoneKeyMessage);
    },
    checkEvent(ctx, ev, at) {
      for (const name of ctx.keysOf(ev.params)) {
        const v = ev.params[name];
        if (typeof v !== 'string' && typeof v !== 'number') continue;
        const s = typeof v === 'string' ? v : String(v);
        // E.164 needs a "+": most values skip the regex.
        if ((PHONE_KEYS.has(name.toLowerCase()) && digitsIn(s) >= 6) || (s.indexOf('+') !== -1 && E164_RE.test(s))) ctx.emit(`${at}.params.${name}`, 'The value looks like a phone number.');
      }
    },
  },
  {
    id: 'dq.pii_query_keys',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No personal data in URL parameters',
    explanation: 'The page or referrer URL has parameters such as email, name, address, zip, password or token with a value: forms submitted with GET leak them into GA4. Switch the form to POST or strip the parameters before the tag reads the URL.',
    reference: PII_REF,
    checkRequest(ctx) {
      emitUrlQueryKeys(ctx, PII_QUERY_KEYS, piiKeyMessage);
    },
  },



  {
    id: 'dq.reserved_event_name',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No reserved event names',
    explanation: 'Names such as session_start, first_visit, app_remove or error are reserved for events Google creates itself; events sent with them are rejected or double count. Rename the event.',
    reference: NAMING_REF,
    checkEvent(ctx, ev, at) {
      const name = ev.name;
      if (name === undefined || !RESERVED_EVENT_NAMES.has(name)) return;
      if (ctx.req.format === 'gtag' && WEB_AUTO_EVENTS.has(name)) return;
      // Measurement Protocol rejects reserved names (error); on the web they are sent as custom events and double count (warning).
      ctx.emit(`${at}.name`, `Event at index: [${ev.index}] has reserved name [${name}].`, 'NAME_RESERVED', ctx.req.format === 'mp' ? 'error' : 'warning');
    },
  },
  {
    id: 'dq.reserved_prefix',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No reserved prefixes or user property names',
    explanation: 'Event, parameter and user property names may not start with google_, ga_ or firebase_, and user properties may not be named first_open_time, first_visit_time, last_deep_link_referrer, user_id or first_open_after_install. Rename them.',
    reference: NAMING_REF,
    checkEvent(ctx, ev, at) {
      const ep = ev.name === undefined ? undefined : reservedPrefix(ev.name);
      if (ep) ctx.emit(`${at}.name`, `Event name "${show(ev.name)}" uses the reserved prefix "${ep}".`, 'NAME_RESERVED');
      for (const name of ctx.keysOf(ev.params)) {
        const p = reservedPrefix(name);
        if (p) ctx.emit(`${at}.params.${name}`, `Parameter "${show(name)}" uses the reserved prefix "${p}".`, 'NAME_RESERVED');
      }
      if (ctx.req.format === 'mp' && ev !== ctx.req.events[0]) return;
      const upAt = ctx.req.format === 'mp' ? 'user_properties' : `${at}.user_properties`;
      for (const name of ctx.keysOf(ev.userProperties)) {
        const p = reservedPrefix(name);
        if (p) ctx.emit(`${upAt}.${name}`, `User property "${show(name)}" uses the reserved prefix "${p}".`, 'NAME_RESERVED');
        else if (RESERVED_USER_PROPERTIES.has(name)) ctx.emit(`${upAt}.${name}`, `User property name "${name}" is reserved.`, 'NAME_RESERVED');
      }
    },
  },
  {
    id: 'dq.event_name_case',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Event names use one casing',
    explanation: 'Event names are case-sensitive: "Purchase" and "purchase" are two events, and only the lower-case recommended one fills the standard reports. Use one spelling (snake_case).',
    reference: NAMING_REF,
    checkEvent(ctx, ev, at) {
      const name = ev.name;
      if (!name) return;
      const lower = name.toLowerCase();
      if (lower !== name && RECOMMENDED_EVENTS.has(lower)) {
        ctx.emit(`${at}.name`, `"${show(name)}" differs from the recommended event "${lower}" only in case.`);
        return;
      }
      const { history } = ctx;
      if (history) {
        const key = historyKeys.eventNames(scopeOf(ctx.req));
        const rec = history.get(key) as NamesRecord | undefined;
        const seen = rec?.names?.[lower];
        if (seen !== undefined && seen !== name) ctx.emit(`${at}.name`, `"${show(name)}" was also sent as "${show(seen)}".`);
        else if (seen === undefined && Object.keys(rec?.names ?? {}).length < 1000)
          history.set(key, { names: { ...(rec?.names ?? {}), [lower]: name } }, 30 * DAY);
      } else {
        for (const other of ctx.req.events)
          if (other.index < ev.index && other.name !== undefined && other.name !== name && other.name.toLowerCase() === lower) {
            ctx.emit(`${at}.name`, `"${show(name)}" and "${show(other.name)}" in the same request differ only in case.`);
            break;
          }
      }
    },
  },
  {
    id: 'dq.undefined_values',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No placeholder values',
    explanation: 'Values such as "undefined", "null", "NaN", "[object Object]", unreplaced template tokens ({{…}}, %%…%%, ${…}) or "undefined-Something" come from data layer variables that were not set when the tag fired; GA4 stores them as real values. Fix the variable or the tag\'s trigger timing. (Empty values are not flagged: GA4 treats them as not set. User ids are the exception: uid= or user_id "" is sent, and an empty User-ID is not "no user id"; omit the parameter for visitors who are not logged in.)',
    reference: 'https://developers.google.com/tag-platform/tag-manager/datalayer',
    checkRequest(ctx) {
      const { req } = ctx;
      const ids: Array<[string, string | undefined]> = [[req.format === 'gtag' ? 'cid' : 'client_id', req.clientId], [req.format === 'gtag' ? 'uid' : 'user_id', req.userId]];
      for (const [path, v] of ids) if (v !== undefined && isPlaceholderValue(v)) ctx.emit(path, `The id is the placeholder "${show(v)}".`);
      if (req.userId !== undefined && req.userId.trim() === '') ctx.emit(req.format === 'gtag' ? 'uid' : 'user_id', `The user id is sent empty (${req.format === 'gtag' ? 'uid=' : 'user_id ""'}); an empty User-ID is not "no user id": omit it when the visitor is not logged in.`);
    },
    checkEvent(ctx, ev, at) {
      const uid = ev.params.user_id;
      if (typeof uid === 'string' && uid.trim() === '' && ctx.req.format === 'gtag') ctx.emit(`${at}.params.user_id`, 'ep.user_id is sent empty; an empty User-ID is not "no user id": omit it when the visitor is not logged in.');
      emitScanned(ctx, at, valueScan(ctx, ev).placeholder, placeholderValueMessage);
      const title = ev.page.title;
      if (title !== undefined && (ev.index === 0 || ev.page !== ctx.req.events[0]?.page) && isPlaceholderValue(title))
        ctx.emit(`${at}.page.title`, `The page title is the placeholder "${show(title)}".`);
    },
  },

  {
    id: 'dq.debug_in_prod',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No debug mode on production traffic',
    explanation: 'debug_mode (_dbg=1, or ep.debug_mode / debug_mode set) routes hits to DebugView; left on in production, real traffic is marked as debug traffic (Google: "Monitor events in DebugView"). Enable it only in preview / staging (GTM preview sets it automatically). On development and staging hosts it is expected and reported as information only.',
    reference: 'https://support.google.com/analytics/answer/7201382',
    checkRequest(ctx) {
      let ev: DecodedEvent | undefined;
      for (const e of ctx.req.events)
        if (e.debugMode) {
          ev = e;
          break;
        }
      // A Tag Assistant / preview session is one root cause, reported by dq.preview_traffic.
      if (!ev || previewSignal(ctx.req) !== undefined) return;
      const host = ev.page.host;
      const path = ctx.req.format === 'gtag' ? '_dbg' : `events[${ev.index}].params.debug_mode`;
      if (host && isNonProductionHost(host)) {
        ctx.emit(path, `Debug mode is on for development host "${host}" (expected there; information only).`, undefined, 'info');
        return;
      }
      if (host && ctx.facts.allowedHosts && !hostMatches(host, ctx.facts.allowedHosts)) return;
      ctx.emit(path, host ? `Debug mode is on for production host "${host}".` : 'Debug mode is on for server-side (Measurement Protocol) traffic.');
    },
  },
  {
    id: 'dq.bot_ua',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'Traffic from a real browser',
    explanation: 'The client hints or User-Agent show a headless browser, crawler or test tool. GA4 filters known bots only partly; this traffic inflates users and sessions. Exclude it (IP filter, server-side filtering, or by not loading tags for bots).',
    reference: 'https://support.google.com/analytics/answer/9888366',
    checkRequest(ctx) {
      const device = ctx.req.events[0]?.device;
      if (!device) return;
      let headless: { brand: string } | undefined;
      for (const b of device.brands) if (HEADLESS_RE.test(b.brand)) headless = b;
      if (headless) ctx.emit('uafvl', `Client hints report "${show(headless.brand)}".`);
      else if (device.userAgent && BOT_UA_RE.test(device.userAgent)) ctx.emit('user-agent', `User-Agent "${show(device.userAgent, 80)}" is a bot or automation tool.`);
    },
  },

  {
    id: 'dq.debug_mode_false',
    onlyWithParams: ['debug_mode'],
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'debug_mode is removed, not set to false',
    explanation: 'Google documents that any value of debug_mode, false included, sends the hit to DebugView: only removing the parameter turns debug mode off. Remove debug_mode from the tag configuration instead of setting it to false.',
    reference: 'https://support.google.com/analytics/answer/7201382',
    checkEvent(ctx, ev, at) {
      const v = ev.params.debug_mode;
      if (v === undefined) return;
      const s = String(v).trim().toLowerCase();
      if (s === 'false' || s === '0' || s === 'no' || s === 'off')
        ctx.emit(`${at}.params.debug_mode`, `debug_mode=${show(v)} still sends this hit to DebugView; remove the parameter to turn debug mode off.`);
    },
  },
  {
    id: 'dq.preview_traffic',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No Tag Assistant or GTM preview traffic',
    explanation: 'The hit comes from a Tag Assistant / GTM preview session (gtm_debug or gtm_preview in the page URL, tagassistant.google.com as referrer). Preview traffic reaching the production property inflates users and sessions. Use a separate test property, or exclude it with a developer-traffic data filter.',
    reference: 'https://support.google.com/analytics/answer/10108813',
    checkRequest(ctx) {
      const signal = previewSignal(ctx.req);
      if (signal) ctx.emit(signal.path, signal.message);
    },
  },
  {
    id: 'dq.language_tag',
    onlyFormat: 'gtag',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Browser language is a language tag',
    explanation: 'ul is the browser language as a BCP 47 tag (en-us, es-419, pt-br). Another value (a locale name, "undefined", a country name) makes the Language dimension useless. Let gtag set ul, or send navigator.language.',
    reference: 'https://developers.google.com/analytics/devguides/collection/ga4/reference/config',
    checkRequest(ctx) {
      if (ctx.req.format !== 'gtag') return;
      for (const { event } of ctx.pages) {
        const ul = event.device.language;
        if (ul === undefined || ul === '' || LANGUAGE_TAG_RE.test(ul)) continue;
        ctx.emit(event.index === 0 ? 'ul' : `events[${event.index}].ul`, `ul "${show(ul)}" is not a language tag such as en-us or es-419.`, 'VALUE_INVALID');
        return;
      }
    },
  },
  {
    id: 'dq.duplicate_event_in_batch',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No event repeated inside one batch',
    explanation: 'The same event, with the same name and parameters, appears twice in one request: a trigger fired twice (often a list impression pushed twice to the data layer). GA4 counts both. Fire the event once.',
    reference: 'https://developers.google.com/analytics/devguides/collection/ga4/events',
    checkRequest(ctx) {
      const events = ctx.req.events;
      if (events.length < 2) return;
      const seen = new Map<string, number>();
      for (const ev of events) {
        const key = eventFingerprint(ctx.req.format, ev);
        if (key === undefined) continue;
        const first = seen.get(key);
        if (first !== undefined) {
          ctx.emit(`events[${ev.index}]`, `Event [${ev.index}] "${show(ev.name ?? '')}" repeats event [${first}] with the same parameters and items.`);
          continue;
        }
        seen.set(key, ev.index);
      }
    },
  },
  {
    id: 'dq.reserved_param_name',
    onlyFormat: 'gtag',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No reserved parameter names as custom parameters',
    explanation: 'GA4 reserves these web parameter names: cid, customer_id, customerid, dclid, gclid, session_id, sessionid, sfmc_id, sid, srsltid, uid, user_id, userid. Sent as custom event parameters (ep.*) they are dropped or collide with Google\'s own fields. Rename the parameter.',
    reference: NAMING_REF,
    checkEvent(ctx, ev, at) {
      if (ctx.req.format !== 'gtag') return;
      for (const name of ctx.keysOf(ev.params))
        if (RESERVED_WEB_PARAM_NAMES.has(name)) ctx.emit(`${at}.params.${name}`, `"${name}" is a reserved parameter name on the web (sent as ${wireParam(ctx.req, ev, name)}).`, 'NAME_RESERVED');
    },
  },
  {
    id: 'dq.duplicate_hit',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No duplicate hits',
    explanation: 'The same request (client, page load, hit counter and events) arrived twice within 2 seconds: a retrying proxy, two identical tags or a double-firing trigger. Counts are inflated. Remove the duplicate tag or make retries idempotent.',
    reference: 'https://support.google.com/tagmanager/answer/6106716',
    needsHistory: true,
    needsCaptureTime: true,
    checkRequest(ctx) {
      const { history, req } = ctx;
      const fp = history ? hitFingerprint(req) : undefined;
      if (!history || !fp) return;
      const key = historyKeys.hit(scopeOf(req), fp);
      const now = ctx.now;
      if (now === undefined) return;
      const prev = history.get(key) as { at?: number } | undefined;
      if (prev?.at !== undefined && now - prev.at <= 2000) ctx.emit(req.format === 'gtag' ? '_s' : 'timestamp_micros', `Identical hit received ${now - prev.at} ms earlier.`);
      history.set(key, { at: now }, MINUTE);
    },
  },

];
