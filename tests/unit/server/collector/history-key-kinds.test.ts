/**
 * The collector never reads from Postgres the keys of the kinds it declares short-lived
 * (history-key-kinds.ts): that is right only while the engine writes them for no longer than
 * declared. Checked here against the engine itself, over both corpora and every rule fixture.
 */
import { describe, expect, it } from 'vitest';
import { SHORT_LIVED_KINDS, kindOfKey, unpersistedKeyPrefixes } from '../../../../src/server/collector/history-key-kinds';
import { createInMemoryHistory, createValidator, type ValidationHistory } from '../../../../src/shared/ga4';
import { corpusAndFixtureRequests } from '../../ga4/corpus-requests';
import { FACTS, NOW } from '../../ga4/helpers';

/** The longest time to live the engine wrote each kind of key with, validating every request twice (so repeats write too). */
function longestTtlByKind(): Map<string, number> {
  const longest = new Map<string, number>();
  const memory = createInMemoryHistory({ now: () => NOW });
  const history: ValidationHistory = {
    get: (key) => memory.get(key),
    set: (key, record, ttlMs) => {
      const kind = kindOfKey(key);
      longest.set(kind, Math.max(longest.get(kind) ?? 0, ttlMs));
      memory.set(key, record, ttlMs);
    },
  };
  const validator = createValidator({ facts: FACTS });
  const requests = corpusAndFixtureRequests();
  for (let pass = 0; pass < 2; pass++) for (const r of requests) validator.validate(r, { history, now: NOW + pass * 1000 });
  return longest;
}

describe('history key kinds the collector never reads from Postgres', () => {
  it('are written by the engine, never for longer than declared, and every other kind lives long enough to be persisted', () => {
    const longest = longestTtlByKind();
    for (const [kind, declared] of SHORT_LIVED_KINDS) {
      expect(longest.get(kind), `the engine writes no "${kind}" key: the declaration is stale`).toBeDefined();
      expect(longest.get(kind)!, `"${kind}" keys are written for longer than declared`).toBeLessThanOrEqual(declared);
    }
    // The other kinds the corpus exercises (sessions, clients, page loads, transactions, names) are persisted and read.
    const read = [...longest.keys()].filter((k) => !SHORT_LIVED_KINDS.has(k)).sort();
    expect(read).toEqual(expect.arrayContaining(['client', 'names', 'page', 'sess', 'txn']));
  });

  it('depend on the cache\'s persistence threshold: with a threshold under their time to live they are read again', () => {
    expect(unpersistedKeyPrefixes(15 * 60_000)).toEqual(['hit|']);
    expect(unpersistedKeyPrefixes(30_000)).toEqual([]);
  });

  it('are told by the text before the first bar', () => {
    expect(kindOfKey('hit|G-1|a|b')).toBe('hit');
    expect(kindOfKey('plain')).toBe('plain');
  });
});
