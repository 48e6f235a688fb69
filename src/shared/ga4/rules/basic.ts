import { LEGACY_UA_PARAMS, LIMITS, MEASUREMENT_ID_RE, NAME_RE } from '../constants';
import { otherHasOnlyKnownKeys } from '../decode-gtag';
import { isGoogleParam } from '../google-params';
import { hostMatches } from '../settings';
import type { DecodedEvent, Dict } from '../types';
import type { Rule, RuleContext } from './types';
import { isPlaceholderMeasurementId, isUniversalAnalyticsPayload, num, show } from './util';

const MP_REF = 'https://developers.google.com/analytics/devguides/collection/protocol/ga4/reference';
const LIMITS_REF = 'https://support.google.com/analytics/answer/9267744';
const NAMING_REF = 'https://support.google.com/analytics/answer/13316687';
const EB_REF = 'https://ga-dev-tools.google/ga4/event-builder/';
const GTAG_REF = 'https://developers.google.com/tag-platform/gtagjs/reference';

/** ASCII names checked without the Unicode regex: a letter, then letters, digits and underscores. */
function isAsciiName(name: string): boolean {
  const c0 = name.charCodeAt(0) | 0x20;
  if (c0 < 97 || c0 > 122) return false;
  for (let i = 1; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c === 95 || (c >= 48 && c <= 57)) continue;
    const l = c | 0x20;
    if (l < 97 || l > 122) return false;
  }
  return true;
}

function nameProblem(name: string, max: number): string | undefined {
  if (name.length > max) return `is longer than ${max} characters`;
  if (!isAsciiName(name) && !NAME_RE.test(name)) {
    const alpha = /^\p{L}/u.test(name);
    return alpha ? 'may only contain letters, digits and underscores' : 'must start with an alphabetic character';
  }
  return undefined;
}

/**
 * The decoder already sorted every param it understands into the model; only `other` (internal
 * flags and unknown keys) needs checking. `only` limits the check to a body line's own keys, so a
 * shared query param is reported once per request, not once per batched event.
 */
function checkUnknownParams(ctx: RuleContext, ev: DecodedEvent, only: Dict<string> | undefined, where: string): void {
  // The decoder knows when every key of the record is known: nothing below could report, and the
  // record (built on first read) need not be built.
  if (otherHasOnlyKnownKeys(ev)) return;
  const other = ev.other;
  for (const key of ctx.keysOf(other)) {
    if (only !== undefined && !(key in only)) continue;
    // Google's own parameters (table in google-params.ts) and UA leftovers (basic.version) are not "unknown".
    if (isGoogleParam(key) || LEGACY_UA_PARAMS.has(key)) continue;
    ctx.emit(where === '' ? key : `${where}.${key}`, `"${key}" is not a documented GA4 parameter; GA4 ignores it. If it is your own data, send it as "ep.${key}" (text) or "epn.${key}" (number).`);
  }
}

/** basic.epn_numeric on one counter (_et, _s, sct, sid). */
function checkCounter(ctx: RuleContext, ev: DecodedEvent, at: string, wire: string, value: string | number | undefined): void {
  if (value === undefined || value === '') return;
  // Request-level counters are reported once (on the first event) unless a body line overrides them.
  if (ev.index > 0 && !(ev.line && wire in ev.line)) return;
  if (!Number.isFinite(num(value))) ctx.emit(ev.index > 0 ? `${at}.${wire}` : wire, `${wire} is "${show(value)}", not a number.`, 'VALUE_INVALID');
}

