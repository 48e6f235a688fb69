import {
  GEO_KEYS,
  LEGACY_UA_PARAMS,
  PHONE_KEYS,
  PII_QUERY_KEYS,
  RECOMMENDED_EVENTS,
  RESERVED_EVENT_NAMES,
  RESERVED_PREFIXES,
  RESERVED_USER_PROPERTIES,
  WEB_AUTO_EVENTS,
} from '../constants';
import { parseForm, splitUrl } from '../form';
import { DAY, MINUTE, hitFingerprint, historyKeys, scopeOf } from '../history';
import { hostMatches } from '../settings';
import type { DecodedEvent, Dict, PageInfo } from '../types';
import type { Rule, RuleContext } from './types';
import { deepDecode, forEachStringValue, isNonProductionHost, show } from './util';

const PII_REF = 'https://support.google.com/analytics/answer/6366371';
const NAMING_REF = 'https://support.google.com/analytics/answer/13316687';

// Compiled once at module load: rules never build a RegExp per hit.
const EMAIL_RE = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/i;
const E164_RE = /(?:^|[^\d+])\+[1-9]\d{7,14}(?:$|\D)/;
const PHONE_VALUE_RE = /^\+?[\d\s().-]{8,20}$/;
const SSN_RE = /^\d{3}-\d{2}-\d{4}$/;
const COORD_RE = /^-?\d{1,3}\.\d{3,}$/;
const COORD_PAIR_RE = /-?\d{1,3}\.\d{3,}\s*,\s*-?\d{1,3}\.\d{3,}/;
const BOT_UA_RE = /bot\b|crawler|spider|headless|lighthouse|puppeteer|playwright|phantomjs|selenium|slurp|bingpreview/i;
const PLACEHOLDER_VALUES = new Set(['undefined', 'null', 'nan', '[object object]']);
const HEADLESS_RE = /headless/i;

