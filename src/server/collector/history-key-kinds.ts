/**
 * Which of the engine's history keys can never have a row in `collector_history`, so the collector
 * never looks them up there (issue 28: "keys whose records can never have reached Postgres are not
 * read").
 *
 * The history cache persists a record only when it is written to live at least `persistMinTtlMs`
 * (15 minutes by default); shorter-lived records stay in the process that wrote them, and are never
 * announced. A kind of key the engine only ever writes with a shorter time to live therefore has
 * no row in Postgres, whichever process wrote it, and reading it is an index probe that always
 * misses. `dq.duplicate_hit`'s fingerprint is such a kind, and one key per hit: on the bench's
 * traffic most of the keys a batch asked Postgres for (bench/README.md, issue 28, branch
 * h28-history).
 *
 * The kinds are the text before a key's first `|` (`historyKeys` in src/shared/ga4/history.ts).
 * The time to live of each kind listed here is checked against the engine over both corpora and
 * every rule fixture (tests/unit/server/collector/history-key-kinds.test.ts): a rule that starts
 * writing one of them for longer fails that test instead of silently losing its history across
 * processes.
 */
import { MINUTE } from '../../shared/ga4/history';

/** The longest time to live the engine writes each of these kinds of key with. */
export const SHORT_LIVED_KINDS: ReadonlyMap<string, number> = new Map([
  // dq.duplicate_hit: `hit|<measurement id>|<fingerprint>`, kept for a minute (2 s matter).
  ['hit', MINUTE],
]);

/** The kind of a history key: the text before its first `|` (the whole key if it has none). */
export function kindOfKey(key: string): string {
  const bar = key.indexOf('|');
  return bar < 0 ? key : key.slice(0, bar);
}

/**
 * The key prefixes (`kind|`) whose records are never persisted when records living shorter than
 * `persistMinTtlMs` are kept in memory only.
 */
export function unpersistedKeyPrefixes(persistMinTtlMs: number): string[] {
  return [...SHORT_LIVED_KINDS].filter(([, ttl]) => ttl < persistMinTtlMs).map(([kind]) => `${kind}|`);
}
