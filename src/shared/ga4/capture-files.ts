import type { CapturedRequest } from './types';

/** One request read from a capture file, with a label for reports. */
export interface FileCapture {
  label: string;
  request: CapturedRequest;
  /** `#` comment lines of a raw request file. */
  comments: string[];
  /** A Measurement Protocol body without its URL: measurement_id / api_secret are unknown. */
  bodyOnly?: boolean;
}

export interface CaptureFileOptions {
  /** Measurement ID to put in the URL of body-only Measurement Protocol files. */
  measurementId?: string;
}

export type CaptureFileKind = 'raw' | 'har' | 'mp_json';

export type CaptureFileResult =
  | { ok: true; kind: CaptureFileKind; captures: FileCapture[] }
  | { ok: false; error: string };

const GA4_PATH = /\/(g|mp|debug\/mp)\/collect(\?|$)|\/g\/c\?|[?&]v=2&tid=G-/;
/** `# captured-at: <ISO time>`: the time a raw request was recorded, for clock-based rules. */
const CAPTURED_AT = /^captured[- ]at:\s*(.+)$/i;
const SECTION = /^[A-Z][A-Z_]+(\s*\(.*\))?:\s*$/;
const DEFAULT_MP_URL = 'https://www.google-analytics.com/mp/collect';

/**
 * Reads a capture file: a raw request in the corpus format (`#` comments, `METHOD:`, `URL:`,
 * optional `BODY:`), a HAR export (every GA4 request in it) or a Measurement Protocol JSON body.
 * Pure (no I/O) so the validation page can use it on an uploaded file too.
 */
export function parseCaptureFile(text: string, name = 'input', options: CaptureFileOptions = {}): CaptureFileResult {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { ok: false, error: `${name}: the file is empty.` };
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch {
      return { ok: false, error: `${name}: the file looks like JSON but does not parse.` };
    }
    return fromJson(json, name, options);
  }
  return fromRaw(trimmed, name);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function fromJson(json: unknown, name: string, options: CaptureFileOptions): CaptureFileResult {
  if (isObject(json) && isObject(json.log) && Array.isArray(json.log.entries)) return fromHar(json.log.entries, name);
  const bodies = Array.isArray(json) ? json : [json];
  const captures: FileCapture[] = [];
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i];
    if (!isObject(b) || !('events' in b || 'client_id' in b || 'app_instance_id' in b))
      return { ok: false, error: `${name}: JSON entry ${i} is neither a HAR export nor a Measurement Protocol body (no "events").` };
    const url = options.measurementId ? `${DEFAULT_MP_URL}?measurement_id=${encodeURIComponent(options.measurementId)}` : DEFAULT_MP_URL;
    const capture: FileCapture = {
      label: bodies.length > 1 ? `${name} [${i}]` : name,
      request: { method: 'POST', url, headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) },
      comments: [],
    };
    if (!options.measurementId) capture.bodyOnly = true;
    captures.push(capture);
  }
  return { ok: true, kind: 'mp_json', captures };
}

function fromHar(entries: unknown[], name: string): CaptureFileResult {
  const captures: FileCapture[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!isObject(entry) || !isObject(entry.request)) continue;
    const req = entry.request;
    const url = typeof req.url === 'string' ? req.url : '';
    // Google Signals / ads pings share the path but are not GA4 events.
    if (!GA4_PATH.test(url) || url.includes('stats.g.doubleclick.net')) continue;
    const headers: Record<string, string> = {};
    if (Array.isArray(req.headers))
      for (const h of req.headers)
        if (isObject(h) && typeof h.name === 'string' && typeof h.value === 'string') headers[h.name.toLowerCase()] = h.value;
    const post = isObject(req.postData) ? req.postData : undefined;
    const request: CapturedRequest = {
      method: typeof req.method === 'string' ? req.method : 'GET',
      url,
      headers,
      body: post && typeof post.text === 'string' ? post.text : '',
    };
    if (typeof entry.startedDateTime === 'string') {
      const t = Date.parse(entry.startedDateTime);
      if (Number.isFinite(t)) request.receivedAtMs = t;
    }
    captures.push({ label: `${name} entry ${i}`, request, comments: [] });
  }
  return { ok: true, kind: 'har', captures };
}

function fromRaw(text: string, name: string): CaptureFileResult {
  const lines = text.split(/\r?\n/);
  const comments: string[] = [];
  let method = '';
  let url = '';
  let section: 'none' | 'body' | 'raw' | 'other' = 'none';
  const body: string[] = [];
  const raw: string[] = [];
  for (const line of lines) {
    if (section === 'none' && line.startsWith('#')) {
      comments.push(line.slice(1).trim());
      continue;
    }
    if (section === 'body' || section === 'raw' || section === 'other') {
      if (SECTION.test(line)) {
        section = line.startsWith('RAW') ? 'raw' : line.startsWith('BODY') ? 'body' : 'other';
        continue;
      }
      if (section === 'body') body.push(line);
      else if (section === 'raw') raw.push(line);
      continue;
    }
    if (line.startsWith('METHOD:')) method = line.slice(7).trim();
    else if (line.startsWith('URL:')) url = line.slice(4).trim();
    else if (line.startsWith('BODY:')) {
      section = 'body';
      const rest = line.slice(5).trim();
      if (rest) body.push(rest);
    } else if (SECTION.test(line)) section = line.startsWith('RAW') ? 'raw' : 'other';
  }
  if (!method && !url) return { ok: false, error: `${name}: not a request file (expected "METHOD:" and "URL:" lines, a HAR export or MP JSON).` };
  // The URL line may carry a remark after the URL ("…&api_secret=X  (placeholder)").
  let firstToken = url.split(/\s+/)[0] ?? '';
  if ((firstToken === '' || firstToken.startsWith('(')) && raw.length > 0) {
    // Parameters quoted as "key: value" lines (values already URL-encoded) instead of a URL.
    const pairs = raw
      .map((l) => /^\s*([^:\s]+):\s?(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => `${m[1]}=${(m[2] ?? '').trim()}`);
    firstToken = `/g/collect?${pairs.join('&')}`;
  }
  const bodyText = body.join('\n').replace(/\s+$/, '');
  const request: CapturedRequest = {
    method: /^(GET|POST|PUT|PATCH|HEAD|OPTIONS|DELETE)\b/i.exec(method)?.[1]?.toUpperCase() ?? (bodyText ? 'POST' : 'GET'),
    url: firstToken,
    body: bodyText,
  };
  for (const c of comments) {
    const m = CAPTURED_AT.exec(c);
    const t = m ? Date.parse((m[1] as string).trim()) : NaN;
    if (Number.isFinite(t)) request.receivedAtMs = t;
  }
  return { ok: true, kind: 'raw', captures: [{ label: name, request, comments }] };
}
