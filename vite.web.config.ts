import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  root: rendererDir,
  base: '/',
  plugins: [react(), forbidServerImports()],
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
    rolldownOptions: {
      output: {
        // Libraries change less often than app code: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'mantine', test: /node_modules[\\/]@mantine/ },
            { name: 'supabase', test: /node_modules[\\/]@supabase/ },
            { name: 'vendor', test: /node_modules/ },
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
