import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const rootDir = path.dirname(fileURLToPath(import.meta.url));
const rendererDir = path.join(rootDir, 'src/renderer');
const serverDir = path.join(rootDir, 'src/server');
const mainDir = path.join(rootDir, 'src/main');

/** Where `npm run dev:server` listens; the dev server proxies the backend paths there. */
const BACKEND = process.env.TRACKLINT_DEV_BACKEND ?? 'http://localhost:8787';

/**
 * Fails the build if renderer code imports server or Electron-main code: those modules read
 * secrets (JWT secret, service-role key, database URL) that must never reach the browser.
 */
function forbidServerImports(): Plugin {
  return {
    name: 'tracklint:forbid-server-imports',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const id = resolved?.id.split('?')[0];
      if (id && (id.startsWith(serverDir + path.sep) || id.startsWith(mainDir + path.sep))) {
        this.error(`The web bundle must not import server or desktop-main code: ${path.relative(rootDir, id)} (from ${path.relative(rootDir, importer)})`);
      }
      return null;
    },
  };
}

/**
 * supabase-js imports Realtime and Storage clients that Tracklint never uses; in the web build
 * they are replaced by small stand-ins (src/renderer/lib/supabase-unused) so the pages that sign
 * in stay within the JS budget. Only imports made by supabase-js itself are redirected.
 */
function withoutUnusedSupabaseClients(): Plugin {
  const standIns: Record<string, string> = {
    '@supabase/realtime-js': path.join(rendererDir, 'lib/supabase-unused/realtime.ts'),
    '@supabase/storage-js': path.join(rendererDir, 'lib/supabase-unused/storage.ts'),
  };
  return {
    name: 'tracklint:without-unused-supabase-clients',
    enforce: 'pre',
    resolveId(source, importer) {
      const standIn = standIns[source];
      return standIn && importer && /[\\/]@supabase[\\/]supabase-js[\\/]/.test(importer) ? standIn : null;
    },
  };
}

const TEXT_FILE = /\.(?:html|js|css|json|svg|txt|xml|webmanifest|ico)$/i;

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else yield full;
  }
}

/** Where the prerendered marketing pages go: the server sends them for their paths (src/server/http/web-app.ts). */
export const PRERENDERED_DIR = 'prerendered';

/**
 * The prerendered pages start the app after their first paint: on a slow link the app's code would
 * otherwise share the bandwidth with the stylesheet the page needs to show. This classic script
 * (allowed by the CSP as a file of our own) adds the entry's module script and its preloads, which
 * the build took out of the page, once the page has been painted, or at once in a hidden tab.
 */
const START_AFTER_PAINT = `(function () {
  var me = document.currentScript;
  function start() {
    me.dataset.preload.split(' ').filter(Boolean).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = me.dataset.entry;
    document.head.appendChild(entry);
  }
  if (document.hidden) start();
  else requestAnimationFrame(function () { setTimeout(start, 0); });
})();
`;

/** index.html with the entry and its preloads started by START_AFTER_PAINT instead of the markup. */
function startingAfterPaint(template: string, outDir: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template);
  if (!entry?.[1]) throw new Error('index.html has no module entry script');
  const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const hash = createHash('sha256').update(START_AFTER_PAINT).digest('base64url').slice(0, 8);
  const starter = `/assets/start-after-paint-${hash}.js`;
  writeFileSync(path.join(outDir, starter), START_AFTER_PAINT);
  let page = template.replace(entry[0], '');
  for (const preload of preloads) page = page.replace(preload[0], '');
  const tag = `<script defer src="${starter}" data-entry="${entry[1]}" data-preload="${preloads.map((p) => p[1]).join(' ')}"></script>\n  `;
  return page.replace('</head>', `${tag}</head>`);
}

/** The static public pages' script (src/renderer/public-page/main.ts), a second entry of the build. */
const PUBLIC_PAGE_ENTRY = 'public-page/main.ts';

interface ManifestEntry {
  file: string;
  css?: string[];
}

/**
 * index.html for a static public page: the app's entry script and its preloads taken out, the
 * public-page script and its few styles put in. The stylesheets the page's markup needs (the
 * entry's: Mantine's public subset and the app's own) stay linked in the head, so it paints styled
 * with or without JavaScript.
 */
function staticPage(template: string, outDir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
  const entry = manifest[PUBLIC_PAGE_ENTRY];
  if (!entry) throw new Error(`the build has no ${PUBLIC_PAGE_ENTRY} entry`);
  const appEntry = /<script type="module" crossorigin src="[^"]+"><\/script>\s*/.exec(template);
  if (!appEntry) throw new Error('index.html has no module entry script');
  let page = template.replace(appEntry[0], '');
  for (const preload of page.matchAll(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g)) page = page.replace(preload[0], '');
  // Its few rules inline (the CSP allows inline styles, as Mantine's need): no extra request before the first paint.
  const tags = [
    ...(entry.css ?? []).map((css) => `<style>${readFileSync(path.join(outDir, css), 'utf8').trim()}</style>`),
    `<script type="module" src="/${entry.file}"></script>`,
  ];
  return page.replace('</head>', `${tags.join('\n  ')}\n  </head>`);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's own title, description and link-preview tags in its head, as usePageTitle sets them in
 * the app (a static page has no app to set them). og:url needs the site's origin, which the build
 * does not know: the public-page script adds it.
 */
