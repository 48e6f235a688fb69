import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

/**
 * `npm run screenshots`: the README's screenshots, taken by scripts/screenshots/screenshots.spec.ts
 * against the real server (the e2e suite's server and browser settings) with a seeded account.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  outputDir: '../../test-results/screenshots',
});
