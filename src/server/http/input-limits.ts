import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Limits on what one request may carry, enforced before any handler reads it. Every refusal is
 * a JSON body that each client library can show: `error` (our API), `message` (PostgREST,
 * read by supabase-js's data client), `msg` and `error_code` (GoTrue, read by supabase-js's auth).
 */
export const INPUT_LIMITS = {
  /** Nesting of arrays and objects in a JSON body; real clients stay far below it. */
  maxJsonDepth: 32,
  /** Longest query string: filters and selects, not payloads. */
  maxQueryLength: 16 * 1024,
} as const;

/** Body size per surface, in bytes. */
export const BODY_LIMITS = {
  auth: 32 * 1024,
  rest: 1024 * 1024,
  api: 256 * 1024,
  functions: 64 * 1024,
  dev: 1024,
} as const;

export function refusal(c: Context, status: ContentfulStatusCode, errorCode: string, message: string) {
  return c.json({ error: message, message, msg: message, code: status, error_code: errorCode }, status);
}

/** 413 with a JSON error once the body passes `maxBytes`, whether or not Content-Length announced it. */
export function limitBody(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // The rest of the body is never read: the connection cannot carry another request after it.
      c.header('connection', 'close');
      return refusal(c, 413, 'request_too_large', `Request body is larger than ${formatBytes(maxBytes)}`);
    },
  });
}

/**
 * Refuses, with a 400 that says why, input that would otherwise reach Postgres or the JSON
 * parser and fail there as a 500: NUL characters (Postgres text cannot hold them), lone UTF-16
 * surrogates (not valid Unicode, rejected by jsonb), and JSON nested deeper than maxJsonDepth
 * (JSON.parse would recurse, and every walker after it too).
 */
export function rejectMalformedInput(): MiddlewareHandler {
  return async (c, next) => {
    const query = rawQuery(c.req.url);
    if (query.length > INPUT_LIMITS.maxQueryLength) {
      return refusal(c, 414, 'request_too_large', `Query string is longer than ${INPUT_LIMITS.maxQueryLength} characters`);
    }
    const queryProblem = query ? problemInQuery(query) : undefined;
    if (queryProblem) return refusal(c, 400, 'validation_failed', queryProblem);

    if (hasBody(c.req.method) && isJsonLike(c.req.header('content-type'))) {
      const text = await c.req.text(); // cached by Hono: the handler reads the same text
      const problem = problemInJsonText(text);
      if (problem) return refusal(c, 400, 'validation_failed', problem);
    }
    await next();
  };
}

/** What is wrong with a JSON text, or undefined. Malformed JSON itself is left to the handler's own error. */
export function problemInJsonText(text: string): string | undefined {
  if (jsonDepth(text) > INPUT_LIMITS.maxJsonDepth) return `JSON body is nested deeper than ${INPUT_LIMITS.maxJsonDepth} levels`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return problemInValue(value);
}

function problemInValue(value: unknown): string | undefined {
  if (typeof value === 'string') return problemInString(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const p = problemInValue(item);
      if (p) return p;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const p = problemInString(key) ?? problemInValue(item);
      if (p) return p;
    }
  }
  return undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function problemInString(s: string): string | undefined {
  if (s.includes('\u0000')) return 'Text may not contain NUL (\\u0000) characters';
  if (LONE_SURROGATE.test(s)) return 'Text contains a lone UTF-16 surrogate (invalid Unicode)';
  return undefined;
}

function problemInQuery(query: string): string | undefined {
  for (const part of query.split('&')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return 'Query string is not valid percent-encoded UTF-8';
    }
    const p = problemInString(decoded);
    if (p) return `Query string: ${p}`;
  }
  return undefined;
}

/** Deepest nesting of [ and { outside strings, counted without parsing (so without recursion). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 91 /* [ */ || ch === 123 /* { */) {
      depth++;
      if (depth > max) max = depth;
    } else if (ch === 93 /* ] */ || ch === 125 /* } */) depth--;
  }
  return max;
}

function rawQuery(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? '' : url.slice(q + 1);
}

function hasBody(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
}

function isJsonLike(contentType: string | undefined): boolean {
  // supabase-js sends application/json; PostgREST also takes vnd.pgrst.*+json. An absent type is
  // read as JSON by our handlers, so it is checked too.
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json') || type === 'text/plain';
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${n / (1024 * 1024)} MB` : `${n / 1024} KB`;
}
