/**
 * The in-memory history remembers the entry the last read or write found for its key (so a read
 * or write of that key again skips a hash lookup). This replays random reads and writes, with keys
 * built afresh each time (equal strings, different objects), a tiny capacity (frequent generation
 * swaps) and a moving clock (expiries), against a plain model of the documented behaviour: two
 * generations, reads check both, a write updates the current generation or adds to it.
 */
import { describe, expect, it } from 'vitest';
import { createInMemoryHistory, type HistoryRecord } from '../../../src/shared/ga4';

class Model {
  current = new Map<string, { record: HistoryRecord; expiresAt: number }>();
  previous = new Map<string, { record: HistoryRecord; expiresAt: number }>();
  constructor(
    private readonly half: number,
    private readonly clock: () => number,
  ) {}
  get(key: string): HistoryRecord | undefined {
    const hit = this.current.get(key) ?? this.previous.get(key);
    return hit && hit.expiresAt > this.clock() ? hit.record : undefined;
  }
  set(key: string, record: HistoryRecord, ttl: number): void {
    const expiresAt = this.clock() + Math.max(0, ttl);
    const entry = this.current.get(key);
    if (entry) {
      entry.record = record;
      entry.expiresAt = expiresAt;
      return;
    }
    if (this.current.size >= this.half) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(key, { record, expiresAt });
  }
}

/** Deterministic PRNG (mulberry32), so a failure replays. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('createInMemoryHistory', () => {
  it('answers every read as the two-generation model does (random reads and writes, swaps, expiries)', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = rng(seed);
      let now = 1_000_000;
      const clock = () => now;
      const maxEntries = 2 + Math.floor(random() * 10);
      const h = createInMemoryHistory({ maxEntries, now: clock });
      const model = new Model(Math.max(1, Math.ceil(maxEntries / 2)), clock);
      // Keys rebuilt on every use: equal content, a different string object each time.
      const key = (n: number) => ['sess', 'G-X', String(n)].join('|');
      let last = 0;
      for (let step = 0; step < 20_000; step++) {
        const r = random();
        // Half the operations reuse the last key (read-then-write, write-then-read), as rules do.
        const n = random() < 0.5 ? last : Math.floor(random() * 12);
        last = n;
        if (r < 0.5) expect(h.get(key(n)), `seed ${seed} step ${step}`).toBe(model.get(key(n)));
        else if (r < 0.95) {
          const record = { n: step };
          const ttl = Math.floor(random() * 50);
          h.set(key(n), record, ttl);
          model.set(key(n), record, ttl);
        } else now += Math.floor(random() * 30);
        if (step % 997 === 0 && random() < 0.2) {
          h.clear();
          model.current = new Map();
          model.previous = new Map();
        }
      }
    }
  });
});
