import { describe, expect, it } from 'vitest';
import { HistoryCache } from '../../../../src/server/collector/history-cache';
import { UNANNOUNCED_TRUST_MS } from '../../../../src/server/collector/cache-invalidation';
import { historyAnnouncements, MAX_ANNOUNCEMENT_BYTES, parseHistoryAnnouncement } from '../../../../src/server/collector/history-announcements';
import { createMemorySink } from '../../../../src/server/collector/sink';
import type { HistoryWrite } from '../../../../src/server/collector/sink';

const HOUR = 3_600_000;

/** Two processes' caches over one store: `sink.history` plays the collector_history table. */
function twoProcesses(announced = true) {
  let now = 1_000_000;
  const sink = createMemorySink();
  const options = { now: () => now, changesAnnounced: () => announced };
  const a = new HistoryCache(sink, options);
  const b = new HistoryCache(sink, options);
  /** Validation in one process: reads through its cache, writes are persisted like a committed batch. */
  const validate = async (cache: HistoryCache, key: string, update: (previous: unknown) => Record<string, unknown>, ttl = HOUR) => {
    await cache.prefetch('site', [key]);
    const writes: HistoryWrite[] = [];
    const view = cache.view('site', writes);
    const previous = view.get(key);
    view.set(key, update(previous), ttl);
    for (const w of writes) sink.history.set(`${w.websiteId}|${w.key}`, { value: w.value, expiresAtMs: w.expiresAtMs });
    return { previous, writes };
  };
  return { sink, a, b, validate, tick: (ms: number) => (now += ms), setAnnounced: (v: boolean) => (announced = v) };
}

const count = (previous: unknown) => ({ n: ((previous as { n?: number } | undefined)?.n ?? 0) + 1 });

describe('history cache with another process writing the same website', () => {
  it('reads a record again once the other process announces it wrote it', async () => {
    const { a, b, validate } = twoProcesses();
    await validate(a, 'k', count); // a caches n=1
    await validate(b, 'k', count); // b reads n=1 from the store, writes n=2
    // Without the announcement a keeps trusting n=1.
    expect((await validate(a, 'k', count)).previous).toEqual({ n: 1 });

    const fresh = twoProcesses();
    await fresh.validate(fresh.a, 'k', count);
    const written = await fresh.validate(fresh.b, 'k', count);
    fresh.a.forget('site', written.writes.map((w) => w.key));
    expect((await fresh.validate(fresh.a, 'k', count)).previous).toEqual({ n: 2 });
  });

  it('a record announced mid-batch still serves that batch, and is read again before the next', async () => {
    const { a, b, validate, sink } = twoProcesses();
    await validate(a, 'k', count);
    await a.prefetch('site', ['k']);
    await validate(b, 'k', count);
    a.forget('site', ['k']);
    // The batch a prefetched for goes on with what it had rather than with nothing.
    expect(a.view('site', []).get('k')).toEqual({ n: 1 });
    await a.prefetch('site', ['k']);
    expect(a.view('site', []).get('k')).toEqual({ n: 2 });
    expect(sink.history.get('site|k')?.value).toEqual({ n: 2 });
  });

  it('a key another process wrote after this one cached it as absent is read again', async () => {
    const { a, b, validate } = twoProcesses();
    await a.prefetch('site', ['txn']); // absent
    await validate(b, 'txn', () => ({ seen: true }));
    a.forgetWebsite('site');
    await a.prefetch('site', ['txn']);
    expect(a.view('site', []).get('txn')).toEqual({ seen: true });
  });

  it('while announcements are not received, persisted records are trusted for a second only; in-process ones stay', async () => {
    const { a, b, validate, tick } = twoProcesses(false);
    await validate(a, 'k', count);
    await validate(a, 'short', () => ({ local: true }), 60_000); // shorter than the persist threshold: memory only
    await validate(b, 'k', count);
    tick(UNANNOUNCED_TRUST_MS / 2);
    expect((await validate(a, 'k', count)).previous).toEqual({ n: 1 });
    tick(UNANNOUNCED_TRUST_MS + 1);
    await validate(b, 'k', count); // store: n=3 (b read a's n=2)
    expect((await validate(a, 'k', count)).previous).toEqual({ n: 3 });
    await a.prefetch('site', ['short']);
    expect(a.view('site', []).get('short')).toEqual({ local: true });
  });

  it('after missed announcements every persisted record is read again, in-process ones stay', async () => {
    const { a, b, validate } = twoProcesses();
    await validate(a, 'k', count);
    await validate(a, 'short', () => ({ local: true }), 60_000);
    await validate(b, 'k', count);
    a.forgetAll();
    expect((await validate(a, 'k', count)).previous).toEqual({ n: 2 });
    await a.prefetch('site', ['short']);
    expect(a.view('site', []).get('short')).toEqual({ local: true });
  });

  /**
   * a's read of the table is taken (its snapshot) before b commits, and answers after b's
   * announcement reached a: the read's record is older than the announcement.
   */
  const readOvertakenByAnnouncement = async (announce: (a: HistoryCache) => void, cachedFirst: boolean) => {
    const { a, b, validate, sink } = twoProcesses();
    if (cachedFirst) {
      await validate(a, 'k', count); // a caches n=1 ...
      a.forget('site', ['k']); // ... which an earlier announcement made stale, so the next batch reads it
    }
    const loadHistory = sink.loadHistory.bind(sink);
    let answer!: () => void;
    sink.loadHistory = async (websiteId, keys) => {
      const snapshot = await loadHistory(websiteId, keys);
      await new Promise<void>((resolve) => (answer = resolve));
      return snapshot;
    };
    const reading = a.prefetch('site', ['k']);
    await Promise.resolve();
    sink.loadHistory = loadHistory;
    await validate(b, 'k', count); // b commits n=2 (or n=1 when a never wrote) ...
    announce(a); // ... and announces it while a's read is under way
    answer();
    await reading;
    await a.prefetch('site', ['k']);
    return { seen: a.view('site', []).get('k'), stored: sink.history.get('site|k')?.value };
  };

  it('a record announced while this process was reading it is read again before the next batch', async () => {
    for (const cachedFirst of [true, false]) {
      const { seen, stored } = await readOvertakenByAnnouncement((a) => a.forget('site', ['k']), cachedFirst);
      expect(stored).toEqual({ n: cachedFirst ? 2 : 1 });
      expect(seen).toEqual(stored);
    }
  });

  it('a batch that waited for a read under way reads a key again itself when an announcement overtook that read', async () => {
    const { a, b, validate, sink } = twoProcesses();
    const loadHistory = sink.loadHistory.bind(sink);
    let answer!: () => void;
    let reads = 0;
    sink.loadHistory = async (websiteId, keys) => {
      reads += 1;
      const snapshot = await loadHistory(websiteId, keys);
      if (reads === 1) await new Promise<void>((resolve) => (answer = resolve));
      return snapshot;
    };
    const first = a.prefetch('site', ['k']); // the earlier batch's read: its snapshot has no record
    await Promise.resolve();
    const second = a.prefetch('site', ['k']); // the next batch needs the same key: it waits for that read
    expect(reads).toBe(1);
    await validate(b, 'k', count); // b commits n=1 ...
    a.forget('site', ['k']); // ... and announces it while a's read is under way
    answer();
    await first;
    // The earlier batch goes on with what its read found; the next one read the key again.
    await second;
    expect(reads).toBe(3); // a's two reads, and b's own
    expect(a.view('site', []).get('k')).toEqual({ n: 1 });
  });

  it('a whole website (or every website) announced while this process was reading is read again before the next batch', async () => {
    for (const announce of [(a: HistoryCache) => a.forgetWebsite('site'), (a: HistoryCache) => a.forgetAll()]) {
      const { seen, stored } = await readOvertakenByAnnouncement(announce, false);
      expect(seen).toEqual(stored);
    }
  });
});