export const basicRules: Rule[] = [
  {
    id: 'basic.request_decodable',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Request decodes cleanly',
    explanation:
      'The request (or part of it) could not be read: malformed percent-encoding, events that are not objects, items that are not an array, events separated by spaces instead of line breaks. Google drops what it cannot parse. Fix the code that builds the request.',
    reference: MP_REF,
    checkRequest(ctx) {
      for (const note of ctx.req.notes) ctx.emit(note.path, note.message, 'VALUE_INVALID');
    },
  },
  {
    id: 'basic.endpoint_known',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Known GA4 endpoint and method',
    explanation:
      'GA4 accepts events on /g/collect (gtag, GET or POST; also on first-party hosts: server-side GTM, and the Google tag gateway\'s /<prefix>/ag/g/c and /<prefix>/ga/g/c paths) and /mp/collect or /debug/mp/collect (Measurement Protocol, POST only). A request that is none of these is not collected. Google requests that are not GA4 collection at all (Google Ads /ccm/, /pagead/, /rmkt/ and /measurement/ pings, Merchant Center /mc/collect, Floodlight, Signals, tag scripts, first-party paths without a v=2 payload: the table in google-surface.ts) are reported once, at information level, saying what they are, and no GA4 rule runs on them.',
    reference: 'https://developers.google.com/tag-platform/tag-manager/gateway',
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.endpoint === 'unknown')
        ctx.emit('url', `"${show(req.path)}" is not a GA4 endpoint; use /g/collect, /mp/collect or /debug/mp/collect.`);
      else if (req.format === 'mp' && req.method !== 'POST')
        ctx.emit('method', `The Measurement Protocol only accepts POST; this request used ${req.method}.`);
      else if (req.format === 'gtag' && req.method !== 'GET' && req.method !== 'POST')
        ctx.emit('method', `/g/collect accepts GET or POST; this request used ${req.method}.`);
    },
  },
  {
    id: 'basic.version',
    onlyFormat: 'gtag',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Protocol version v=2 (not a Universal Analytics hit)',
    explanation: 'Every /g/collect hit carries v=2. v=1 and Universal Analytics parameters (t=, _v, jid, ec/ea/el, a UA- property) mean a UA tag or a UA-to-GA4 shim is pointed at GA4, which does not process them. This one finding stands for the whole hit (its missing en, sid or G- id are the same cause). Replace the UA tag with a GA4 tag.',
    reference: 'https://support.google.com/analytics/answer/11583528',
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'gtag') return;
      if (isUniversalAnalyticsPayload(req)) {
        const found: string[] = [];
        for (const ev of req.events) for (const key in ev.other) if (LEGACY_UA_PARAMS.has(key) && !found.includes(key)) found.push(key);
        if (req.measurementId?.startsWith('UA-')) found.push(`tid=${req.measurementId}`);
        ctx.emit('v', `This is a Universal Analytics hit${req.protocolVersion !== undefined ? ` (v=${show(req.protocolVersion)})` : ''}${found.length > 0 ? ` with UA parameters ${found.slice(0, 10).join(', ')}` : ''}; GA4 does not process it.`, 'VALUE_INVALID');
        return;
      }
      if (req.protocolVersion === undefined) ctx.emit('v', 'The protocol version "v" is missing; GA4 hits carry v=2.', 'VALUE_REQUIRED');
      else if (req.protocolVersion !== '2') ctx.emit('v', `Protocol version is "${show(req.protocolVersion)}"; GA4 hits carry v=2.`, 'VALUE_INVALID');
    },
  },
  {
    id: 'basic.tid_format',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Measurement ID present and well formed',
    explanation:
      'Each hit names its data stream: `tid` (gtag) or `measurement_id` / `firebase_app_id` (Measurement Protocol). A web measurement ID is G- followed by letters and digits. The placeholders Google\'s guides and snippets print (G-XXXXXXXXXX, GA_MEASUREMENT_ID, TAG_ID, <MEASUREMENT_ID>, YOUR_…) send the data nowhere. Copy the real ID from Admin > Data streams.',
    reference: MP_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      const field = req.format === 'gtag' ? 'tid' : 'measurement_id';
      if (req.format === 'mp' && req.measurementId === undefined && req.firebaseAppId) return;
      if (isUniversalAnalyticsPayload(req)) return; // one root cause: basic.version
      if (req.measurementId === undefined || req.measurementId === '') {
        ctx.emit(field, req.format === 'gtag' ? 'The measurement ID "tid" is missing.' : 'The query needs measurement_id (web) or firebase_app_id (app).', 'VALUE_REQUIRED');
        return;
      }
      if (isPlaceholderMeasurementId(req.measurementId, req.format))
        ctx.emit(field, `"${show(req.measurementId)}" is a documentation placeholder, not a measurement ID: the hit reaches no property.`, 'VALUE_INVALID');
      else if (!MEASUREMENT_ID_RE.test(req.measurementId))
        ctx.emit(field, `"${show(req.measurementId)}" is not a GA4 measurement ID (expected G- followed by letters and digits).`, 'VALUE_INVALID');
    },
  },
  {
    id: 'basic.tid_expected',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: "Measurement ID belongs to this website",
    explanation:
      "The hit is sent to a measurement ID that is not in this website's settings: data lands in someone else's property, or a copied tag sends data to yours. Fix the tag's ID or add the ID in the website settings.",
    reference: MP_REF,
    needsFact: 'measurementIds',
    checkRequest(ctx) {
      const ids = ctx.facts.measurementIds;
      const id = ctx.req.measurementId;
      if (!ids || id === undefined || id === '' || ids.has(id)) return;
      ctx.emit(ctx.req.format === 'gtag' ? 'tid' : 'measurement_id', `Measurement ID "${show(id)}" is not one of this website's IDs (${ctx.facts.measurementIdList}).`);
    },
  },
  {
    id: 'basic.cid_present',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Client ID present',
    explanation:
      'Every hit needs the client ID: `cid` (gtag, from the _ga cookie) or `client_id` (web) / `app_instance_id` (app) in Measurement Protocol. Without it GA4 cannot count users or sessions.',
    reference: EB_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format === 'gtag') {
        if (!req.clientId) ctx.emit('cid', 'The client ID "cid" is missing.', 'VALUE_REQUIRED');
        return;
      }
      if (req.clientId || req.appInstanceId) {
        if (req.firebaseAppId && !req.appInstanceId) ctx.emit('app_instance_id', 'App streams (firebase_app_id) need app_instance_id.', 'VALUE_REQUIRED');
        return;
      }
      ctx.emit(req.firebaseAppId ? 'app_instance_id' : 'client_id', 'Neither client_id nor app_instance_id is set.', 'VALUE_REQUIRED');
    },
  },
  {
    id: 'basic.cid_format',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'warning',
    title: 'Client ID has the _ga cookie format',
    explanation:
      'gtag client IDs are `<random>.<unix seconds>` from the _ga cookie. Other shapes (names, emails, fixed strings) mean a hand-made ID: users get merged or split, and it may be personal data. Let gtag set cid.',
    reference: GTAG_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'gtag' || !req.clientId) return;
      if (!/^\d{1,20}\.\d{1,20}$/.test(req.clientId))
        ctx.emit('cid', `Client ID "${show(req.clientId)}" does not look like a _ga cookie value (<random>.<timestamp>).`, 'VALUE_INVALID');
    },
  },
  {
    id: 'basic.en_present',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Event name present',
    explanation: 'Each event needs a name (`en` on /g/collect, `name` in Measurement Protocol). A hit without one is not an event.',
    reference: EB_REF,
    checkEvent(ctx, ev, at) {
      if ((ev.name === undefined || ev.name === '') && !isUniversalAnalyticsPayload(ctx.req))
        ctx.emit(`${at}.name`, `Event at index [${ev.index}] has no name${ctx.req.format === 'gtag' ? ' (en)' : ''}.`, 'VALUE_REQUIRED');
    },
  },
  {
    id: 'basic.event_name_syntax',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Event name follows the naming rules',
    explanation:
      'Event names are at most 40 characters, start with a letter and use only letters, digits and underscores. Other names are rejected. Rename the event.',
    reference: NAMING_REF,
    checkEvent(ctx, ev, at) {
      if (ev.name === undefined || ev.name === '') return;
      const problem = nameProblem(ev.name, LIMITS.eventNameLength);
      if (!problem) return;
      const message =
        problem === 'must start with an alphabetic character'
          ? `Event at index: [${ev.index}] has invalid name [${ev.name}]. Names must start with an alphabetic character.`
          : `Event at index: [${ev.index}] has invalid name [${show(ev.name)}]. The name ${problem}.`;
      ctx.emit(`${at}.name`, message, 'NAME_INVALID');
    },
  },
  {
    id: 'basic.param_name_syntax',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Parameter and user property names follow the naming rules',
    explanation:
      'Parameter names are at most 40 characters, user property names at most 24; both start with a letter and use only letters, digits and underscores. Rename them in the tag.',
    reference: NAMING_REF,
    checkEvent(ctx, ev, at) {
      for (const name of ctx.keysOf(ev.params)) {
        // Server-side GTM forwards user-provided data as ep.user_data.*: Google's own names.
        if (name.startsWith('user_data.')) continue;
        const problem = nameProblem(name, LIMITS.paramNameLength);
        if (problem) ctx.emit(`${at}.params.${name}`, `Parameter name "${show(name)}" ${problem}.`, 'NAME_INVALID');
      }
      // MP user properties are shared by all events: report them once.
      if (ctx.req.format === 'mp' && ev !== ctx.req.events[0]) return;
      const upAt = ctx.req.format === 'mp' ? 'user_properties' : `${at}.user_properties`;
      for (const name of ctx.keysOf(ev.userProperties)) {
        const problem = nameProblem(name, LIMITS.userPropertyNameLength);
        if (problem) ctx.emit(`${upAt}.${name}`, `User property name "${show(name)}" ${problem}.`, 'NAME_INVALID');
      }
    },
  },
  {
    id: 'basic.param_name_duplicated',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'warning',
    title: 'Each parameter is sent once',
    explanation:
      'The same parameter or user property appears twice in one hit (e.g. ep.value and epn.value, or ep.x twice). GA4 keeps only one of them, so the other value is lost. Send each name once, with the right type.',
    reference: GTAG_REF,
    checkEvent(ctx, ev, at) {
      const dups = ev.duplicateParams;
      if (!dups) return;
      for (const wire of dups) {
        const name = wire.slice(wire.indexOf('.') + 1);
        const user = wire.startsWith('up');
        ctx.emit(`${at}.${user ? 'user_properties' : 'params'}.${name}`, `"${name}" is sent more than once in the same hit (last one: ${wire}).`, 'NAME_DUPLICATED');
      }
    },
  },
  {
    id: 'basic.param_value_length',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'warning',
    title: 'Values within length limits',
    explanation:
      'GA4 truncates or drops long values: event parameters 100 characters (page_title 300, page_referrer 420, page_location 1000), user properties 36, user_id 256. Shorten the value or split it.',
    reference: LIMITS_REF,
    checkRequest(ctx) {
      const uid = ctx.req.userId;
      if (uid !== undefined && uid.length > LIMITS.userIdLength)
        ctx.emit(ctx.req.format === 'gtag' ? 'uid' : 'user_id', `User ID is ${uid.length} characters; the limit is ${LIMITS.userIdLength}.`, 'VALUE_OUT_OF_BOUNDS');
      // MP pages come from params (checked per event below); only gtag's dl/dr/dt are checked here.
      if (ctx.req.format !== 'gtag') return;
      for (const { page, event } of ctx.pages) {
        const at = `events[${event.index}]`;
        if (page.location && page.location.length > LIMITS.pageLocationLength)
          ctx.emit(`${at}.page.location`, `Page location is ${page.location.length} characters; GA4 keeps ${LIMITS.pageLocationLength}.`, 'VALUE_OUT_OF_BOUNDS');
        if (page.referrer && page.referrer.length > LIMITS.pageReferrerLength)
          ctx.emit(`${at}.page.referrer`, `Page referrer is ${page.referrer.length} characters; GA4 keeps ${LIMITS.pageReferrerLength}.`, 'VALUE_OUT_OF_BOUNDS');
        if (page.title && page.title.length > LIMITS.pageTitleLength)
          ctx.emit(`${at}.page.title`, `Page title is ${page.title.length} characters; GA4 keeps ${LIMITS.pageTitleLength}.`, 'VALUE_OUT_OF_BOUNDS');
      }
    },
    checkEvent(ctx, ev, at) {
      for (const name of ctx.keysOf(ev.params)) {
        const v = ev.params[name];
        if (typeof v !== 'string') continue;
        const max = name === 'page_location' ? LIMITS.pageLocationLength : name === 'page_referrer' ? LIMITS.pageReferrerLength : name === 'page_title' ? LIMITS.pageTitleLength : LIMITS.paramValueLength;
        if (v.length > max) ctx.emit(`${at}.params.${name}`, `Value of "${name}" is ${v.length} characters; the limit is ${max}.`, 'VALUE_OUT_OF_BOUNDS');
      }
      if (ctx.req.format === 'mp' && ev !== ctx.req.events[0]) return;
      const upAt = ctx.req.format === 'mp' ? 'user_properties' : `${at}.user_properties`;
      for (const name of ctx.keysOf(ev.userProperties)) {
        const v = ev.userProperties[name]?.value;
        if (typeof v === 'string' && v.length > LIMITS.userPropertyValueLength)
          ctx.emit(`${upAt}.${name}`, `User property "${name}" is ${v.length} characters; the limit is ${LIMITS.userPropertyValueLength}.`, 'VALUE_OUT_OF_BOUNDS');
      }
    },
  },
  {
    id: 'basic.param_count',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'warning',
    title: 'At most 25 parameters and 25 user properties',
    explanation: 'GA4 keeps 25 parameters per event and 25 user properties; the rest are dropped. Remove parameters you do not report on.',
    reference: LIMITS_REF,
    checkEvent(ctx, ev, at) {
      const n = ctx.keysOf(ev.params).length;
      if (n > LIMITS.paramsPerEvent) ctx.emit(`${at}.params`, `Event "${show(ev.name ?? '')}" has ${n} parameters; GA4 keeps ${LIMITS.paramsPerEvent}.`, 'EXCEEDED_MAX_ENTITIES');
      if (ctx.req.format === 'mp' && ev !== ctx.req.events[0]) return;
      const u = ctx.keysOf(ev.userProperties).length;
      if (u > LIMITS.userProperties)
        ctx.emit(ctx.req.format === 'mp' ? 'user_properties' : `${at}.user_properties`, `${u} user properties; GA4 keeps ${LIMITS.userProperties}.`, 'EXCEEDED_MAX_ENTITIES');
    },
  },
  {
    id: 'basic.mp_event_count',
    onlyFormat: 'mp',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Measurement Protocol: 1 to 25 events, body under 130 kB',
    explanation: 'A Measurement Protocol request carries an `events` array of 1 to 25 events and its body stays under 130 kB. Split bigger batches.',
    reference: MP_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'mp' || !req.mp) return;
      if (!req.mp.eventsIsArray) ctx.emit('events', 'The request has no "events" array.', 'VALUE_REQUIRED');
      else if (req.mp.rawEventCount === 0) ctx.emit('events', 'The "events" array is empty.', 'VALUE_REQUIRED');
      else if (req.mp.rawEventCount > LIMITS.eventsPerRequest)
        ctx.emit('events', `${req.mp.rawEventCount} events in one request; the limit is ${LIMITS.eventsPerRequest}.`, 'EXCEEDED_MAX_ENTITIES');
      if (req.bodyBytes >= LIMITS.mpBodyBytes)
        ctx.emit('body', `The body is ${req.bodyBytes} bytes; Measurement Protocol bodies must stay under 130 kB.`, 'VALUE_OUT_OF_BOUNDS');
    },
  },
  {
    id: 'basic.mp_json_schema',
    onlyFormat: 'mp',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'warning',
    title: 'Measurement Protocol: only documented top-level keys',
    explanation:
      'Top-level keys other than client_id, app_instance_id, user_id, timestamp_micros, user_properties, consent, non_personalized_ads, user_location, ip_override, device, user_data, validation_behavior and events are ignored. Move session_id, engagement_time_msec and debug_mode into each event\'s params.',
    reference: MP_REF,
    checkRequest(ctx) {
      const mp = ctx.req.mp;
      if (!mp) return;
      for (const key of mp.unknownTopLevelKeys) {
        const hint = key === 'session_id' || key === 'engagement_time_msec' || key === 'debug_mode' ? ` Put "${key}" inside events[].params.` : '';
        ctx.emit(key, `"${show(key)}" is not a Measurement Protocol top-level field and is ignored.${hint}`);
      }
    },
  },
  {
    id: 'basic.epn_numeric',
    onlyFormat: 'gtag',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Numeric fields are numbers',
    explanation:
      'epn.* / upn.* values and the counters _et, _s, sct and sid must be finite numbers. Values such as NaN or "undefined" come from a broken data layer variable; fix the variable.',
    reference: GTAG_REF,
    checkEvent(ctx, ev, at) {
      if (ctx.req.format !== 'gtag') return;
      for (const name of ctx.keysOf(ev.paramKinds)) {
        if (ev.paramKinds[name] === 'number' && typeof ev.params[name] !== 'number')
          ctx.emit(`${at}.params.${name}`, `epn.${name} is "${show(ev.params[name])}", not a number.`, 'VALUE_INVALID');
      }
      for (const name of ctx.keysOf(ev.userProperties)) {
        const up = ev.userProperties[name];
        if (up && up.kind === 'number' && typeof up.value !== 'number')
          ctx.emit(`${at}.user_properties.${name}`, `upn.${name} is "${show(up.value)}", not a number.`, 'VALUE_INVALID');
      }
      const s = ev.session;
      checkCounter(ctx, ev, at, '_et', s.engagementTimeMsec);
      checkCounter(ctx, ev, at, '_s', s.hitSequence);
      checkCounter(ctx, ev, at, 'sct', s.number);
      checkCounter(ctx, ev, at, 'sid', s.id);
    },
  },
  {
    id: 'basic.mp_strict_json',
    onlyFormat: 'mp',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'error',
    title: 'Measurement Protocol body is strict JSON',
    explanation:
      'The body parsed only as a JavaScript object literal (unquoted keys, single quotes, comments or trailing commas). Google rejects it. Serialize the payload with JSON.stringify.',
    reference: MP_REF,
    checkRequest(ctx) {
      if (ctx.req.mp && !ctx.req.mp.strictJson) ctx.emit('body', 'The body is not valid JSON (it only parses as a JavaScript object literal).', 'VALUE_INVALID');
    },
  },
  {
    id: 'basic.page_host_allowed',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'warning',
    title: "Page is on one of the website's hosts",
    explanation:
      "The page URL is on a host that is not in this website's settings: a copied tag, a staging site sending to production, or referral spam. Add the host to the website or remove the tag there.",
    reference: 'https://support.google.com/analytics/answer/10108813',
    needsFact: 'allowedHosts',
    checkRequest(ctx) {
      const hosts = ctx.facts.allowedHosts;
      if (!hosts) return;
      for (const { page, event } of ctx.pages) {
        if (page.host && !hostMatches(page.host, hosts))
          ctx.emit(`events[${event.index}].page.location`, `Page host "${page.host}" is not one of this website's hosts (${hosts.join(', ')}).`);
      }
    },
  },
  {
    id: 'basic.gtag_unknown_params',
    onlyFormat: 'gtag',
    family: 'basic',
    tier: 'basic',
    defaultSeverity: 'info',
    title: 'Unknown top-level gtag parameters (information)',
    explanation:
      'Top-level keys that are neither GA4 protocol fields nor one of Google\'s own parameters (the documented table in google-params.ts: gtag.js, tag gateway, sGTM and Firebase parameters such as fp, excid, evnid, ae, gap.*, sst.*) are ignored by Google. When a key is your own data (amount, productId), send it as ep.<name> / epn.<name>, the currency as cu and items as pr1, pr2…; new Google parameters also land here, so this is information, not an error.',
    reference: GTAG_REF,
    checkRequest(ctx) {
      const { req } = ctx;
      if (req.format !== 'gtag') return;
      const events = req.events;
      const first = events[0];
      if (!first) return;
      if (!first.line) checkUnknownParams(ctx, first, undefined, '');
      else {
        // Batch: query-level unknowns once (from the query), then each line's own unknowns.
        if (!otherHasOnlyKnownKeys(first))
          for (const key of ctx.keysOf(req.query)) if (key in first.other && !(key in first.line)) checkUnknownParams(ctx, first, { [key]: '' }, '');
        for (const ev of events) if (ev.line) checkUnknownParams(ctx, ev, ev.line, `events[${ev.index}]`);
      }
    },
  },
];