function containsEmail(v: string): boolean {
  if (v.indexOf('@') === -1 && v.indexOf('%40') === -1 && v.indexOf('%2540') === -1) return false;
  return EMAIL_RE.test(v.indexOf('%') === -1 ? v : deepDecode(v));
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

/** Query params of the page and referrer URLs, each with the path to report. */
function forEachUrlQuery(ctx: RuleContext, fn: (query: Dict<string>, path: string) => void): void {
  for (const { page, event } of ctx.pages) {
    fn(page.query, `events[${event.index}].page.location`);
    const ref = referrerQuery(page);
    if (ref) fn(ref, `events[${event.index}].page.referrer`);
  }
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

interface VolumeRecord {
  bucket: number;
  count: number;
  ema?: number;
  completed: number;
}

const VOLUME_BUCKET_MS = 10 * MINUTE;
const VOLUME_WARMUP_BUCKETS = 6;

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
      forEachStringValue(ev, at, (v, path) => {
        if (containsEmail(v)) ctx.emit(path, 'The value contains an email address.');
      });
    },
  },
  {
    id: 'dq.pii_phone',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No phone numbers',
    explanation: 'A phone number was found (a phone/tel URL parameter or an international number in a value). Phone numbers are PII. Remove them from URLs and tracking values.',
    reference: PII_REF,
    checkRequest(ctx) {
      forEachUrlQuery(ctx, (q, path) => {
        for (const key in q) if (PHONE_KEYS.has(key.toLowerCase()) && (q[key] ?? '').trim() !== '') ctx.emit(path, `The URL carries a phone number in "${key}".`);
      });
    },
    checkEvent(ctx, ev, at) {
      for (const name in ev.params) {
        const v = ev.params[name];
        if (typeof v !== 'string' && typeof v !== 'number') continue;
        const s = String(v);
        if ((PHONE_KEYS.has(name.toLowerCase()) && digitsIn(s) >= 6) || E164_RE.test(s)) ctx.emit(`${at}.params.${name}`, 'The value looks like a phone number.');
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
      forEachUrlQuery(ctx, (q, path) => {
        for (const key in q) if (PII_QUERY_KEYS.has(key.toLowerCase()) && (q[key] ?? '').trim() !== '') ctx.emit(path, `The URL carries "${key}", likely personal data.`);
      });
    },
  },
  {
    id: 'dq.pii_uid_shape',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'User-ID is not personal data',
    explanation: 'The User-ID looks like an email, phone number or national ID. Google forbids PII as User-ID. Use an internal, opaque customer ID (or a salted hash).',
    reference: 'https://support.google.com/analytics/answer/9213390',
    checkRequest(ctx) {
      const uid = ctx.req.userId;
      if (!uid) return;
      const path = ctx.req.format === 'gtag' ? 'uid' : 'user_id';
      if (containsEmail(uid)) ctx.emit(path, 'The User-ID is an email address.');
      else if (SSN_RE.test(uid)) ctx.emit(path, 'The User-ID looks like a national ID number.');
      else if (looksLikePhone(uid)) ctx.emit(path, 'The User-ID looks like a phone number.');
    },
  },
  {
    id: 'dq.pii_precise_geo',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'error',
    title: 'No precise geolocation',
    explanation: 'Latitude/longitude with three or more decimals locates a person to within ~100 m, which Google treats as PII. Round to two decimals or send a city/region instead.',
    reference: PII_REF,
    checkRequest(ctx) {
      forEachUrlQuery(ctx, (q, path) => {
        for (const key in q) if (GEO_KEYS.has(key.toLowerCase()) && COORD_RE.test((q[key] ?? '').trim())) ctx.emit(path, `The URL carries a precise coordinate in "${key}".`);
      });
    },
    checkEvent(ctx, ev, at) {
      for (const name in ev.params) {
        const v = ev.params[name];
        if (typeof v !== 'string' && typeof v !== 'number') continue;
        const s = String(v);
        if ((GEO_KEYS.has(name.toLowerCase()) && COORD_RE.test(s)) || COORD_PAIR_RE.test(s)) ctx.emit(`${at}.params.${name}`, 'The value is a precise coordinate.');
      }
    },
  },
  {
    id: 'dq.ip_override_mp',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'info',
    title: 'Measurement Protocol ip_override reviewed',
    explanation: 'ip_override forwards the visitor\'s IP address to Google for geolocation. That is personal data under GDPR: check that it is covered by consent and the privacy notice.',
    reference: 'https://developers.google.com/analytics/devguides/collection/protocol/ga4/reference#payload_post_body',
    checkRequest(ctx) {
      if (ctx.req.mp?.ipOverride !== undefined) ctx.emit('ip_override', `ip_override ${show(ctx.req.mp.ipOverride)} sends the visitor's IP address to Google.`);
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
      const prefixed = (n: string): string | undefined => RESERVED_PREFIXES.find((p) => n.toLowerCase().startsWith(p));
      const ep = ev.name === undefined ? undefined : prefixed(ev.name);
      if (ep) ctx.emit(`${at}.name`, `Event name "${show(ev.name)}" uses the reserved prefix "${ep}".`, 'NAME_RESERVED');
      for (const name in ev.params) {
        const p = prefixed(name);
        if (p) ctx.emit(`${at}.params.${name}`, `Parameter "${show(name)}" uses the reserved prefix "${p}".`, 'NAME_RESERVED');
      }
      if (ctx.req.format === 'mp' && ev !== ctx.req.events[0]) return;
      const upAt = ctx.req.format === 'mp' ? 'user_properties' : `${at}.user_properties`;
      for (const name in ev.userProperties) {
        const p = prefixed(name);
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
    explanation: 'Values such as "undefined", "null", "NaN", "[object Object]" or an empty string come from data layer variables that were not set when the tag fired. Fix the variable or the tag\'s trigger timing.',
    reference: 'https://developers.google.com/tag-platform/tag-manager/datalayer',
    checkEvent(ctx, ev, at) {
      forEachStringValue(ev, at, (v, path) => {
        const t = v.trim();
        if (t === '' || (t.length <= 15 && PLACEHOLDER_VALUES.has(t.toLowerCase()))) ctx.emit(path, t === '' ? 'The value is empty.' : `The value is the placeholder "${t}".`);
      });
      const title = ev.page.title;
      if (title !== undefined && (ev.index === 0 || ev.page !== ctx.req.events[0]?.page) && PLACEHOLDER_VALUES.has(title.trim().toLowerCase()))
        ctx.emit(`${at}.page.title`, `The page title is the placeholder "${title}".`);
    },
  },
  {
    id: 'dq.debug_in_prod',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No debug mode on production traffic',
    explanation: 'debug_mode (_dbg=1) routes hits to DebugView and, left on in production, marks real traffic as debug traffic. Enable it only in preview / staging (GTM preview sets it automatically).',
    reference: 'https://support.google.com/analytics/answer/7201382',
    checkRequest(ctx) {
      let ev: DecodedEvent | undefined;
      for (const e of ctx.req.events)
        if (e.debugMode) {
          ev = e;
          break;
        }
      if (!ev) return;
      const host = ev.page.host;
      if (host && isNonProductionHost(host)) return;
      if (host && ctx.facts.allowedHosts && !hostMatches(host, ctx.facts.allowedHosts)) return;
      ctx.emit(ctx.req.format === 'gtag' ? '_dbg' : `events[${ev.index}].params.debug_mode`, host ? `Debug mode is on for production host "${host}".` : 'Debug mode is on for server-side (Measurement Protocol) traffic.');
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
    id: 'dq.legacy_ua_params',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'No Universal Analytics parameters on /g/collect',
    explanation: 'The hit carries Universal Analytics parameters (t=, _v, jid, ec/ea/el…) or a UA- property ID: a UA tag or a UA-to-GA4 shim is pointed at GA4, and GA4 ignores these fields. Replace it with a GA4 tag / event.',
    reference: 'https://support.google.com/analytics/answer/11583528',
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'gtag') return;
      const found: string[] = [];
      // UA params are unknown to the GA4 decoder, so they sit in each event's `other` (a small
      // record; iterating the whole query record is much slower).
      for (const ev of req.events) for (const key in ev.other) if (LEGACY_UA_PARAMS.has(key) && !found.includes(key)) found.push(key);
      if (req.measurementId?.startsWith('UA-')) found.push(`tid=${req.measurementId}`);
      if (found.length > 0) ctx.emit(found[0]?.startsWith('tid=') ? 'tid' : (found[0] as string), `Universal Analytics parameters on a GA4 hit: ${found.slice(0, 12).join(', ')}.`);
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
    checkRequest(ctx) {
      const { history, req } = ctx;
      const fp = history ? hitFingerprint(req) : undefined;
      if (!history || !fp) return;
      const key = historyKeys.hit(scopeOf(req), fp);
      const prev = history.get(key) as { at?: number } | undefined;
      if (prev?.at !== undefined && ctx.now - prev.at <= 2000) ctx.emit(req.format === 'gtag' ? '_s' : 'timestamp_micros', `Identical hit received ${ctx.now - prev.at} ms earlier.`);
      history.set(key, { at: ctx.now }, MINUTE);
    },
  },
  {
    id: 'dq.volume_anomaly',
    family: 'data_quality',
    tier: 'advanced',
    defaultSeverity: 'warning',
    title: 'Hit volume is stable',
    explanation: 'The number of hits in the last 10 minutes dropped below 20% or rose above 5× the recent average for this measurement ID: a tag was removed or broken, or bots / a loop flood the property. Check recent site and tag releases.',
    reference: 'https://support.google.com/analytics/answer/9443595',
    needsHistory: true,
    checkRequest(ctx) {
      const { history, req } = ctx;
      if (!history || !req.measurementId) return;
      const key = historyKeys.volume(scopeOf(req));
      const bucket = Math.floor(ctx.now / VOLUME_BUCKET_MS);
      const prev = history.get(key) as VolumeRecord | undefined;
      if (!prev || bucket < prev.bucket) {
        history.set(key, { bucket, count: 1, completed: 0 }, DAY);
        return;
      }
      if (bucket === prev.bucket) {
        history.set(key, { ...prev, count: prev.count + 1 }, DAY);
        return;
      }
      // A bucket closed: compare it (and any empty buckets after it) with the moving average.
      const gap = Math.min(bucket - prev.bucket - 1, VOLUME_WARMUP_BUCKETS);
      const closed = [prev.count, ...new Array<number>(gap).fill(0)];
      let ema = prev.ema;
      let completed = prev.completed;
      let finding: string | undefined;
      for (const count of closed) {
        if (finding === undefined && ema !== undefined && completed >= VOLUME_WARMUP_BUCKETS) {
          if (ema >= 20 && count < ema * 0.2) finding = `Hit volume dropped to ${count} per 10 min (average ${Math.round(ema)}).`;
          else if (count >= 50 && count > ema * 5) finding = `Hit volume spiked to ${count} per 10 min (average ${Math.round(ema)}).`;
        }
        ema = ema === undefined ? count : ema * 0.7 + count * 0.3;
        completed++;
      }
      if (finding !== undefined) ctx.emit('events', finding);
      history.set(key, { bucket, count: 1, ema, completed }, DAY);
    },
  },
];
