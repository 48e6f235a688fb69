#!/usr/bin/env node
// Tracklint command line. tsx (a runtime dependency) compiles the TypeScript sources on the fly,
// so `npx tracklint …` works right after `npm install`, without a build step.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli/main.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
