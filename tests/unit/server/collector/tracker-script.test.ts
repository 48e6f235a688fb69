import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { trackerScript } from '../../../../src/server/collector/tracker-script';

const ENDPOINT_ORIGIN = 'https://collector.tracklint.test';
const GA = 'https://www.google-analytics.com/g/collect?v=2&tid=G-ABC123&cid=1.2&en=page_view';

/** A minimal browser-like global: enough for the tracker's hooks, with every call recorded. */
function fakeWindow(opts: { fetchThrows?: boolean } = {}) {
  const calls: Array<{ api: string; url: string; body?: unknown }> = [];
  const timers: Array<() => void> = [];
  const listeners: Record<string, Array<() => void>> = {};
  class FakeXHR {
    open(method: string, url: string) {
      calls.push({ api: 'xhr.open', url });
      return 'open-result';
    }
    send(body: unknown) {
      calls.push({ api: 'xhr.send', url: '', body });
      return undefined;
    }
  }
  class FakeImage {
    private value = '';
    get src() {
      return this.value;
    }
    set src(v: string) {
      calls.push({ api: 'img', url: v });
      this.value = v;
    }
  }
  const w: Record<string, unknown> = {
    location: { href: 'https://shop.example.com/cart' },
    fetch: (url: string, init?: { body?: unknown }) => {
      calls.push({ api: 'fetch', url: String(url), body: init?.body });
      if (opts.fetchThrows) throw new Error('network down');
      return Promise.resolve({ status: 200, marker: 'original-response' });
    },
    navigator: {
      sendBeacon: (url: string, body: unknown) => {
        calls.push({ api: 'beacon', url, body });
        return true;
      },
    },
    XMLHttpRequest: FakeXHR,
    HTMLImageElement: FakeImage,
    Element: class {},
    setTimeout: (fn: () => void) => timers.push(fn),
    clearTimeout: () => {},
    addEventListener: (name: string, fn: () => void) => (listeners[name] ??= []).push(fn),
    document: { visibilityState: 'visible' },
    URL,
    URLSearchParams,
    Blob,
    TextDecoder,
    JSON,
    Promise,
  };
  w.window = w;
  return { w, calls, timers, listeners };
}

function load(w: Record<string, unknown>) {
  vm.runInNewContext(trackerScript(ENDPOINT_ORIGIN, 'site123abc'), w);
}

const flushMicrotasks = () => new Promise((r) => setTimeout(r, 0));

describe('tracker script', () => {
  it('calls the original fetch first, returns its result unchanged, and mirrors the GA4 request in a batch', async () => {
    const { w, calls, timers } = fakeWindow();
    load(w);
    const result = (w.fetch as (u: string, i: object) => Promise<unknown>)(GA, { method: 'POST', body: 'en=scroll' });
    await expect(result).resolves.toEqual({ status: 200, marker: 'original-response' });
    expect(calls[0]).toEqual({ api: 'fetch', url: GA, body: 'en=scroll' });
    await flushMicrotasks();
    expect(calls).toHaveLength(1); // batched, not sent yet
    timers.shift()!();
    const copy = calls[1]!;
    expect(copy.api).toBe('fetch');
    expect(copy.url).toBe(`${ENDPOINT_ORIGIN}/collect/g?site=site123abc`);
    const batch = JSON.parse(String(copy.body)) as { hits: Array<{ k: string; m: string; u: string; b: string }> };
    expect(batch.hits).toHaveLength(1);
    expect(batch.hits[0]).toMatchObject({ m: 'POST', u: GA, b: 'en=scroll' });
    expect(batch.hits[0]!.k).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('mirrors sendBeacon, XMLHttpRequest and image beacons, and ignores other requests', async () => {
    const { w, calls, timers } = fakeWindow();
    load(w);
    const nav = w.navigator as { sendBeacon: (u: string, b: string) => boolean };
    expect(nav.sendBeacon(GA, 'en=a')).toBe(true);
    const Xhr = w.XMLHttpRequest as new () => { open(m: string, u: string): unknown; send(b: string): unknown };
    const x = new Xhr();
    expect(x.open('POST', GA)).toBe('open-result');
    x.send('en=b');
    const Img = w.HTMLImageElement as new () => { src: string };
    new Img().src = 'https://www.google-analytics.com/g/collect?v=2&tid=G-ABC123&en=c';
    (w.fetch as (u: string) => unknown)('https://api.example.com/cart');
    nav.sendBeacon('https://stats.g.doubleclick.net/g/collect?v=2&tid=G-ABC123', '');
    await flushMicrotasks();
    timers.shift()!();
    const sent = calls.filter((c) => c.url.startsWith(ENDPOINT_ORIGIN));
    expect(sent).toHaveLength(1);
    const hits = (JSON.parse(String(sent[0]!.body)) as { hits: Array<{ b: string; u: string }> }).hits;
    expect(hits.map((h) => h.b || new URL(h.u).searchParams.get('en'))).toEqual(['en=a', 'en=b', 'c']);
  });

  it('sends what is queued with sendBeacon when the page is hidden', async () => {
    const { w, calls, listeners } = fakeWindow();
    load(w);
    (w.navigator as { sendBeacon: (u: string, b: string) => boolean }).sendBeacon(GA, 'en=a');
    await flushMicrotasks();
    listeners.pagehide![0]!();
    const beacon = calls.find((c) => c.api === 'beacon' && c.url.startsWith(ENDPOINT_ORIGIN));
    expect(beacon).toBeDefined();
  });

  it('never swallows or replaces an error of the original call, and never adds its own', () => {
    const { w } = fakeWindow({ fetchThrows: true });
    load(w);
    expect(() => (w.fetch as (u: string) => unknown)(GA)).toThrow('network down');
    // A body the tracker cannot read must not throw into the page.
    expect(() => (w.navigator as { sendBeacon: (u: string, b: unknown) => boolean }).sendBeacon(GA, { toString: () => { throw new Error('x'); } })).not.toThrow();
  });

  it('loads once even if the snippet is included twice', () => {
    const { w } = fakeWindow();
    load(w);
    const hooked = w.fetch;
    load(w);
    expect(w.fetch).toBe(hooked);
  });
});
