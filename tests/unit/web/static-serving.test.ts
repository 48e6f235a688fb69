import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compressJson } from '../../../src/server/http/compress-json';
import { IMMUTABLE_CACHE, mountWebApp, REVALIDATE_CACHE } from '../../../src/server/http/web-app';

/** A built web app as the Vite build leaves it: files, their .br/.gz copies, a manifest, a source map. */
const webDir = mkdtempSync(path.join(tmpdir(), 'tracklint-static-'));
const script = `export const words = ${JSON.stringify('tracklint '.repeat(400))};`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-1.js"></script></head><body>${'<!-- padding -->'.repeat(60)}</body></html>`;
/** Marketing pages the build rendered to HTML. */
const prerendered: Record<string, string> = {
  'index.html': '<!doctype html><div id="root" data-prerendered="/"><h1>Home</h1></div>',
  'pricing.html': '<!doctype html><div id="root" data-prerendered="/pricing"><h1>Pricing</h1></div>',
  'blog/first-post.html': '<!doctype html><div id="root" data-prerendered="/blog/first-post"><h1>Post</h1></div>',
};
let app: Hono;

beforeAll(() => {
  mkdirSync(path.join(webDir, 'assets'));
  mkdirSync(path.join(webDir, '.vite'));
  const files: Record<string, string> = { 'index.html': html, 'assets/app-1.js': script, 'assets/app-1.css': 'body{margin:0}'.repeat(80) };
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(webDir, name), content);
    writeFileSync(path.join(webDir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webDir, `${name}.gz`), gzipSync(content));
  }
  writeFileSync(path.join(webDir, 'assets/app-1.js.map'), '{"version":3,"sources":["secret.ts"]}');
  writeFileSync(path.join(webDir, '.vite/manifest.json'), '{}');
  mkdirSync(path.join(webDir, 'prerendered/blog'), { recursive: true });
  for (const [name, content] of Object.entries(prerendered)) {
    writeFileSync(path.join(webDir, 'prerendered', name), content);
    writeFileSync(path.join(webDir, 'prerendered', `${name}.br`), brotliCompressSync(content));
  }
  app = new Hono();
  mountWebApp(app, webDir);
});
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const get = (url: string, encoding?: string) => app.request(url, { headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the built web app is served precompressed', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const res = await get('/assets/app-1.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, and says it varies either way', async () => {
    const gzipped = await get('/assets/app-1.css', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toContain('body{margin:0}');
    const plain = await get('/assets/app-1.css');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toContain('body{margin:0}');
  });

  it('answers every page route with index.html, compressed and never cached without revalidation', async () => {
    for (const url of ['/login', '/app/requests', '/signup']) {
      const res = await get(url, 'gzip, br');
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(res.headers.get('content-type'), url).toMatch(/text\/html/);
      expect(res.headers.get('cache-control'), url).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(), url).toBe(html);
    }
    const plain = await get('/login');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(html);
  });

  it('answers a marketing page with its prerendered HTML, other pages with the app shell', async () => {
    for (const [url, file] of [['/', 'index.html'], ['/pricing', 'pricing.html'], ['/blog/first-post', 'blog/first-post.html']] as const) {
      const res = await get(url, 'br');
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(res.headers.get('cache-control'), url).toBe(REVALIDATE_CACHE);
      expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString(), url).toBe(prerendered[file]);
      expect(await (await get(url)).text(), url).toBe(prerendered[file]);
    }
    expect(await (await get('/login')).text()).toBe(html);
    expect(await (await get('/pricing/../login')).text()).not.toContain('Pricing');
  });

  it('does not publish source maps, the compressed copies themselves, or the build manifest', async () => {
    for (const url of ['/assets/app-1.js.map', '/assets/app-1.js.br', '/assets/app-1.js.gz', '/.vite/manifest.json', '/assets/gone-0.js']) {
      expect((await get(url, 'br')).status, url).toBe(404);
    }
  });
});

describe('dynamic JSON responses', () => {
  const api = new Hono();
  api.use('/api/*', compressJson());
  const large = { rows: Array.from({ length: 200 }, (_, id) => ({ id, name: `request ${id}`, status: 'ok' })) };
  api.get('/api/large', (c) => c.json(large));
  api.get('/api/small', (c) => c.json({ ok: true }));
  api.get('/collect', (c) => c.json(large));

  it('compresses a large JSON body with brotli or gzip, whichever the client accepts', async () => {
    const br = await api.request('/api/large', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.byteLength);
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(large);

    const gz = await api.request('/api/large', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(large);

    const identity = await api.request('/api/large');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.json()).toEqual(large);
  });

  it(`leaves bodies under ${COMPRESS_THRESHOLD_BYTES} bytes and routes it is not mounted on alone`, async () => {
    const small = await api.request('/api/small', { headers: { 'accept-encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    const collector = await api.request('/collect', { headers: { 'accept-encoding': 'br' } });
    expect(collector.headers.get('content-encoding')).toBeNull();
  });
});
