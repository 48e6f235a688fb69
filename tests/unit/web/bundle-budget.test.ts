import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The JavaScript a browser must download before a public page renders, measured from the
 * production build's manifest (not timed): the entry chunk, the route's lazy chunks the router
 * loads for that URL, and every chunk they import statically, gzipped. Builds the web app into a
 * scratch folder so it always measures the current source.
 */
const BUDGET_GZIP_BYTES = 200 * 1024;
/** Issue 23's goal for the static public pages (marketing, docs, blog, pricing): prerendered HTML and CSS, little script. */
const STATIC_PAGE_BUDGET_GZIP_BYTES = 120 * 1024;

/** The static public pages' only script (src/renderer/public-page/main.ts, vite.web.config.ts). */
const PUBLIC_PAGE_ENTRY = 'public-page/main.ts';
/** Pages the build prerenders as static (src/renderer/prerender.tsx: not in APP_STARTED_PATHS): they load the public-page entry, not the app's. */
const STATIC_PAGES = ['/', '/pricing', '/features', '/docs', '/blog', '/about'];

/**
 * The lazy modules the router (src/renderer/routing/routes.tsx and pages/marketing/routes.tsx)
 * loads for each measured URL. Each must be a dynamic entry of the build: if a route stops being
 * lazy or a file moves, the test says so instead of measuring the wrong thing.
 */
const MARKETING_LAYOUT = 'pages/marketing/components/MarketingLayout.tsx';
const ROUTES: Record<string, string[]> = {
  '/demo': [MARKETING_LAYOUT, 'pages/marketing/pages/DemoPage.tsx'],
  '/contact': [MARKETING_LAYOUT, 'pages/marketing/pages/ContactPage.tsx'],
  '/login': ['app/SessionProviders.tsx', 'pages/auth/AuthLayout.tsx', 'pages/auth/LoginPage.tsx'],
  '/signup': ['app/SessionProviders.tsx', 'pages/auth/AuthLayout.tsx', 'pages/auth/SignupPage.tsx'],
  '/reset-password': ['app/SessionProviders.tsx', 'pages/auth/AuthLayout.tsx', 'pages/auth/PasswordPage.tsx'],
};
/** What marketing pages must not load: the session layer brings supabase-js, /app its shell. */
const NOT_ON_MARKETING = ['app/SessionProviders.tsx', 'app/session.ts', 'routing/AppArea.tsx', 'routing/SuperAdminArea.tsx'];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const outDir = mkdtempSync(path.join(tmpdir(), 'tracklint-budget-'));
let manifest: Manifest;
const gzipCache = new Map<string, number>();

function gzipSize(file: string): number {
  const known = gzipCache.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).byteLength;
  gzipCache.set(file, size);
  return size;
}

/** Manifest keys of the chunks loaded before the route renders: the roots and their static imports. */
function staticClosure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

function entryKey(): string {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  expect(entries.map(([key]) => key).sort()).toEqual(['index.html', PUBLIC_PAGE_ENTRY]);
  return 'index.html';
}

function initialLoad(route: string) {
  const lazyModules = ROUTES[route] ?? [];
  for (const module of lazyModules) {
    expect(manifest[module]?.isDynamicEntry, `${module} (for ${route}) is a lazy chunk of the build`).toBe(true);
  }
  const chunks = staticClosure(STATIC_PAGES.includes(route) ? [PUBLIC_PAGE_ENTRY] : [entryKey(), ...lazyModules]);
  const files = [...chunks].map((key) => manifest[key]!.file);
  const css = [...new Set([...chunks].flatMap((key) => manifest[key]!.css ?? []))];
  return {
    chunks,
    jsGzip: files.reduce((sum, file) => sum + gzipSize(file), 0),
    cssGzip: css.reduce((sum, file) => sum + gzipSize(file), 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

beforeAll(() => {
  // Source maps, prerendered pages and precompressed copies change nothing measured here and only cost time.
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.web.config.ts', '--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false', '--logLevel', 'error'], {
    cwd: repoRoot,
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production', TRACKLINT_POSTBUILD: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const manifestFile = path.join(outDir, '.vite/manifest.json');
  expect(existsSync(manifestFile), 'the web build writes .vite/manifest.json').toBe(true);
  manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}, 240_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe(`initial JavaScript of public pages (budget ${kb(BUDGET_GZIP_BYTES)} gzipped)`, () => {
  it.each(STATIC_PAGES)(`static %s loads only the public-page script, within ${kb(STATIC_PAGE_BUDGET_GZIP_BYTES)}`, (route) => {
    const { jsGzip, chunks } = initialLoad(route);
    console.log(`${route.padEnd(16)} JS ${kb(jsGzip).padStart(9)} gzipped in ${chunks.size} chunks (static page)`);
    expect([...chunks]).toEqual([PUBLIC_PAGE_ENTRY]);
    expect(jsGzip).toBeLessThanOrEqual(STATIC_PAGE_BUDGET_GZIP_BYTES);
  });

  it.each(Object.keys(ROUTES))('%s stays within the budget', (route) => {
    const { jsGzip, cssGzip, chunks } = initialLoad(route);
    console.log(`${route.padEnd(16)} JS ${kb(jsGzip).padStart(9)} gzipped in ${chunks.size} chunks, CSS ${kb(cssGzip)} gzipped`);
    expect(jsGzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it.each([...STATIC_PAGES, ...Object.keys(ROUTES).filter((route) => !ROUTES[route]!.includes('app/SessionProviders.tsx'))])(
    '%s loads neither supabase-js, the session layer nor the app shell',
    (route) => {
      const { chunks } = initialLoad(route);
      const loadedSources = [...chunks].flatMap((key) => [key, manifest[key]!.src ?? '', manifest[key]!.file]);
      for (const forbidden of NOT_ON_MARKETING) expect(loadedSources).not.toContain(forbidden);
      // supabase-js has no module of its own in the manifest; its code would sit in a loaded chunk.
      const loadedCode = [...chunks].map((key) => readFileSync(path.join(outDir, manifest[key]!.file), 'utf8')).join('\n');
      expect(loadedCode).not.toContain('@supabase/auth-js');
      expect(loadedCode).not.toMatch(/supabase-js\/\d/);
    },
  );
});
