// How the server is bundled for Node (scripts/build-server.mjs), shared with the benches so they
// measure the code production runs rather than tsx's development transform (whose keepNames adds a
// defineProperty to every closure created).
import { build } from 'esbuild';

export const NODE_BUNDLE_OPTIONS = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' };

/** The collector's validation thread: a bundled server starts it from `validation-worker.mjs` beside itself (validation-thread.ts). */
export const VALIDATION_WORKER_ENTRY = 'src/server/collector/validation-worker.ts';

/** Bundles a TypeScript entry to node_modules/.cache/tracklint-bench (inside node_modules, so its imports resolve); returns the file. */
export async function bundleForNode(entry, name) {
  const outfile = `node_modules/.cache/tracklint-bench/${name}.mjs`;
  await build({ ...NODE_BUNDLE_OPTIONS, entryPoints: [entry], outfile });
  return outfile;
}
