/**
 * Postgres text and jsonb cannot hold U+0000, and jsonb refuses unpaired surrogate escapes. Hits
 * carry whatever a client sent (`en=page%00view`, MP JSON with "\ud800"), so such characters are
 * replaced by U+FFFD in the JSON we write instead of failing the whole batch's insert.
 * JSON.stringify writes both as \u escapes (a valid surrogate pair is written as the characters
 * themselves), so the escapes are all there is to find; an escaped backslash before "u" is kept.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u(?:0000|[dD][89abAB][0-9a-fA-F]{2}|[dD][c-fC-F][0-9a-fA-F]{2})/g;

export function pgSafeJson(json: string): string {
  // Fast path: almost every batch has no \u escape at all.
  if (!json.includes('\\u')) return json;
  return json.replace(UNSTORABLE_ESCAPE, '$1\\ufffd');
}
