/**
 * Rows in COPY's text format (https://www.postgresql.org/docs/current/sql-copy.html, "Text Format"):
 * one line per row, columns separated by tabs, `\N` for null. COPY parses this far more cheaply
 * than a JSON document taken apart by json_to_recordset (the collector's log insert was most of
 * Postgres's work per hit).
 */

// eslint-disable-next-line no-control-regex -- NUL is exactly what must be found
const NEEDS_ESCAPE = /[\\\n\r\t\u0000]/;
// eslint-disable-next-line no-control-regex -- as above
const ESCAPED = /[\\\n\r\t\u0000]/g;
// Postgres text cannot hold NUL at all: a hostile or broken sender's NUL becomes U+FFFD rather than failing the batch.
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u0000': '\uFFFD' };

/** A text value as one COPY field: backslash, newline, carriage return and tab escaped, NUL replaced; null as `\N`. */
export function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, (c) => ESCAPES[c]!) : value;
}

const NEEDS_QUOTE_ESCAPE = /["\\]/;
const QUOTE_ESCAPED = /["\\]/g;

/** A text[] value as one COPY field: an array literal with every element quoted. */
export function copyTextArray(values: readonly string[]): string {
  let literal = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    literal += (i === 0 ? '"' : ',"') + (NEEDS_QUOTE_ESCAPE.test(v) ? v.replace(QUOTE_ESCAPED, '\\$&') : v) + '"';
  }
  return copyField(literal + '}');
}

// The hits of one request share their arrival time, and a batch's history writes mostly share
// their expiry's millisecond: one Date and toISOString per run of equal values (toISOString was
// 1.2% of the collector's profile).
let lastIsoMs = Number.NaN;
let lastIso = '';

/** A time (ms since epoch) as an ISO 8601 timestamp, for COPY and for query parameters. */
export function isoTimestamp(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}
