// Bundles the server into dist/server/index.mjs; npm packages stay external (installed by npm).
import { build } from 'esbuild';
import { NODE_BUNDLE_OPTIONS, VALIDATION_WORKER_ENTRY } from './bundle-for-node.mjs';

await build({
  entryPoints: ['src/server/index.ts'],
  outfile: 'dist/server/index.mjs',
  ...NODE_BUNDLE_OPTIONS,
  sourcemap: true,
});
await build({
  entryPoints: [VALIDATION_WORKER_ENTRY],
  outfile: 'dist/server/validation-worker.mjs',
  ...NODE_BUNDLE_OPTIONS,
  sourcemap: true,
});