function withHead(page: string, head: { title: string; description: string } | null): string {
  if (!head) return page;
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const preview = [
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Tracklint">',
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    '<meta name="twitter:card" content="summary">',
  ];
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>\n    ${preview.join('\n    ')}`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${description}"`);
}

/**
 * Renders the public pages to HTML with the app's own code (src/renderer/prerender.tsx, loaded
 * through a Vite SSR server so imports resolve as in the app) and writes each into a copy of the
 * built index.html, so a visitor sees the page before any JavaScript runs. Most are static
 * (staticPage); the few that need the app (APP_STARTED_PATHS) start it after their first paint.
 */
async function prerenderPublicPages(outDir: string): Promise<void> {
  const built = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!built.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  const templates = { app: startingAfterPaint(built, outDir), static: staticPage(built, outDir) };
  const server = await createServer({
    configFile: false,
    root: rendererDir,
    appType: 'custom',
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, watch: null },
    plugins: [react()],
  });
  try {
    const { PRERENDERED_PATHS, APP_STARTED_PATHS, prerender, takePageHead } = (await server.ssrLoadModule('/prerender.tsx')) as {
      PRERENDERED_PATHS: readonly string[];
      APP_STARTED_PATHS: ReadonlySet<string>;
      prerender: (pathname: string) => Promise<string>;
      takePageHead: () => { title: string; description: string } | null;
    };
    for (const pathname of PRERENDERED_PATHS) {
      takePageHead();
      const html = await prerender(pathname);
      const template = withHead(APP_STARTED_PATHS.has(pathname) ? templates.app : templates.static, takePageHead());
      const file = path.join(outDir, PRERENDERED_DIR, `${pathname === '/' ? 'index' : pathname.slice(1)}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, template.replace('<div id="root"></div>', `<div id="root" data-prerendered="${pathname}">${html}</div>`));
    }
  } finally {
    await server.close();
  }
}

/**
 * Writes brotli (.br, maximum quality) and gzip (.gz, level 9) copies of every text file of the
 * build, so the server sends them as they are (src/server/http/web-app.ts) instead of compressing
 * per request. Source maps are skipped: they are never served.
 */
function precompress(outDir: string): void {
  for (const file of filesUnder(outDir)) {
    // Tiny files gain less than the extra header costs.
    if (!TEXT_FILE.test(file) || statSync(file).size < 512) continue;
    const content = readFileSync(file);
    const gzip = gzipSync(content, { level: 9 });
    const brotli = brotliCompressSync(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.byteLength },
    });
    if (gzip.byteLength < content.byteLength) writeFileSync(`${file}.gz`, gzip);
    if (brotli.byteLength < content.byteLength) writeFileSync(`${file}.br`, brotli);
  }
}

/** After the client build: prerender the marketing pages, then precompress everything (in that order). */
function postBuild(): Plugin {
  let outDir = '';
  return {
    name: 'tracklint:post-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The bundle-budget test builds without them: it measures the JavaScript, it serves nothing.
      if (process.env.TRACKLINT_POSTBUILD === 'off') return;
      await prerenderPublicPages(outDir);
      precompress(outDir);
    },
  };
}

export default defineConfig({
  root: rendererDir,
  base: '/',
  plugins: [react(), forbidServerImports(), withoutUnusedSupabaseClients(), postBuild()],
  // Runtime values come only from /config.json. No .env file is read and no environment
  // variable is exposed to the bundle (the prefix matches nothing we set), so a secret in the
  // build environment cannot be inlined.
  envDir: false,
  envPrefix: 'TRACKLINT_PUBLIC_BUNDLE_',
  build: {
    outDir: path.join(rootDir, 'dist/web'),
    emptyOutDir: true,
    // Generated for our own error reports, without a sourceMappingURL comment; the server does not serve them.
    sourcemap: 'hidden',
    // dist/web/.vite/manifest.json: which chunks each entry and route chunk loads. The bundle budget
    // test (tests/unit/web/bundle-budget.test.ts) measures the public pages from it.
    manifest: true,
    // No <link rel=modulepreload> for the JavaScript a lazy route imports (its CSS still loads with
    // it): inserting some forty of them for /login's route chunks cost the first page 30 ms of
    // main thread (120 ms at Lighthouse's 4x slowdown) inside the task that starts the app, the
    // page's largest blocking time. A route chunk's imports are still fetched in parallel once
    // the chunk itself arrives, one round trip later; the entry's own imports stay preloaded
    // (START_AFTER_PAINT). Lighthouse /login: TBT 217-461 ms -> 63 ms median (README, Performance).
    modulePreload: { resolveDependencies: () => [] },
    rolldownOptions: {
      // The app (index.html) and the static public pages' script (PUBLIC_PAGE_ENTRY), which shares no code with it.
      input: { index: path.join(rendererDir, 'index.html'), 'public-page': path.join(rendererDir, PUBLIC_PAGE_ENTRY) },
      output: {
        // Only what every page loads is grouped (React, the router), so it stays cached across
        // releases. Grouping more (all of Mantine, all of node_modules) would put the charts and
        // every component on the home page: route chunks bring their own libraries instead.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](?:react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // '/auth/v1' rather than '/auth': /auth/login is a page of the app (logout lands there).
    proxy: Object.fromEntries(
      ['/auth/v1', '/rest', '/api', '/functions', '/config.json', '/dev'].map((prefix) => [prefix, { target: BACKEND, changeOrigin: false }]),
    ),
  },
  preview: { port: 4173 },
});
