import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import { startServer, type RunningServer } from '../../src/server/server';
import { startStripeStandIn, TEST_STRIPE_PRICES, type StripeStandIn } from './stripe-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    serverUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    databaseUrl: string;
    /** The server's JWT secret, for tests that must mint or inspect tokens themselves. */
    jwtSecret: string;
    /** The local Stripe stand-in the server's Stripe SDK talks to, and the webhook signing secret. */
    stripeStandInUrl: string;
    stripeWebhookSecret: string;
  }
}

let running: RunningServer | undefined;
let stripe: StripeStandIn | undefined;
const STRIPE_WEBHOOK_SECRET = 'whsec_tracklint_integration_tests';
let dataDir: string | undefined;

/**
 * One real server with its own embedded Postgres in a fresh temporary data directory,
 * shared by every integration test file. Tests reach it only over HTTP (and, to inspect
 * what was written, through databaseUrl as the superuser).
 */
export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tracklint-it-'));
  stripe = await startStripeStandIn();
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ALERTS_SCHEDULER: 'false',
    // The traffic inventory's counters are written right after each batch commits (not every 5 s),
    // so a test reads them as soon as its hits are answered.
    COLLECTOR_INVENTORY_FLUSH_MS: '0',
    // Every suite signs up and signs in many users from 127.0.0.1; auth-hardening.test.ts starts
    // its own server with strict limits. Per-address limits stay at their defaults.
    AUTH_RATE_LIMIT_TOKEN_PER_IP: '100000', AUTH_RATE_LIMIT_VERIFY_PER_IP: '100000', AUTH_RATE_LIMIT_EMAIL_PER_IP: '100000', AUTH_RATE_LIMIT_SUPER_ADMIN_PER_IP: '100000',
    // Billing on, against the local Stripe stand-in (Stripe's servers are out of reach here).
    STRIPE_SECRET_KEY: 'sk_test_tracklint_stand_in', STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_STARTER: TEST_STRIPE_PRICES.starter, STRIPE_PRICE_PRO: TEST_STRIPE_PRICES.pro, STRIPE_PRICE_ENTERPRISE: TEST_STRIPE_PRICES.enterprise });
  running = await startServer(config, createLogger(config.logLevel));
  project.provide('serverUrl', running.url);
  project.provide('anonKey', running.deps.jwt.anonKey);
  project.provide('serviceRoleKey', running.deps.jwt.serviceRoleKey);
  // The pool's connection string: read-only inspection from tests (e.g. "nothing was written").
  project.provide('jwtSecret', config.jwtSecret);
  project.provide('stripeStandInUrl', stripe.url);
  project.provide('stripeWebhookSecret', STRIPE_WEBHOOK_SECRET);
  project.provide('databaseUrl', (running.deps.db.pool.options as { connectionString: string }).connectionString);
}

export async function teardown() {
  await running?.stop();
  await stripe?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
