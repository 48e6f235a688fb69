import type { DecodedRequest } from './types';

/**
 * What history-based rules remember. Values are small JSON objects, each owned by one rule family.
 * Records are replaced, never mutated in place, so a storage backend can serialize them as given.
 */
export type HistoryRecord = Readonly<Record<string, unknown>>;

/**
 * The history interface rules read and write. Deliberately tiny and synchronous so the engine
 * stays a pure, fast function:
 *
 * - `get(key)` returns the last record stored under `key`, or undefined.
 * - `set(key, record, ttlMs)` replaces it; the record may be forgotten after `ttlMs`.
 *
 * A storage-backed collector batches around it: call `historyKeysFor(decoded)` for every request
 * of a batch, fetch those keys in one round trip into a snapshot that implements `get`, run the
 * validation, then persist the `set` calls it buffered (last write per key wins). Keys are
 * scoped by measurement id, so one tenant's history never leaks into another's.
 */
export interface ValidationHistory {
  get(key: string): HistoryRecord | undefined;
  set(key: string, record: HistoryRecord, ttlMs: number): void;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Key builders: the single source of truth for every key a rule may read. Keys are joined rather
 * than concatenated: join gives a flat string, which a Map hashes without first flattening a rope.
 */
export const historyKeys = {
  /** ecom.duplicate_transaction */
  transaction: (tid: string, transactionId: string) => ['txn', tid, transactionId].join('|'),
  /**
   * The session record (see `SessionRecord`): one key per (measurement id, client, session), so a
   * hit costs one lookup and the collector one stored row per session instead of one per rule.
   */
  session: (tid: string, cid: string, sid: string) => sessionKey(tid, cid, sid),
  /** gdpr.consent_flapping */
  clientConsent: (tid: string, cid: string) => ['client', tid, cid, 'consent'].join('|'),
  /** sess.sid_regression */
  clientSessionCount: (tid: string, cid: string) => ['client', tid, cid, 'sct'].join('|'),
  /** sess.hit_counter_monotonic */
  pageLoad: (tid: string, cid: string, pageLoadId: string) => ['page', tid, cid, pageLoadId].join('|'),
  /** dq.event_name_case */
  eventNames: (tid: string) => eventNamesKey(tid),
  /** dq.duplicate_hit */
  hit: (tid: string, fingerprint: string) => ['hit', tid, fingerprint].join('|'),
} as const;

/**
 * The last session key built, and what it was built from. Up to five rules read the session record
 * of each event, one after the other: they get the same string, built (and, by the history's Map,
 * hashed) once instead of five times.
 */
let lastSession: { tid: string; cid: string; sid: string; key: string } | undefined;

function sessionKey(tid: string, cid: string, sid: string): string {
  const last = lastSession;
  if (last !== undefined && last.sid === sid && last.cid === cid && last.tid === tid) return last.key;
  const key = ['sess', tid, cid, sid].join('|');
  lastSession = { tid, cid, sid, key };
  return key;
}

/**
 * The last event-names key built. dq.event_name_case reads it for every event of every hit, and a
 * website's hits share one measurement id: the same string each time, so the history's Map finds
 * its hash computed and, once it stored this very string, compares keys by identity.
 */
let lastNames: { tid: string; key: string } | undefined;

function eventNamesKey(tid: string): string {
  const last = lastNames;
  if (last !== undefined && last.tid === tid) return last.key;
  const key = ['names', tid].join('|');
  lastNames = { tid, key };
  return key;
}

/**
 * What the session rules remember about one session, under `historyKeys.session`. Each field is
 * owned by one rule, which writes `{ ...prev, itsField }` (records are replaced, never mutated) so
 * the other rules' fields survive. Every write keeps the whole record for `SESSION_TTL` from then.
 */
export interface SessionRecord {
  /** sess.session_start_once: session_start events seen. */
  readonly starts?: number;
  /** ecom.funnel_order: the session sent add_to_cart / begin_checkout. */
  readonly cart?: boolean;
  readonly checkout?: boolean;
  /** sess.landing_page_view: the name of the session's first event. */
  readonly first?: string;
  /** attr.referrer_loss: requests counted in the session (set means the session was seen). */
  readonly hits?: number;
  /** gdpr.consent_before_update: analytics storage was denied on the session's first hit. */
  readonly firstDenied?: boolean;
}

/** How long a session record lives after its last write (GA4 sessions rarely outlast it). */
export const SESSION_TTL = 8 * HOUR;

/** The measurement id used to scope keys ('' when the request has none). */
export function scopeOf(req: DecodedRequest): string {
  return req.measurementId ?? req.firebaseAppId ?? '';
}

export function clientOf(req: DecodedRequest): string | undefined {
  return req.clientId ?? req.appInstanceId;
}

/** A fingerprint of the request for duplicate detection: the same page load, hit counter and events. */
export function hitFingerprint(req: DecodedRequest): string | undefined {
  const cid = clientOf(req);
  if (!cid) return undefined;
  let names = '';
  for (let i = 0; i < req.events.length; i++) names += `${i === 0 ? '' : ','}${req.events[i]?.name ?? ''}`;
  if (req.format === 'gtag') {
    if (req.pageLoadId === undefined || req.events[0]?.session.hitSequence === undefined) return undefined;
    return `${cid}|${req.pageLoadId}|${req.events[0].session.hitSequence}|${names}`;
  }
  const ts = req.mp?.timestampMicros;
  if (ts === undefined) return undefined;
  return `${cid}|${String(ts)}|${names}`;
}

/** Every key the engine may read for this request, so a storage backend can prefetch them in one batch. */
export function historyKeysFor(req: DecodedRequest): string[] {
  const tid = scopeOf(req);
  const cid = clientOf(req);
  const keys = new Set<string>([historyKeys.eventNames(tid)]);
  const fp = hitFingerprint(req);
  if (fp) keys.add(historyKeys.hit(tid, fp));
  if (cid) {
    keys.add(historyKeys.clientConsent(tid, cid));
    keys.add(historyKeys.clientSessionCount(tid, cid));
    if (req.pageLoadId) keys.add(historyKeys.pageLoad(tid, cid, req.pageLoadId));
  }
  for (const ev of req.events) {
    const txn = ev.params.transaction_id;
    if ((typeof txn === 'string' && txn !== '') || typeof txn === 'number') keys.add(historyKeys.transaction(tid, String(txn)));
    if (cid && ev.session.id !== undefined) keys.add(historyKeys.session(tid, cid, String(ev.session.id)));
  }
  return [...keys];
}

export interface InMemoryHistoryOptions {
  /** Most records kept (approximately: two generations of half this size). Default 100 000. */
  maxEntries?: number;
  /** Clock for expiry, injectable for tests. Default Date.now. */
  now?: () => number;
}

export interface InMemoryHistory extends ValidationHistory {
  /** Records currently held (both generations). */
  readonly size: number;
  clear(): void;
}

/** Mutable so a write can replace the record in place; never handed out (get returns the record). */
interface Entry {
  record: HistoryRecord;
  expiresAt: number;
}

/**
 * A bounded in-memory history for tests, the CLI and the validation page.
 *
 * Two generations instead of an LRU: writes go to `current`; when it is full it becomes
 * `previous` and the old `previous` is dropped. Reads check both. Every operation is O(1) and
 * avoids Map delete-and-reinsert, which leaves holes that make V8's Map iteration slow.
 */
export function createInMemoryHistory(options: InMemoryHistoryOptions = {}): InMemoryHistory {
  const half = Math.max(1, Math.ceil((options.maxEntries ?? 100_000) / 2));
  const clock = options.now ?? Date.now;
  let current = new Map<string, Entry>();
  let previous = new Map<string, Entry>();
  // Rules read a key and then write the same key: what the last read found for it in the current
  // generation (its entry, or undefined when it is not there), so that write needs no second hash
  // lookup, whether it updates an entry or adds a new one (reset whenever `current` is replaced).
  let lastKey: string | undefined;
  let lastEntry: Entry | undefined;
  return {
    get size() {
      return current.size + previous.size;
    },
    get(key) {
      // Rules often read the key the last read or write used (the session record: written by one
      // rule, read by the next): its current-generation entry is already known.
      let hit = key === lastKey ? lastEntry : current.get(key);
      lastKey = key;
      lastEntry = hit;
      if (hit === undefined) hit = previous.get(key);
      if (!hit || hit.expiresAt <= clock()) return undefined;
      return hit.record;
    },
    set(key, record, ttlMs) {
      const expiresAt = clock() + Math.max(0, ttlMs);
      // Most writes replace a record of the current generation: update its entry in place
      // (one lookup, no new entry that would become old-generation garbage).
      const entry = key === lastKey ? lastEntry : current.get(key);
      if (entry !== undefined) {
        entry.record = record;
        entry.expiresAt = expiresAt;
        return;
      }
      if (current.size >= half) {
        previous = current;
        current = new Map();
      }
      const added: Entry = { record, expiresAt };
      current.set(key, added);
      lastKey = key;
      lastEntry = added;
    },
    clear() {
      current = new Map();
      previous = new Map();
      lastKey = undefined;
      lastEntry = undefined;
    },
  };
}
