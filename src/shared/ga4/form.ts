import type { Dict } from './types';

/**
 * The prototype of every decoded record: an empty object without a prototype of its own, so keys
 * such as `__proto__`, `constructor` or `toString` are plain data and `in` sees own keys only, as
 * with a null prototype. V8 keeps `Object.create(null)` objects in dictionary mode from the start
 * (every key a hash insertion, every for-in a sort); objects of this prototype stay in fast mode
 * (hidden classes, cached key lists) up to about 19 keys, which is nearly every record of a hit.
 * It has no `constructor` either, so deep-equality checks treat the records as before.
 */
const RECORD_PROTO: object = Object.create(null) as object;

/** Creates a record whose keys (`__proto__`, `constructor`…) are all plain data: see RECORD_PROTO. */
export function dict<T>(): Dict<T> {
  return Object.create(RECORD_PROTO) as Dict<T>;
}

/** Above this many keys V8 turns a record into a dictionary anyway: start as one (no migration). */
const FAST_RECORD_MAX_KEYS = 18;

const PLUS = /\+/g;

/** Form pairs in wire order (duplicates kept; consumers apply last-wins). */
export interface FormPairs {
  keys: string[];
  values: string[];
  /** Keys whose value had malformed percent-encoding (kept verbatim). */
  malformed: string[] | undefined;
}

/** The first `ch` at or after `from` in `input` (`input.length` when there is none). */
function nextAt(input: string, ch: string, from: number): number {
  const at = input.indexOf(ch, from);
  return at === -1 ? input.length : at;
}

/**
 * The last percent-decoded values, by their encoded form. The values that carry escapes are a
 * site's page URLs, titles, referrers, browser lists and products, sent again and again by its
 * visitors; decodeURIComponent (a runtime call that builds a new string) was half of parsePairs.
 * A repeat costs a hash of the encoded value instead, and gets the same decoded string as before,
 * whose hash the decoder's page, consent and brand caches then find already computed. Bounded in
 * entries and in each value's length (a hostile sender cannot grow it); cleared when full.
 */
const decodedValues = new Map<string, string>();
const DECODED_VALUES_MAX = 512;
const DECODED_VALUE_MAX_CHARS = 2048;

