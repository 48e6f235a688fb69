import { decodeGtagEvents, GTAG_KNOWN_KEYS, RequestKeys } from './decode-gtag';
import { decodeMpPayload } from './decode-mp';
import { defineLazyQuery, pairsToDict, parsePairs, splitUrl, type FormPairs } from './form';
import { describeNotGa4, googleFamilyOf, notGa4Message } from './google-surface';
import { parseLenientJson } from './lenient-json';
import type { CapturedRequest, DecodeNote, DecodeResult, DecodedRequest, Dict, Endpoint, ParamValue } from './types';

/** Hard limits of the decoder itself (Google's own limits are checked by rules, not here). */
export const MAX_BODY_CHARS = 1_000_000;
export const MAX_URL_CHARS = 100_000;

const utf8 = new TextDecoder('utf-8', { fatal: false });

/** Any character outside ASCII (one native scan; ASCII-only bodies are nearly all of them). */
const NON_ASCII = /[\u0080-\uffff]/;

function utf8Length(s: string): number {
  if (!NON_ASCII.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function header(headers: Readonly<Record<string, string>> | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  const direct = headers[name];
  if (typeof direct === 'string') return direct;
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

function endpointOf(path: string): Endpoint {
  if (path.endsWith('/debug/mp/collect')) return 'mp_debug';
  if (path.endsWith('/mp/collect')) return 'mp_collect';
  // /g/collect on any host (sGTM, first-party); /g/c is the Google tag gateway's short form
  // (/<prefix>/ag/g/c, /<prefix>/ga/g/c) carrying the unchanged v=2 payload.
  if (path.endsWith('/g/collect') || path.endsWith('/g/c')) return 'g_collect';
  return 'unknown';
}

const GOOGLE_COLLECTION_HOST = /(^|\.)(google-analytics\.com|analytics\.google\.com)$/;

/** Keys only a Measurement Protocol body has at its top level (quoted or, as in docs, bare). */
const MP_SHAPE = /["']?(events|client_id|app_instance_id)["']?\s*:/;

/** A v=2 payload for a G- measurement id: a gtag hit, whatever first-party path it was sent to. */
function hasGtagSignature(query: Dict<string>): boolean {
  return query.v === '2' && typeof query.tid === 'string' && query.tid.startsWith('G-') && ('en' in query || 'cid' in query);
}

/**
 * True only for bodies JSON.parse would reject: an object whose first key is not a double-quoted
 * string (`{ client_id: …`, `{ 'client_id': …`, `{ // comment`), as Google's docs print them.
 * A rejected JSON.parse throws a SyntaxError, which costs several times the parse itself.
 */
function surelyNotStrictJson(body: string): boolean {
  let i = 0;
  // JSON's own whitespace only: JSON.parse rejects any other.
  const n = body.length;
  while (i < n && isJsonSpace(body.charCodeAt(i))) i++;
  if (body.charCodeAt(i) !== 123 /* { */) return false;
  i++;
  while (i < n && isJsonSpace(body.charCodeAt(i))) i++;
  const c = body.charCodeAt(i);
  return i < n && c !== 34 /* " */ && c !== 125 /* } */;
}

function isJsonSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

function fail(code: Extract<DecodeResult, { ok: false }>['error']['code'], message: string): DecodeResult {
  return { ok: false, error: { code, message } };
}

/**
 * Decodes one captured GA4 request into the shared model. Never throws: anything it cannot
 * read at all becomes a structured error; partial problems become `notes`.
 */
export function decodeRequest(input: CapturedRequest): DecodeResult {
  try {
    return decodeUnsafe(input);
  } catch (err) {
    // Defensive: decoding is written not to throw, but a validator must never crash on bytes.
    return fail('NOT_GA4', `The request could not be decoded: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function decodeUnsafe(input: CapturedRequest): DecodeResult {
  const url = typeof input?.url === 'string' ? input.url : '';
  if (url.trim() === '') return fail('EMPTY_REQUEST', 'The request has no URL.');
  if (url.length > MAX_URL_CHARS) return fail('URL_TOO_LONG', `The URL is longer than ${MAX_URL_CHARS} characters.`);
  const rawBody = input.body;
  let body = '';
  if (typeof rawBody === 'string') body = rawBody;
  else if (rawBody instanceof Uint8Array) {
    if (rawBody.byteLength > MAX_BODY_CHARS * 4) return fail('BODY_TOO_LARGE', `The body is larger than ${MAX_BODY_CHARS} characters.`);
    body = utf8.decode(rawBody);
  }
  if (body.length > MAX_BODY_CHARS) return fail('BODY_TOO_LARGE', `The body is larger than ${MAX_BODY_CHARS} characters.`);
  const bodyBytes = rawBody instanceof Uint8Array ? rawBody.byteLength : utf8Length(body);

  const rawMethod = typeof input.method === 'string' ? input.method : '';
  // GET and POST (nearly every hit) are already normalized.
  const method = rawMethod === 'GET' || rawMethod === 'POST' ? rawMethod : rawMethod.toUpperCase().replace(/[^A-Z]/g, '') || 'GET';
  const { host: urlHost, path, query: rawQuery } = splitUrl(url);
  const host = urlHost || (header(input.headers, 'host') ?? '').toLowerCase();
  // Google Ads, Merchant Center, Floodlight, tag scripts…: named by host and path, never decoded as GA4.
  const family = googleFamilyOf(host, path);
  if (family) return { ok: false, error: { code: 'NOT_EVENT_HIT', message: notGa4Message(family), notGa4: { surface: family.id, what: notGa4Message(family) } } };
  const userAgent = header(input.headers, 'user-agent');
  const contentType = header(input.headers, 'content-type');
  const notes: DecodeNote[] = [];
  // Known gtag keys come out as their own strings (most of a gtag query's keys; harmless for MP's).
  const queryPairs = parsePairs(rawQuery, GTAG_KNOWN_KEYS);
  // Built only where the decoder needs the record itself (see defineLazyQuery).
  let query: Dict<string> | undefined;
  if (queryPairs.malformed)
    for (const key of queryPairs.malformed)
      notes.push({
        code: 'MALFORMED_PERCENT_ENCODING',
        path: key,
        message: `The value of query parameter "${key}" has malformed percent-encoding and was kept verbatim.`,
      });

  let endpoint = endpointOf(path);
  // Server-side GTM and first-party proxies may rename the path; the protocol is unchanged.
  // Google's own collection hosts only serve the documented paths.
  if (endpoint === 'unknown') {
    query = pairsToDict(queryPairs);
    if (!GOOGLE_COLLECTION_HOST.test(host) && hasGtagSignature(query)) endpoint = 'g_collect';
  }
  const trimmedBody = body.trimStart();
  let format: 'gtag' | 'mp';
  if (endpoint === 'mp_collect' || endpoint === 'mp_debug') format = 'mp';
  else if (endpoint === 'g_collect') format = 'gtag';
  // A JSON body on an unknown path is Measurement Protocol only when it has MP's shape: a first-party
  // server-side GTM client's own JSON (Stape's Data client, custom clients) is not a GA4 payload.
  else if (trimmedBody.startsWith('{') && (host === '' || MP_SHAPE.test(body.slice(0, 4096)))) format = 'mp';
  else if ('en' in (query as Dict<string>) || 'tid' in (query as Dict<string>) || /(^|[\n&])en=/.test(body)) format = 'gtag';
  else return { ok: false, error: { code: 'NOT_GA4', message: `"${path}" is not a GA4 endpoint and the request carries no GA4 event.`, notGa4: describeNotGa4(host, path, rawQuery, body) } };
  // A gtag hit without body lines reads its query only through rules that may never ask for it;
  // batches (shared page, consent and device) and MP (two or three keys) use the record at once.
  if (query === undefined && (format === 'mp' || body !== '')) query = pairsToDict(queryPairs);

  // Same key order as before the lazy query: `query` between bodyBytes and events.
  const base = { format, endpoint, method, url, host, path, hasApiSecret: false, bodyBytes } as DecodedRequest;
  if (query === undefined) defineLazyQuery(base, queryPairs);
  else base.query = query;
  base.events = [];
  base.notes = notes;
  // Every optional field is an own key from the start, unset ones holding undefined (which JSON
  // omits), in an order that agrees with both formats' assignments below, so JSON is unchanged.
  // A request then has one of two hidden classes (lazy or own query) instead of about a dozen,
  // and the rules' many loads from it stay polymorphic instead of megamorphic.
  base.userAgent = userAgent;
  base.contentType = contentType;
  base.receivedAtMs = typeof input.receivedAtMs === 'number' && Number.isFinite(input.receivedAtMs) ? input.receivedAtMs : undefined;
  base.measurementId = undefined;
  base.firebaseAppId = undefined;
  base.protocolVersion = undefined;
  base.mp = undefined;
  base.clientId = undefined;
  base.appInstanceId = undefined;
  base.userId = undefined;
  base.pageLoadId = undefined;
  base.gtm = undefined;

  if (format === 'gtag') return { ok: true, request: decodeGtag(base, queryPairs, query, body, userAgent) };

  query = query as Dict<string>;
  if (query.measurement_id !== undefined) base.measurementId = query.measurement_id;
  if (query.firebase_app_id !== undefined) base.firebaseAppId = query.firebase_app_id;
  base.hasApiSecret = query.api_secret !== undefined && query.api_secret !== '';
  if (trimmedBody === '') return fail('INVALID_JSON', 'Measurement Protocol requests need a JSON body; this one is empty.');
  let parsed: unknown;
  let strict = !surelyNotStrictJson(body);
  if (strict)
    try {
      parsed = JSON.parse(body);
    } catch {
      strict = false;
    }
  if (!strict) {
    parsed = parseLenientJson(body.trim());
    if (parsed === undefined) return fail('INVALID_JSON', 'The body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    return fail('JSON_NOT_OBJECT', 'The Measurement Protocol body must be a JSON object.');
  const mp = decodeMpPayload(parsed as Dict<ParamValue>, strict, userAgent, notes);
  base.events = mp.events;
  base.mp = mp.envelope;
  if (mp.clientId !== undefined) base.clientId = mp.clientId;
  if (mp.appInstanceId !== undefined) base.appInstanceId = mp.appInstanceId;
  if (mp.userId !== undefined) base.userId = mp.userId;
  return { ok: true, request: base };
}

function decodeGtag(base: DecodedRequest, pairs: FormPairs, query: Dict<string> | undefined, body: string, userAgent: string | undefined): DecodedRequest {
  const q = new RequestKeys();
  base.events = decodeGtagEvents(pairs, query, body, userAgent, base.notes, q);
  const first = base.events[0]?.line;
  const tid = q.tid ?? first?.tid;
  if (tid !== undefined) base.measurementId = tid;
  const v = q.v ?? first?.v;
  if (v !== undefined) base.protocolVersion = v;
  const cid = q.cid ?? first?.cid;
  if (cid !== undefined) base.clientId = cid;
  const uid = q.uid ?? first?.uid;
  if (uid !== undefined) base.userId = uid;
  const p = q._p ?? first?._p;
  if (p !== undefined) base.pageLoadId = p;
  const gtm = q.gtm ?? first?.gtm;
  if (gtm !== undefined) base.gtm = gtm;
  return base;
}
