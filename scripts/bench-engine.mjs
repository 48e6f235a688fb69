// npm run bench:engine: bench/engine.bench.ts bundled as the server is (scripts/bundle-for-node.mjs),
// run with plain Node; BENCH_TSX=1 runs the TypeScript through tsx instead.
import { spawn } from 'node:child_process';
import { bundleForNode } from './bundle-for-node.mjs';

const entry = process.env.BENCH_TSX ? ['--import', 'tsx', 'bench/engine.bench.ts'] : [await bundleForNode('bench/engine.bench.ts', 'engine.bench')];
const child = spawn(process.execPath, [...entry, ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, BENCH_REPO_ROOT: process.cwd() } });
child.on('exit', (code) => process.exit(code ?? 1));