describe('history announcements', () => {
  const writes = (websiteId: string, n: number, keyLength = 40) => Array.from({ length: n }, (_, i) => ({ websiteId, key: `k${i}`.padEnd(keyLength, 'x') }));

  it('name every key written, per website, in payloads under the NOTIFY limit', () => {
    const all = [...writes('w1', 600), ...writes('w2', 3)];
    const payloads = historyAnnouncements('proc-a', all);
    expect(payloads.length).toBeGreaterThan(2);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_ANNOUNCEMENT_BYTES);
    const parsed = payloads.map((p) => parseHistoryAnnouncement(p)!);
    expect(parsed.every((p) => p.from === 'proc-a')).toBe(true);
    const named = parsed.flatMap((p) => (p.keys ?? []).map((k) => `${p.websiteId}|${k}`));
    expect(named.sort()).toEqual(all.map((w) => `${w.websiteId}|${w.key}`).sort());
  });

  it('a key too long for one payload stands for its whole website', () => {
    const payloads = historyAnnouncements('proc-a', [{ websiteId: 'w1', key: 'é'.repeat(5_000) }, ...writes('w2', 1)]);
    const parsed = payloads.map((p) => parseHistoryAnnouncement(p));
    expect(parsed).toContainEqual({ from: 'proc-a', websiteId: 'w1' });
    expect(parsed).toContainEqual({ from: 'proc-a', websiteId: 'w2', keys: [writes('w2', 1)[0]!.key] });
  });

  it('anything else on the channel is ignored', () => {
    for (const bad of ['', 'websites', 'a\n{"websiteId":1}', 'a\n{"websiteId":"w","keys":[1]}', 'a\n[]', '\n{"websiteId":"w"}', 'a\nnot json']) expect(parseHistoryAnnouncement(bad)).toBeNull();
  });

  it('a process skips its own announcements', () => {
    const [mine] = historyAnnouncements('proc-a', writes('w1', 1));
    expect(parseHistoryAnnouncement(mine!, 'proc-a')).toBeNull();
    expect(parseHistoryAnnouncement(mine!, 'proc-b')).toEqual({ from: 'proc-a', websiteId: 'w1', keys: [writes('w1', 1)[0]!.key] });
  });
});
