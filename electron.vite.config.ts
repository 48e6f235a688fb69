import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Desktop build: `npm run build:desktop` writes out/main (ESM), out/preload (CommonJS) and
 * out/renderer (the same React app the web build serves).
 */
export default defineConfig({
  main: {
    build: {
      // electron and keytar (a native addon) stay require()d at runtime; everything else is bundled.
      // externalizeDeps only covers `dependencies`; keytar is an optionalDependency (it needs
      // libsecret to build), so it is named here and the main process imports it lazily.
      externalizeDeps: true,
      rolldownOptions: { input: { index: resolve(root, 'src/main/index.ts') }, external: ['keytar'] },
    },
  },
  preload: {
    build: {
      // Sandboxed preloads cannot load ES modules or other files: one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [
      react(),
      {
        // electron-vite forces base './' for file:// loading. The desktop app serves the renderer
        // from the root of app://tracklint instead, and with a browser router a reload on
        // app://tracklint/websites/42 must still find /assets/..., so asset URLs stay absolute.
        name: 'tracklint-absolute-base',
        enforce: 'post',
        config: () => ({ base: '/' }),
      },
    ],
    build: {
      rolldownOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
