// `npm start`: builds what is missing or out of date (web app, server bundle), then runs the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => existsSync(input) && newestMtime(input) > built);
}

function run(script) {
  const result = spawnSync('npm', ['run', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale('dist/web/index.html', ['src/renderer', 'src/shared'])) run('build:web');
if (isStale('dist/server/index.mjs', ['src/server', 'src/shared']) || isStale('dist/server/validation-worker.mjs', ['src/server', 'src/shared'])) run('build:server');

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--enable-source-maps', 'dist/server/index.mjs'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
