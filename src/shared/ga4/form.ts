import type { Dict } from './types';

/** Creates a record without a prototype, so keys such as `__proto__` or `constructor` are plain data. */
export function dict<T>(): Dict<T> {
  return Object.create(null) as Dict<T>;
}

const PLUS = /\+/g;

/**
 * Decodes one form-encoded component. Never throws: malformed percent-encoding is kept verbatim
 * and reported through `onMalformed`, because a validator must still show what was sent.
 */
export function decodeComponent(raw: string, onMalformed?: () => void): string {
  // Fast path: most GA4 values are plain tokens.
  if (raw.indexOf('%') === -1) return raw.indexOf('+') === -1 ? raw : raw.replace(PLUS, ' ');
  const spaced = raw.indexOf('+') === -1 ? raw : raw.replace(PLUS, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    onMalformed?.();
    return spaced;
  }
}

/**
 * Parses `a=1&b=2` into a null-prototype record (last value wins). Cheaper than URLSearchParams
 * because it allocates one record and no iterator objects.
 */
export function parseForm(input: string, onMalformed?: (key: string) => void, into?: Dict<string>): Dict<string> {
  const out = into ?? dict<string>();
  const len = input.length;
  let start = 0;
  while (start <= len) {
    let end = input.indexOf('&', start);
    if (end === -1) end = len;
    if (end > start) {
      const eq = input.indexOf('=', start);
      let key: string;
      let value: string;
      if (eq === -1 || eq > end) {
        key = decodeComponent(input.slice(start, end));
        value = '';
      } else {
        key = decodeComponent(input.slice(start, eq));
        let bad = false;
        value = decodeComponent(input.slice(eq + 1, end), () => (bad = true));
        if (bad) onMalformed?.(key);
      }
      if (key !== '') out[key] = value;
    }
    start = end + 1;
  }
  return out;
}

export interface SplitUrl {
  host: string;
  path: string;
  query: string;
}

/** Splits an absolute or path-only URL without throwing (the WHATWG URL parser throws and is slower). */
export function splitUrl(url: string): SplitUrl {
  let rest = url.trim();
  let host = '';
  const hashAt = rest.indexOf('#');
  if (hashAt !== -1) rest = rest.slice(0, hashAt);
  const scheme = rest.indexOf('://');
  const q = rest.indexOf('?');
  if (scheme !== -1 && (q === -1 || scheme < q)) {
    const afterScheme = scheme + 3;
    let hostEnd = rest.length;
    for (let i = afterScheme; i < rest.length; i++) {
      const c = rest.charCodeAt(i);
      if (c === 47 /* / */ || c === 63 /* ? */) {
        hostEnd = i;
        break;
      }
    }
    host = rest.slice(afterScheme, hostEnd);
    const at = host.lastIndexOf('@');
    if (at !== -1) host = host.slice(at + 1);
    const colon = host.lastIndexOf(':');
    if (colon !== -1 && host.indexOf(']') < colon) host = host.slice(0, colon);
    host = host.toLowerCase();
    rest = rest.slice(hostEnd);
  }
  const qi = rest.indexOf('?');
  const path = qi === -1 ? rest : rest.slice(0, qi);
  const query = qi === -1 ? '' : rest.slice(qi + 1);
  return { host, path: path === '' ? '/' : path, query };
}
