import { describe, expect, it } from 'vitest';
import { HistoryCache, type HistoryUndo } from '../../../../src/server/collector/history-cache';
import { createMemorySink, type HistoryWrite } from '../../../../src/server/collector/sink';

const HOUR = 3_600_000;

function cacheOf(maxEntries: number) {
  const sink = createMemorySink();
  let loads = 0;
  const loadHistory = sink.loadHistory.bind(sink);
  sink.loadHistory = (websiteId, keys) => {
    loads += keys.length;
    return loadHistory(websiteId, keys);
  };
  const cache = new HistoryCache(sink, { maxEntries, now: () => 1_000_000 });
  const write = (websiteId: string, key: string, n: number, undo: HistoryUndo[] = []) => {
    const writes: HistoryWrite[] = [];
    cache.view(websiteId, writes, undo).set(key, { n }, HOUR);
    return writes;
  };
  const read = (websiteId: string, key: string) => cache.view(websiteId, []).get(key);
  return { cache, sink, write, read, loads: () => loads };
}

describe('collector history cache', () => {
  it('never holds more than maxEntries records, across websites', () => {
    const { cache, write, read } = cacheOf(10);
    for (let i = 0; i < 100; i++) {
      write(`site-${i % 3}`, `k${i}`, i);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    // The newest writes are still served from memory.
    expect(read('site-0', 'k99')).toEqual({ n: 99 });
    expect(read('site-2', 'k98')).toEqual({ n: 98 });
  });

  it('keeps a record that is read again, and forgets one that is not', () => {
    const { write, read } = cacheOf(4); // two generations of two
    write('s', 'a', 1);
    write('s', 'b', 2);
    write('s', 'c', 3); // a and b are now the previous generation
    expect(read('s', 'a')).toEqual({ n: 1 }); // a is used again: it moves to the current one
    write('s', 'd', 4); // the previous generation (b) is dropped
    expect(read('s', 'a')).toEqual({ n: 1 });
    expect(read('s', 'b')).toBeUndefined();
  });

  it('reads a dropped record from Postgres again before a batch uses it', async () => {
    const { cache, sink, write, read, loads } = cacheOf(2);
    for (const w of write('s', 'a', 1)) sink.history.set(`${w.websiteId}|${w.key}`, { value: w.value, expiresAtMs: w.expiresAtMs });
    write('s', 'b', 2);
    write('s', 'c', 3); // a is gone from memory
    expect(read('s', 'a')).toBeUndefined();
    await cache.prefetch('s', ['a', 'c']);
    expect(loads()).toBe(1); // c is still cached
    expect(read('s', 'a')).toEqual({ n: 1 });
  });

  it("takes back a refused hit's writes, even after they moved to the previous generation", () => {
    const { cache, write, read } = cacheOf(6); // generations of three
    write('s', 'a', 1);
    const undo: HistoryUndo[] = [];
    write('s', 'a', 2, undo); // replaces n=1
    write('s', 'fresh', 0, undo); // a key no one had written
    write('s', 'b', 3);
    write('s', 'c', 4); // rotation: a, fresh and b are the previous generation now
    const size = cache.size;
    cache.revert(undo);
    expect(read('s', 'a')).toEqual({ n: 1 });
    expect(read('s', 'fresh')).toBeUndefined();
    expect(cache.size).toBe(size); // a restored in place (then copied on read), fresh removed
  });

  it('leaves a later write of the same key alone when taking a hit back', () => {
    const { cache, write, read } = cacheOf(6);
    const undo: HistoryUndo[] = [];
    write('s', 'x', 1, undo);
    write('s', 'x', 2); // another hit, stored
    cache.revert(undo);
    expect(read('s', 'x')).toEqual({ n: 2 });
  });

  it("marks only the named website's records to be read again", async () => {
    const { cache, write, loads } = cacheOf(100);
    write('s1', 'k', 1);
    write('s2', 'k', 1);
    cache.forgetWebsite('s1');
    await cache.prefetch('s1', ['k']);
    await cache.prefetch('s2', ['k']);
    expect(loads()).toBe(1);
  });

  it('never asks Postgres for a key of a kind no process persists (it lives shorter than persistMinTtl), and still asks for the others', async () => {
    const asked: string[][] = [];
    const sink = createMemorySink();
    const load = sink.loadHistory.bind(sink);
    sink.loadHistory = (websiteId, keys) => {
      asked.push([...keys]);
      return load(websiteId, keys);
    };
    const keys = ['hit|G-1|1.2|9|1|page_view', 'sess|G-1|1.2|1700000000'];
    await new HistoryCache(sink, { now: () => 1_000_000 }).prefetch('s', keys);
    expect(asked).toEqual([['sess|G-1|1.2|1700000000']]);
    // A deployment persisting records from 30 s on persists duplicate-hit fingerprints too: they are read.
    await new HistoryCache(sink, { now: () => 1_000_000, persistMinTtlMs: 30_000 }).prefetch('s', keys);
    expect(asked[1]).toEqual(keys);
  });
});
