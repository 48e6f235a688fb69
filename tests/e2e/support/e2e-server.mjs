// Starts the real Tracklint server for the e2e run with a fresh data directory (its own
// embedded Postgres), serving the built web app from dist/web. Removes the directory on exit.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'tracklint-e2e-'));
// mkdtemp makes the directory 0700; when running as root the embedded Postgres runs as the
// `postgres` user, which must be able to enter it to reach its cluster directory.
chmodSync(dataDir, 0o755);
// Billing runs against a local Stripe stand-in (see server-with-stripe.ts).
const child = spawn('npx', ['tsx', 'tests/e2e/support/server-with-stripe.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '8797',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: 'dist/web',
    LOG_LEVEL: 'warn',
    // website-ownership.spec.ts serves the verification file on this loopback port.
    DOMAIN_VERIFICATION_HTTP_PORT: process.env.E2E_VERIFY_SITE_PORT ?? String(Number(process.env.E2E_PORT ?? '8797') + 1),
    // The specs sign up and sign in many users from one address; per-address limits stay on.
    AUTH_RATE_LIMIT_TOKEN_PER_IP: '100000',
    AUTH_RATE_LIMIT_VERIFY_PER_IP: '100000',
    AUTH_RATE_LIMIT_EMAIL_PER_IP: '100000',
    AUTH_RATE_LIMIT_SUPER_ADMIN_PER_IP: '100000',
    // The traffic inventory is written right after each batch commits, so a page reads it as soon as the hits are answered.
    COLLECTOR_INVENTORY_FLUSH_MS: '0',
  },
});

let cleaned = false;
function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dataDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    // Let the server stop its embedded Postgres before the data directory goes away.
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});
