import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One data directory for the e2e server, known to the tests too (workers inherit this process's
// environment), so a test can run the operator CLI against the server's embedded database.
const E2E_DATA_DIR = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'tracklint-e2e-')));

const PORT = Number(process.env.E2E_PORT ?? 8797);
// localhost, not 127.0.0.1: the server's public URL (and so the allowed email-link origin) is http://localhost:PORT.
const BASE_URL = `http://localhost:${PORT}`;
// A loopback "customer site" that website-ownership.spec.ts serves on this port; the server fetches
// the verification file from it (DOMAIN_VERIFICATION_HTTP_PORT, development and tests only).
const VERIFY_SITE_PORT = (process.env.E2E_VERIFY_SITE_PORT ??= String(PORT + 1));

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    launchOptions: {
      // Playwright cannot download its own browser here; use the system Chromium.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node tests/e2e/support/e2e-server.mjs',
    url: `${BASE_URL}/health`,
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR, E2E_VERIFY_SITE_PORT: VERIFY_SITE_PORT },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
