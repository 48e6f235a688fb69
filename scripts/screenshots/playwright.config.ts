import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `npm run screenshots`: the README's screenshots, taken by scripts/screenshots/screenshots.spec.ts
 * against the real server (the e2e suite's server and browser settings) with a seeded account.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  outputDir: '../../test-results/screenshots',
  // The e2e server command is relative to the repository root, not to this folder.
  webServer: base.webServer && !Array.isArray(base.webServer) ? { ...base.webServer, cwd: repoRoot } : base.webServer,
});
