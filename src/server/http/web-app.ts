import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** Same folder name as vite.web.config.ts's PRERENDERED_DIR (the config is not imported at run time). */
export const PRERENDERED_DIR = 'prerendered';

/** Hashed file names change with their content: a year, and never revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets: always revalidated, so a deploy is seen at once. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * Serves the built single-page app: real files as they are, every other page GET gets index.html.
 * The build writes brotli and gzip copies next to every text file (the precompress plugin in
 * vite.web.config.ts); they are sent to browsers that accept them, with Vary: Accept-Encoding.
 */
export function mountWebApp(app: Hono, webDistDir: string): void {
  const indexFile = path.join(webDistDir, 'index.html');
  const prerenderedDir = path.join(webDistDir, PRERENDERED_DIR);
  const root = path.relative(process.cwd(), webDistDir) || '.';
  // Source maps are built for our own error reports, not published: they would hand out the source.
  app.get('*', async (c, next) => (c.req.path.endsWith('.map') ? c.json({ error: 'Not found' }, 404) : next()));
  // Compressed copies are served in place of their file, never on their own; dot folders
  // (.vite/manifest.json, the build's chunk map) are build records, not part of the site.
  app.get('*', async (c, next) => (/\.(br|gz)$|\/\./.test(c.req.path) ? c.json({ error: 'Not found' }, 404) : next()));
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_p, c) => {
        c.header('cache-control', IMMUTABLE_CACHE);
        varyOnEncoding(c);
      },
    }),
  );
  // A missing hashed asset (an old tab after a deploy) must be a 404, not index.html parsed as JavaScript.
  app.get('/assets/*', (c) => c.json({ error: `No asset ${c.req.path}` }, 404));
  // Marketing pages rendered at build time: their content shows before the JavaScript runs.
  app.get('*', async (c, next) => {
    const prerendered = prerenderedPage(prerenderedDir, c.req.path);
    return prerendered ? serveHtml(c, prerendered) : next();
  });
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (file, c) => {
        if (/index\.html(\.br|\.gz)?$/.test(file)) c.header('cache-control', REVALIDATE_CACHE);
        varyOnEncoding(c);
      },
    }),
  );
  app.get('*', async (c) => {
    if (looksLikeFile(c.req.path)) return c.json({ error: `Not found: ${c.req.path}` }, 404);
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built. Run `npm run build:web` (npm start does this for you).', 503);
    }
    return serveHtml(c, indexFile);
  });
}

/** The build's prerendered HTML for a page path (vite.web.config.ts writes them), if there is one. */
function prerenderedPage(dir: string, pathname: string): string | null {
  if (!/^\/(?:[a-z0-9-]+(?:\/[a-z0-9-]+)*)?$/.test(pathname)) return null;
  const file = path.join(dir, `${pathname === '/' ? 'index' : pathname.slice(1)}.html`);
  return existsSync(file) ? file : null;
}

/** A page: index.html or a prerendered one, compressed like the static files when the build made copies. */
function serveHtml(c: Context, indexFile: string): Response {
  c.header('cache-control', REVALIDATE_CACHE);
  c.header('vary', 'Accept-Encoding');
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']] as const) {
    const compressed = indexFile + suffix;
    if (accepted.has(encoding) && existsSync(compressed) && statSync(compressed).mtimeMs >= statSync(indexFile).mtimeMs) {
      c.header('content-encoding', encoding);
      c.header('content-type', 'text/html; charset=UTF-8');
      return c.body(readFileSync(compressed));
    }
  }
  return c.html(readFileSync(indexFile, 'utf8'));
}

function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/** A file that has compressed copies varies by Accept-Encoding even when sent uncompressed, for shared caches. */
function varyOnEncoding(c: Context): void {
  const vary = c.res.headers.get('vary') ?? '';
  if (!/accept-encoding/i.test(vary)) c.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** Paths with a file extension (robots.txt, favicon.ico, x.js) are files; app routes never have one. */
function looksLikeFile(pathname: string): boolean {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[a-z0-9]{1,8}$/i.test(last);
}