/** decodeURIComponent(encoded), or undefined when its percent-encoding is malformed. */
function decodeValue(encoded: string): string | undefined {
  const cacheable = encoded.length <= DECODED_VALUE_MAX_CHARS;
  if (cacheable) {
    const hit = decodedValues.get(encoded);
    if (hit !== undefined) return hit;
  }
  let decoded: string;
  try {
    decoded = decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
  if (cacheable) {
    if (decodedValues.size >= DECODED_VALUES_MAX) decodedValues.clear();
    decodedValues.set(encoded, decoded);
  }
  return decoded;
}

/** A key's bucket in KnownKeys: its length and its first and last characters. */
function keyBucket(length: number, first: number, last: number): number {
  return ((length & 15) << 10) | ((first & 31) << 5) | (last & 31);
}

/**
 * The keys a decoder knows by name (gtag's `v`, `tid`, `dl`, `gcs`…), each with what the decoder
 * knows of it, bucketed by length and first and last characters: a lookup compares a candidate or
 * two instead of hashing a key. `find` looks a key up in the wire text without slicing it, so
 * parsePairs hands out the known key's own (interned) string instead of a fresh copy; `get` looks
 * up a key already sliced, and compares identical strings for the keys `find` handed out.
 */
export class KnownKeys<T> {
  private readonly buckets: Array<Array<readonly [string, T]> | undefined> = new Array<Array<readonly [string, T]> | undefined>(1 << 14).fill(undefined);

  constructor(entries: Iterable<readonly [string, T]>) {
    for (const entry of entries) {
      const k = entry[0];
      if (k.length > 0) (this.buckets[keyBucket(k.length, k.charCodeAt(0), k.charCodeAt(k.length - 1))] ??= []).push([k, entry[1]]);
    }
  }

  /** The known key spelled by `input` from `start` to `end` (exclusive), if it is one. */
  find(input: string, start: number, end: number): string | undefined {
    const n = end - start;
    if (n <= 0) return undefined;
    const list = this.buckets[keyBucket(n, input.charCodeAt(start), input.charCodeAt(end - 1))];
    if (list === undefined) return undefined;
    for (let i = 0; i < list.length; i++) {
      const k = (list[i] as readonly [string, T])[0];
      if (k.length === n && input.startsWith(k, start)) return k;
    }
    return undefined;
  }

  /** What is known of `key`, if it is known. */
  get(key: string): T | undefined {
    if (key.length === 0) return undefined;
    const list = this.buckets[keyBucket(key.length, key.charCodeAt(0), key.charCodeAt(key.length - 1))];
    if (list === undefined) return undefined;
    for (let i = 0; i < list.length; i++) {
      const entry = list[i] as readonly [string, T];
      if (entry[0] === key) return entry[1];
    }
    return undefined;
  }
}

/**
 * Splits `a=1&b=2` into parallel key/value arrays, percent-decoding keys and values (`+` is a
 * space). No closures or iterators in the loop. Most keys and values have neither `%` nor `+`:
 * instead of searching each one for both, the loop keeps the next `%` and `+` of the whole input
 * and searches again only once it has passed them, so the input is scanned for each once.
 * A plain key among `known` is that key's own string (see KnownKeys), any other a slice.
 */
export function parsePairs(input: string, known?: KnownKeys<unknown>): FormPairs {
  const keys: string[] = [];
  const values: string[] = [];
  let malformed: string[] | undefined;
  const len = input.length;
  // The next '%' and '+' at or after the part being read (len: none left); -1: not searched yet.
  let pct = -1;
  let plus = -1;
  let start = 0;
  while (start <= len) {
    let end = input.indexOf('&', start);
    if (end === -1) end = len;
    if (end > start) {
      const eq = input.indexOf('=', start);
      const hasValue = eq !== -1 && eq < end;
      const keyEnd = hasValue ? eq : end;
      if (pct < start) pct = nextAt(input, '%', start);
      if (plus < start) plus = nextAt(input, '+', start);
      let key: string;
      if (pct < keyEnd || plus < keyEnd) {
        const rawKey = input.slice(start, keyEnd);
        key = rawKey;
        if (pct < keyEnd) {
          try {
            key = decodeURIComponent(plus < keyEnd ? rawKey.replace(PLUS, ' ') : rawKey);
          } catch {
            // A key with malformed percent-encoding is kept verbatim.
          }
        } else key = rawKey.replace(PLUS, ' ');
      } else key = known?.find(input, start, keyEnd) ?? input.slice(start, keyEnd);
      if (key !== '') {
        let value = '';
        if (hasValue) {
          const valueStart = eq + 1;
          if (pct < valueStart) pct = nextAt(input, '%', valueStart);
          if (plus < valueStart) plus = nextAt(input, '+', valueStart);
          const rawValue = input.slice(valueStart, end);
          const spaced = plus < end ? rawValue.replace(PLUS, ' ') : rawValue;
          if (pct < end) {
            const decoded = decodeValue(spaced);
            if (decoded === undefined) {
              (malformed ??= []).push(key);
              value = spaced;
            } else value = decoded;
          } else value = spaced;
        }
        keys.push(key);
        values.push(value);
      }
    }
    start = end + 1;
  }
  return { keys, values, malformed };
}

export function pairsToDict(p: FormPairs): Dict<string> {
  const out = p.keys.length > FAST_RECORD_MAX_KEYS ? (Object.create(null) as Dict<string>) : dict<string>();
  for (let i = 0; i < p.keys.length; i++) out[p.keys[i] as string] = p.values[i] as string;
  return out;
}

/** Parses `a=1&b=2` into a record (see dict; last value wins). */
export function parseForm(input: string, onMalformed?: (key: string) => void): Dict<string> {
  const pairs = parsePairs(input);
  if (pairs.malformed && onMalformed) for (const k of pairs.malformed) onMalformed(k);
  return pairsToDict(pairs);
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

/**
 * A gtag request's query record, built on first read. A single-event hit's query has 30-55 keys,
 * more than V8 keeps in fast mode: building that dictionary cost about as much as the baseline's
 * whole URLSearchParams parse, and no rule reads it for most hits (the decoder reads the few keys
 * it needs from the pairs). The property stays an own, enumerable `query` at the same position, so
 * JSON, spreads, structured clones and deep equality see the same record as before.
 */
interface LazyQuery {
  pairs: FormPairs;
  record: Dict<string> | undefined;
  /** isUniversalAnalyticsPayload's answer, once asked (rules ask it several times per hit). */
  universalAnalytics: boolean | undefined;
}

/** A constructor that returns the object it is given: a subclass then adds its private fields to that object. */
const ReturnTarget = function (this: unknown, target: object): object {
  return target;
} as unknown as new (target: object) => object;

/** State attached to objects it does not own, as a private field: see `privateSlot`. */
export interface PrivateSlot<T> {
  attach(target: object, value: T): void;
  get(target: object): T | undefined;
}

/**
 * A private field on objects created elsewhere (one class per slot, whose parent constructor
 * returns the object it is given): invisible to keys, symbols, JSON, spreads and structured clones,
 * like a non-enumerable symbol, but added by an ordinary (transitioning) store instead of an
 * `Object.defineProperty` call (which was most of the lazy query's cost).
 */
export function privateSlot<T>(): PrivateSlot<T> {
  class Holder extends ReturnTarget {
    #value: T;
    constructor(target: object, value: T) {
      super(target);
      this.#value = value;
    }

    static get(target: object): T | undefined {
      return #value in target ? (target as Holder).#value : undefined;
    }
  }
  return { attach: (target, value) => void new Holder(target, value), get: (target) => Holder.get(target) };
}

/** Each request's lazy-query state. */
const LAZY_QUERY = privateSlot<LazyQuery>();

function lazyQueryRecord(this: object): Dict<string> {
  const lazy = LAZY_QUERY.get(this) as LazyQuery;
  return (lazy.record ??= pairsToDict(lazy.pairs));
}

function replaceLazyQuery(this: object, value: Dict<string>): void {
  Object.defineProperty(this, 'query', { value, writable: true, enumerable: true, configurable: true });
}

/** One getter/setter pair for every request, so every request keeps one hidden class. */
const LAZY_QUERY_PROPERTY: PropertyDescriptor = { get: lazyQueryRecord, set: replaceLazyQuery, enumerable: true, configurable: true };

/** Defines `target.query` (at this point of its key order) as the record of `pairs`, built on first read. */
export function defineLazyQuery(target: object, pairs: FormPairs): void {
  LAZY_QUERY.attach(target, { pairs, record: undefined, universalAnalytics: undefined });
  Object.defineProperty(target, 'query', LAZY_QUERY_PROPERTY);
}

/** Whether `key` is in a request's query, without building the record when it is still lazy. */
export function queryHas(req: { query: Dict<string> }, key: string): boolean {
  const lazy = LAZY_QUERY.get(req);
  if (lazy !== undefined && lazy.record === undefined) return lazy.pairs.keys.includes(key);
  return key in req.query;
}

/** A per-request memo of isUniversalAnalyticsPayload, when the request has a lazy query. */
export function lazyQueryMemo(req: { query: Dict<string> }): { universalAnalytics: boolean | undefined } | undefined {
  return LAZY_QUERY.get(req);
}
