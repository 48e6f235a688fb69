// Bundles the server into dist/server/index.mjs; npm packages stay external (installed by npm).
import { build } from 'esbuild';
import { NODE_BUNDLE_OPTIONS } from './bundle-for-node.mjs';

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'dist/server/index.mjs',
  ...NODE_BUNDLE_OPTIONS,
  sourcemap: true,
});
// The collector's validation thread, loaded from beside the server bundle (validation-thread.ts).
await build({
  entryPoints: ['src/server/collector/validation-worker.ts'],
  outfile: 'dist/server/validation-worker.mjs',
  ...NODE_BUNDLE_OPTIONS,
  sourcemap: true,
});
