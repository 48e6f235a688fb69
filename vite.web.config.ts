import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

/**
 * Writes brotli (.br, maximum quality) and gzip (.gz, level 9) copies of every text file of the
 * build, so the server sends them as they are (src/server/http/web-app.ts) instead of compressing
 * per request. Source maps are skipped: they are never served.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tracklint:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // The bundle-budget test builds without them: it measures, it does not serve.
      if (process.env.TRACKLINT_PRECOMPRESS === 'off') return;
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
    },
  };
}

export default defineConfig({
  root: rendererDir,
  base: '/',
  plugins: [react(), forbidServerImports(), withoutUnusedSupabaseClients(), precompress()],
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
    rolldownOptions: {
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
